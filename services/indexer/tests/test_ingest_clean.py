"""``harper ingest --clean`` rebuilds from the files: both collections emptied first, the
accounts indexed again from the memory root (the passages are refilled by the indexer)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from harper_common.demo import generate_demo
from harper_common.settings import HarperSettings
from harper_indexer import ingest_command
from harper_indexer.hash_embedder import WordHashEmbedder
from harper_indexer.passage_store import PassagePoint, open_passage_store
from harper_indexer.sparse import SparseVec
from harper_indexer.store import DEFAULT_DENSE_DIM


def test_a_clean_ingest_empties_the_passages_and_reindexes_the_accounts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mem = tmp_path / "mem"
    generate_demo(mem, accounts=3, seed=5, as_of=date(2026, 11, 22), truth_path=tmp_path / "t.json")
    settings = HarperSettings(mem_root=mem, data_dir=tmp_path / "data")
    monkeypatch.setattr(ingest_command, "make_embedder", lambda _: WordHashEmbedder())
    passages = open_passage_store(None, settings.index_dir, dense_dim=DEFAULT_DENSE_DIM)
    stale = PassagePoint(
        point_id="00000000-0000-0000-0000-000000000001",
        dense=[1.0] + [0.0] * (DEFAULT_DENSE_DIM - 1),
        lexical=SparseVec(indices=(1,), values=(1.0,)),
        payload={"account_id": "99999", "text": "a passage of an account long gone"},
    )
    passages.upsert([stale])
    assert passages.count() == 1
    passages.close()

    first = ingest_command.run_ingest(settings, mem, clean=False)
    again = ingest_command.run_ingest(settings, mem, clean=True)

    assert (first.indexed, again.indexed, again.accounts) == (3, 3, 3)  # clean: all again
    reopened = open_passage_store(None, settings.index_dir, dense_dim=DEFAULT_DENSE_DIM)
    try:
        assert reopened.count() == 0
    finally:
        reopened.close()
