"""The listing-bound tool: where candidates stand, what is within reach, and its summary."""

from __future__ import annotations

from harper_eval.listing_bound import (
    DESCRIPTIONS,
    NEITHER,
    PASSAGES_BEYOND,
    PASSAGES_LISTED,
    ListingRecord,
    Place,
    places_of,
    report,
    summarise,
)

from harper_search.listing_engine import MENTION_ACCOUNTS


def test_places_rank_accounts_by_their_first_passage_and_keep_description_ranks() -> None:
    owners = ["a", "a", "b", "a", "c"]
    places = places_of(owners, ["c", "d", "c"])
    assert places["a"] == Place(0, None)
    assert places["b"] == Place(1, None)
    assert places["c"] == Place(2, 0)
    assert places["d"] == Place(None, 1)
    assert "e" not in places


def test_a_place_tells_listed_further_down_described_or_none() -> None:
    assert Place(MENTION_ACCOUNTS - 1).bucket == PASSAGES_LISTED
    assert Place(MENTION_ACCOUNTS).bucket == PASSAGES_BEYOND
    assert Place(None, 3).bucket == DESCRIPTIONS
    assert Place().bucket == NEITHER
    assert not Place().candidate


def test_within_reach_needs_a_candidate_for_every_fact() -> None:
    places = {"a": Place(0), "b": Place(None, 2)}
    reached = ListingRecord("q1", False, [{"a"}, {"x", "b"}], [], places)
    missed = ListingRecord("q2", False, [{"a"}, {"x"}], [], places)
    assert reached.within_reach
    assert not missed.within_reach
    assert reached.wanted_buckets() == [PASSAGES_LISTED, DESCRIPTIONS]
    assert missed.wanted_buckets() == [PASSAGES_LISTED, NEITHER]


def test_summary_counts_questions_reach_and_where_wrong_accounts_came_from() -> None:
    places = {"a": Place(0), "b": Place(MENTION_ACCOUNTS + 2), "c": Place(None, 0)}
    records = [
        ListingRecord("q1", True, [{"a"}], [], places),
        ListingRecord("q2", False, [{"b"}, {"z"}], ["c", "a"], places),
    ]
    summary = summarise(records)
    assert (summary.questions, summary.passed, summary.within_reach) == (2, 1, 1)
    assert summary.wanted == {PASSAGES_LISTED: 1, PASSAGES_BEYOND: 1, NEITHER: 1}
    assert summary.wrongly_listed == {DESCRIPTIONS: 1, PASSAGES_LISTED: 1}
    lines = report("book", "dev", summary)
    assert lines[0] == (
        "book dev: 2 questions about many accounts; 1 answered right; 1 within reach "
        "(every account to list is a candidate)"
    )
    assert lines[2].startswith("  accounts listed that must not be (2): ")
