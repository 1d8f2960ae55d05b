"""The passage probes of the books: each names an account of its book, and every fact it wants
is written in that account's emails, calls or texts (so a probe never asks the impossible)."""

from __future__ import annotations

from pathlib import Path

import pytest
from harper_eval.books import BOOKS, available_books
from harper_eval.passage_probes import ProbeError, load_probes


def _raw_text(book: str, account_id: str) -> str:
    sources = BOOKS / book / "mem" / "accounts" / account_id / "sources"
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(sources.rglob("raw.txt")))


@pytest.mark.parametrize("book", available_books())
def test_every_fact_a_probe_wants_is_in_its_accounts_files(book: str) -> None:
    probes = load_probes(book)
    assert len({p.id for p in probes}) == len(probes)
    for probe in probes:
        written = " ".join(_raw_text(book, probe.account_id).lower().split())
        assert written, f"{probe.id}: account {probe.account_id} has no sources"
        for fact in probe.facts:
            options = (fact,) if isinstance(fact, str) else fact
            assert any(o.lower() in written for o in options), f"{probe.id}: {fact!r}"


def test_a_malformed_probe_names_its_line(tmp_path: Path) -> None:
    (tmp_path / "kite").mkdir()
    lines = '{"id": "k-1", "account_id": "7", "query": "q", "facts": ["x"]}\n{"id": "k-2"}\n'
    (tmp_path / "kite" / "passage_probes.jsonl").write_text(lines, encoding="utf-8")
    with pytest.raises(ProbeError, match="passage_probes.jsonl:2"):
        load_probes("kite", tmp_path)
    assert load_probes("none", tmp_path) == []
