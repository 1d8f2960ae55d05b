"""The demo generator writes a believable, self-consistent, deterministic book of accounts."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cached_property
from pathlib import Path

import pytest

from harper_common.demo import GroundTruth, generate_demo
from harper_common.memory import (
    FOLLOW_UP_RULES,
    AccountState,
    Channel,
    Direction,
    History,
    Stage,
    check_memory,
    parse_history,
    parse_raw,
    parse_state,
    parse_summary,
    render_history,
    render_raw,
    render_state,
    render_summary,
    verify_chain,
)

AS_OF = date(2026, 2, 20)
ACTIVE = (Stage.NEW_LEAD, Stage.INTAKE, Stage.APPLICATION_RECEIVED, Stage.SUBMITTED, Stage.QUOTED)


@dataclass
class Book:
    """A generated memory root and its ground truth, read back through the memory library."""

    root: Path
    truth_path: Path

    @cached_property
    def truth(self) -> GroundTruth:
        return GroundTruth.model_validate_json(self.truth_path.read_text("utf-8"))

    @cached_property
    def folders(self) -> list[Path]:
        return sorted((self.root / "accounts").iterdir())

    def state(self, account_id: str) -> AccountState:
        path = self.root / "accounts" / account_id / "state.md"
        return parse_state(path.read_text("utf-8"), path)

    def history(self, account_id: str) -> History:
        path = self.root / "accounts" / account_id / "history.md"
        return parse_history(path.read_text("utf-8"), path)

    def raw_files(self, account_id: str) -> list[Path]:
        return sorted((self.root / "accounts" / account_id / "sources").glob("*/*/raw.txt"))

    def text(self, relative: str) -> str:
        return (self.root / relative).read_text("utf-8")


def _generate(base: Path, accounts: int, seed: int, workers: int | None = None) -> Book:
    base.mkdir(parents=True, exist_ok=True)
    book = Book(base / "mem", base / "truth.json")
    generate_demo(
        book.root,
        accounts=accounts,
        seed=seed,
        as_of=AS_OF,
        truth_path=book.truth_path,
        workers=workers,
    )
    return book


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return _generate(tmp_path_factory.mktemp("book60"), 60, seed=7)


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return _generate(tmp_path_factory.mktemp("book200"), 200, seed=11)


def _digest(book: Book) -> dict[str, str]:
    files = sorted(p for p in book.root.rglob("*") if p.is_file())
    digests = {p.relative_to(book.root).as_posix(): _sha(p) for p in files}
    digests["<truth>"] = _sha(book.truth_path)
    return digests


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _money(amount: int | float | None) -> str:
    return f"${int(amount or 0):,}"


# --- determinism and refusals ----------------------------------------------------------------


def test_same_inputs_give_the_same_bytes(book: Book, tmp_path: Path) -> None:
    again = _generate(tmp_path / "again", 60, seed=7, workers=2)
    assert _digest(again) == _digest(book)


def test_same_bytes_in_a_fresh_interpreter_with_another_hash_seed(
    book: Book, tmp_path: Path
) -> None:
    script = (
        "import sys; from datetime import date; from pathlib import Path; "
        "from harper_common.demo import generate_demo; "
        "generate_demo(Path(sys.argv[1]), accounts=60, seed=7, as_of=date(2026, 2, 20), "
        "truth_path=Path(sys.argv[2]))"
    )
    root, truth = tmp_path / "mem", tmp_path / "truth.json"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, "-c", script, str(root), str(truth)], check=True, env=env)
    assert _digest(Book(root, truth)) == _digest(book)


def test_another_seed_gives_another_book(book: Book, tmp_path: Path) -> None:
    other = _generate(tmp_path / "other", 60, seed=8)
    assert _digest(other) != _digest(book)
    random_names = {a.name for a in book.truth.accounts[3:]}
    assert random_names != {a.name for a in other.truth.accounts[3:]}


def test_refuses_a_root_that_already_holds_accounts(book: Book, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="already holds accounts"):
        generate_demo(book.root, accounts=5, seed=1, as_of=AS_OF, truth_path=tmp_path / "t.json")


def test_refuses_a_truth_path_inside_the_root(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="outside the memory root"):
        generate_demo(
            tmp_path / "mem",
            accounts=5,
            seed=1,
            as_of=AS_OF,
            truth_path=tmp_path / "mem" / "truth.json",
        )
    assert not (tmp_path / "mem" / "accounts").exists()


def test_reports_what_it_wrote(tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    result = generate_demo(
        tmp_path / "mem",
        accounts=12,
        seed=3,
        as_of=AS_OF,
        truth_path=tmp_path / "truth.json",
        progress=lambda done, total: calls.append((done, total)),
    )
    files = [p for p in (tmp_path / "mem").rglob("*") if p.is_file()]
    assert result.accounts == 12 and result.files == len(files)
    assert sum(result.sources.values()) == len([p for p in files if p.name == "raw.txt"])
    assert calls and calls[-1] == (12, 12)


# --- the files follow the contract -----------------------------------------------------------


def test_memory_check_finds_no_problem(book: Book) -> None:
    report = check_memory(book.root)
    assert report.ok and report.problems == []
    assert report.accounts == 60


def test_every_file_parses_and_renders_back_byte_for_byte(book: Book) -> None:
    for folder in book.folders:
        state = (folder / "state.md").read_text("utf-8")
        assert render_state(parse_state(state)) == state
        history = (folder / "history.md").read_text("utf-8")
        assert render_history(parse_history(history)) == history
        for raw_path in book.raw_files(folder.name):
            channel = Channel.from_folder(raw_path.parent.parent.name)
            raw = raw_path.read_text("utf-8")
            assert render_raw(parse_raw(raw, channel)) == raw
            summary = (raw_path.parent / "summary.md").read_text("utf-8")
            assert render_summary(parse_summary(summary)) == summary


def test_history_chains_are_intact_and_follow_their_sources(book: Book) -> None:
    for account in book.truth.accounts:
        history = book.history(account.id)
        state = book.state(account.id)
        assert verify_chain(history) == []
        assert history.entries[0].previous is None
        assert state.version == len(history.entries)
        assert state.updated_at == history.entries[-1].at
        assert history.entries[-1].changes[0].new_value == state.stage
        for entry in history.entries:
            source = next(d.value for d in entry.details if d.key == "Source")
            assert entry.evidence is not None and entry.evidence.endswith(source)
            raw_path = book.root / "accounts" / account.id / source
            sent = parse_summary((raw_path.parent / "summary.md").read_text("utf-8")).date
            assert entry.at > sent


# --- the fixed accounts ----------------------------------------------------------------------


def test_maple_avenue_dental_is_exactly_as_specified(book: Book) -> None:
    state = book.state("29041")
    assert state.name == "Maple Avenue Dental" and state.stage is Stage.QUOTED
    assert state.industry == "Dental Practice" and state.location == "Austin, TX"
    assert state.insurance_types == ["Workers' Compensation", "General Liability"]
    assert state.premium == 2600
    assert state.primary_contact is not None
    assert state.primary_contact.name == "Dr. Lisa Reed"
    assert state.primary_contact.email == "lreed@mapleavedental.com"
    assert state.primary_contact.phone == "(512) 555-0134"
    assert state.next_step == "Client confirmation on biBERK quote"
    assert state.pending_actions == ["Client review of emailed quote"]
    assert state.last_contact == AS_OF - timedelta(days=48)
    truth = book.truth.account("Maple Avenue Dental")
    assert truth.carrier == "biBERK" and truth.style.persona == "formal" and truth.overdue
    facts = {(f.kind.value, f.value) for f in truth.facts}
    assert {("quote_amount", "$2,600"), ("carrier", "biBERK")} <= facts


def test_sunny_days_and_cascade_ridge_are_present(book: Book) -> None:
    sunny = book.state("29119")
    assert sunny.name == "Sunny Days Childcare" and sunny.stage is Stage.QUOTED
    assert sunny.location is not None and sunny.location.endswith(", TX")
    assert {"Workers' Compensation", "General Liability", "Abuse & Molestation"} <= set(
        sunny.insurance_types or []
    )
    roofer = book.truth.account("Cascade Ridge Roofing")
    assert roofer.industry == "Roofing Contractor" and roofer.state in ("WA", "OR")
    ids = [a.id for a in book.truth.accounts]
    assert ids.count("29041") == 1 and ids.count("29119") == 1


# --- the book looks like a brokerage ---------------------------------------------------------


def test_every_stage_is_present(book: Book) -> None:
    assert {a.stage for a in book.truth.accounts} == set(Stage)


def test_ids_and_names_are_unique_and_forbidden_names_never_occur(big: Book) -> None:
    ids = [a.id for a in big.truth.accounts]
    assert all(re.fullmatch(r"\d{5}", i) for i in ids) and len(set(ids)) == len(ids)
    keys = [re.sub(r" (llc|inc\.|co\.)$", "", a.name.casefold()) for a in big.truth.accounts]
    assert len(set(keys)) == len(keys)
    forbidden = ("lakeshore pediatrics", "abc security services", "new company llc")
    for path in big.root.rglob("*"):
        if path.is_file():
            text = path.read_text("utf-8").casefold()
            assert not any(name in text for name in forbidden), path


def test_variety_of_trades_places_and_carriers(big: Book) -> None:
    accounts = big.truth.accounts
    assert len({a.industry for a in accounts}) >= 20
    assert len({(a.city, a.state) for a in accounts}) >= 40
    assert len({a.carrier for a in accounts if a.carrier}) >= 8


def test_two_to_eight_sources_in_time_order(book: Book) -> None:
    for account in book.truth.accounts:
        dates = sorted(
            parse_summary((p.parent / "summary.md").read_text("utf-8")).date
            for p in book.raw_files(account.id)
        )
        assert 2 <= len(dates) <= 8
        assert len(set(dates)) == len(dates)
        assert sum(account.sources.values()) == len(dates)


def test_inbound_and_outbound_on_every_channel(big: Book) -> None:
    seen = set()
    for folder in big.folders:
        for raw_path in big.raw_files(folder.name):
            summary = parse_summary((raw_path.parent / "summary.md").read_text("utf-8"))
            seen.add((summary.channel, summary.direction))
    assert seen == {(c, d) for c in Channel for d in Direction}


# --- facts agree across files ----------------------------------------------------------------


def test_every_fact_is_written_verbatim_in_each_of_its_files(big: Book) -> None:
    for account in big.truth.accounts:
        for fact in account.facts:
            assert fact.files, (account.name, fact)
            for relative in fact.files:
                assert relative.startswith(f"accounts/{account.id}/sources/")
                assert fact.value in big.text(relative), (relative, fact)


def test_premium_and_carrier_agree_with_the_quote(big: Book) -> None:
    quoted = 0
    for account in big.truth.accounts:
        state = big.state(account.id)
        assert state.premium == account.premium
        amounts = {f.value for f in account.facts if f.kind == "quote_amount"}
        carriers = {f.value for f in account.facts if f.kind == "carrier"}
        if account.premium is None:
            assert not amounts and account.carrier is None
            continue
        quoted += 1
        assert amounts == {_money(state.premium)}
        assert carriers == {account.carrier}
        assert state.stage is not Stage.QUOTED or account.carrier in (state.next_step or "")
    assert quoted >= 50


def test_missing_documents_are_the_pending_actions(big: Book) -> None:
    checked = 0
    for account in big.truth.accounts:
        if account.stage is not Stage.APPLICATION_RECEIVED:
            continue
        documents = [f.value for f in account.facts if f.kind == "missing_document"]
        assert documents
        pending = " ".join(big.state(account.id).pending_actions or [])
        assert all(doc in pending for doc in documents)
        checked += 1
    assert checked >= 5


def test_last_contact_is_the_newest_source(big: Book) -> None:
    for account in big.truth.accounts:
        newest = max(
            parse_summary((p.parent / "summary.md").read_text("utf-8")).date
            for p in big.raw_files(account.id)
        )
        state = big.state(account.id)
        assert state.last_contact == newest.date() == account.last_contact
        assert account.days_since_contact == (AS_OF - newest.date()).days


def test_a_good_share_of_active_accounts_is_overdue_and_a_good_share_is_not(big: Book) -> None:
    active = [a for a in big.truth.accounts if a.stage in ACTIVE]
    for account in big.truth.accounts:
        after = FOLLOW_UP_RULES[account.stage].after_days
        assert account.overdue == (after is not None and account.days_since_contact > after)
    overdue = [a for a in active if a.overdue]
    assert 0.3 <= len(overdue) / len(active) <= 0.8
    assert sum(a.days_since_contact >= 30 for a in overdue) >= 10


def test_exactly_one_injection_in_an_inbound_email(big: Book) -> None:
    found = [(a, f) for a in big.truth.accounts for f in a.facts if f.kind == "injection"]
    assert len(found) == 1
    account, fact = found[0]
    assert account.name not in ("Maple Avenue Dental", "Sunny Days Childcare")
    assert account.name != "Cascade Ridge Roofing"
    assert "Ignore previous instructions" in fact.value
    (relative,) = fact.files
    assert "/sources/emails/" in relative
    summary = parse_summary(big.text(relative.replace("raw.txt", "summary.md")))
    assert summary.direction is Direction.INBOUND


# --- styles ----------------------------------------------------------------------------------


def test_contacts_write_in_different_styles(big: Book) -> None:
    personas = Counter(a.style.persona for a in big.truth.accounts)
    assert {"formal", "friendly", "casual", "detailed"} <= set(personas)
    for account in big.truth.accounts:
        inbound = _inbound_email_bodies(big, account.id)
        if account.style.persona == "formal":
            assert all(body.startswith("Dear ") for body in inbound)
        if account.style.persona == "casual":
            assert not any("Dear " in body for body in inbound)


def _inbound_email_bodies(book: Book, account_id: str) -> list[str]:
    bodies = []
    for path in book.raw_files(account_id):
        raw = parse_raw(path.read_text("utf-8"), Channel.from_folder(path.parent.parent.name))
        summary = parse_summary((path.parent / "summary.md").read_text("utf-8"))
        if summary.direction is Direction.INBOUND and summary.channel is Channel.EMAIL:
            bodies.append(getattr(raw, "body", ""))
    return bodies


def test_preferred_channel_is_the_most_used(big: Book) -> None:
    texters = [a for a in big.truth.accounts if a.style.preferred_channel is Channel.SMS]
    assert len(texters) >= 10
    for account in big.truth.accounts:
        counts = account.sources
        preferred = counts[account.style.preferred_channel]
        assert all(
            preferred > n for ch, n in counts.items() if ch is not account.style.preferred_channel
        )
    sms = sum(a.sources[Channel.SMS] for a in texters)
    assert sms > sum(sum(a.sources.values()) for a in texters) / 2


def test_summaries_are_proportional_to_their_sources(big: Book) -> None:
    short, long = [], []
    for folder in big.folders:
        for path in big.raw_files(folder.name):
            raw = path.read_text("utf-8")
            body = parse_summary((path.parent / "summary.md").read_text("utf-8")).body
            assert body.strip() and "\n" not in body.strip()
            (short if len(raw) < 450 else long if len(raw) > 1200 else []).append(body)
    assert max(len(b) for b in short) < 400
    assert sum(len(b) for b in long) / len(long) > sum(len(b) for b in short) / len(short)
