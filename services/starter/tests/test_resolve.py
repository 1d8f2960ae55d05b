"""Name resolution against the index: the best match, ties, and a known name at the start."""

from __future__ import annotations

import pytest

from harper_common.messages.index import NameMatch
from harper_starter.resolve import resolve_by_name

BOOK = {"101": "Caldwell CPA", "102": "Maple Avenue Dental", "103": "Maple Avenue Dental Group"}


class WordIndex:
    """Scores a name by the share of its words an account shares; records what was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        self.asked.append(name)
        words = name.lower().split()
        matches = []
        for account_id, account_name in BOOK.items():
            known = account_name.lower().split()
            score = 0.9 * len(set(words) & set(known)) / max(len(words), len(known))
            if score:
                exact = words == known
                matches.append(
                    NameMatch(
                        account_id=account_id,
                        account_name=account_name,
                        score=1.0 if exact else score,
                        exact=exact,
                    )
                )
        return sorted(matches, key=lambda m: -m.score)[:limit]


@pytest.mark.anyio
async def test_known_name_at_the_start_of_the_written_span_is_the_account() -> None:
    index = WordIndex()
    resolution = await resolve_by_name(index, ["Caldwell CPA located"])  # type: ignore[arg-type]
    assert resolution.account is not None
    assert resolution.account.account_id == "101"
    assert index.asked == ["Caldwell CPA located", "Caldwell CPA"]


@pytest.mark.anyio
async def test_a_new_name_is_not_cut_down_to_a_known_one_word() -> None:
    resolution = await resolve_by_name(WordIndex(), ["Caldwell Bakery"])  # type: ignore[arg-type]
    assert resolution.account is None
    assert resolution.written_name == "Caldwell Bakery"


@pytest.mark.anyio
async def test_at_most_two_trailing_words_are_dropped() -> None:
    index = WordIndex()
    written = "Maple Avenue Dental office front desk"
    resolution = await resolve_by_name(index, [written])  # type: ignore[arg-type]
    assert resolution.account is None
    assert index.asked == [
        written,
        "Maple Avenue Dental office front",
        "Maple Avenue Dental office",
    ]


@pytest.mark.anyio
async def test_the_exact_name_wins_over_a_longer_one() -> None:
    resolution = await resolve_by_name(WordIndex(), ["Maple Avenue Dental"])  # type: ignore[arg-type]
    assert resolution.account is not None
    assert resolution.account.account_name == "Maple Avenue Dental"
