"""The generated question sets against a freshly generated demo book (seed 7, 200 accounts)."""

from __future__ import annotations

from collections import Counter
from datetime import date
from pathlib import Path

import pytest
from harper_eval.questions_intent import ROUTED, build_intent_probes
from harper_eval.questions_search import SearchQuestion, build_search_questions, expected_accounts
from harper_eval.truth import AccountFacts, Reservation, load_truth, reserve_accounts

from harper_common.demo import generate_demo
from harper_common.demo.truth import GroundTruth
from harper_common.memory import MemoryRoot, read_state

AS_OF = date(2026, 11, 22)


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, GroundTruth]:
    base = tmp_path_factory.mktemp("book")
    generate_demo(base / "mem", accounts=200, seed=7, as_of=AS_OF, truth_path=base / "truth.json")
    return base / "mem", load_truth(base / "truth.json")


@pytest.fixture(scope="module")
def reservation(book: tuple[Path, GroundTruth]) -> Reservation:
    return reserve_accounts(book[1], AS_OF)


@pytest.fixture(scope="module")
def questions(book: tuple[Path, GroundTruth], reservation: Reservation) -> list[SearchQuestion]:
    return build_search_questions(book[1], AS_OF, reserved=reservation.ids)


def test_at_least_150_questions_over_three_levels(questions: list[SearchQuestion]) -> None:
    levels = Counter(q.level for q in questions)
    assert sum(levels.values()) >= 150
    assert min(levels[level] for level in ("L1", "L2", "L3")) >= 40
    assert len({q.id for q in questions}) == len(questions)
    assert len({q.query for q in questions}) >= len(questions) - 5


def test_l1_facts_are_what_state_md_says(
    book: tuple[Path, GroundTruth], questions: list[SearchQuestion]
) -> None:
    memory = MemoryRoot(book[0])
    for q in (q for q in questions if q.level == "L1"):
        assert q.account_id is not None
        text = memory.state_path(q.account_id).read_text(encoding="utf-8")
        state = read_state(memory.state_path(q.account_id), expected_id=q.account_id)
        if q.topic == "stage":
            assert q.facts == (str(state.stage),)
        elif q.topic == "premium":
            assert q.facts == (f"${state.premium:,}",)
        elif q.topic == "last_contact":
            assert q.facts == (str(state.last_contact),)
        else:
            first = q.facts[0] if isinstance(q.facts[0], str) else q.facts[0][0]
            assert first in text, (q, first)


def test_every_l2_required_file_exists_and_states_the_fact(
    book: tuple[Path, GroundTruth], questions: list[SearchQuestion]
) -> None:
    l2 = [q for q in questions if q.level == "L2"]
    assert len({q.topic for q in l2}) >= 10, "L2 should cover most fact kinds"
    for q in l2:
        assert q.needs, q
        for need, fact in zip(q.needs, q.facts, strict=True):
            assert isinstance(fact, str)
            for path in need.any_of:
                assert path.startswith(f"accounts/{q.account_id}/sources/") and path.endswith(
                    "raw.txt"
                )
                assert fact in (book[0] / path).read_text(encoding="utf-8"), (q.id, path)


def test_l3_expected_sets_match_the_state_files(
    book: tuple[Path, GroundTruth], questions: list[SearchQuestion]
) -> None:
    memory = MemoryRoot(book[0])
    accounts = []
    for account_id in memory.account_ids():
        state = read_state(memory.state_path(account_id), expected_id=account_id)
        city, _, region = (state.location or "").rpartition(", ")
        assert state.last_contact is not None
        accounts.append(
            AccountFacts(
                account_id, state.name, str(state.stage), state.industry or "", city, region,
                tuple(state.insurance_types or ()), state.last_contact,
            )
        )  # fmt: skip
    l3 = [q for q in questions if q.level == "L3"]
    assert {"stage,state", "city", "industry", "stage,coverage", "stage,overdue"} <= {
        q.topic for q in l3
    }
    for q in l3:
        assert q.criteria is not None
        recomputed = expected_accounts(q.criteria, accounts, AS_OF)
        assert sorted(a.id for a in recomputed) == sorted(q.expected_ids), q
        assert set(q.facts) == {a.name for a in recomputed}
        assert not set(q.other_names) & set(q.facts)


def test_questions_use_our_own_words_not_the_demo_files(
    book: tuple[Path, GroundTruth], questions: list[SearchQuestion]
) -> None:
    """No question appears in the demo data (summaries, raw text, state, history)."""
    texts = [p.read_text(encoding="utf-8").lower() for p in book[0].rglob("*.md")]
    for q in questions[::4]:
        phrase = q.query.lower().rstrip("?")
        assert not any(phrase in text for text in texts), q.query


def test_search_questions_leave_reserved_accounts_alone(
    questions: list[SearchQuestion], reservation: Reservation
) -> None:
    asked = {q.account_id for q in questions if q.account_id}
    assert not asked & reservation.ids
    assert len(reservation.update) >= 7 and len(reservation.followup) >= 5


def test_intent_probes_cover_every_label(
    book: tuple[Path, GroundTruth], reservation: Reservation
) -> None:
    probes = build_intent_probes(book[1], reservation)
    assert len(probes) >= 200
    assert {p.intent for p in probes} == {"search", "update", "followup", "unclear"}
    assert {p.outcome for p in probes} == {
        *ROUTED, "clarification_needed", "confirmation_required", "vague_update_clarification",
    }  # fmt: skip
    assert len({p.id for p in probes}) == len(probes)


def test_writing_probes_name_only_reserved_accounts(
    book: tuple[Path, GroundTruth], reservation: Reservation
) -> None:
    """An update or follow-up probe never names an account the search set asks about."""
    reserved = {a.name.lower() for a in reservation.intent}
    others = [a.name.lower() for a in book[1].accounts if a.id not in reservation.ids]
    for probe in build_intent_probes(book[1], reservation):
        if probe.outcome in ("updater_agent", "followup_agent", "vague_update_clarification"):
            text = probe.query.lower()
            assert not any(name in text for name in others), probe
            assert any(_names(text, name) for name in reserved), probe


def _names(text: str, name: str) -> bool:
    """The name is in the text as written, or with one letter dropped (a probe's typo)."""
    return name in text or any(name[:i] + name[i + 1 :] in text for i in range(1, len(name)))
