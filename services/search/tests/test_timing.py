"""When a thing falls against a time the question names: a sentence tying that time to another
relation (before it, not during it) does not say what the question asks."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from harper_common.skills import load_skills
from harper_search.listing_words import load_listing_words
from harper_search.timing import Timing

if TYPE_CHECKING:
    from conftest import SaidListing

SKILLS = Path(__file__).resolve().parents[3] / "skills"
TIMING = Timing(load_listing_words(load_skills(SKILLS, "search")).time_relations)
SAID = {
    "54101": "The owners will mull the renewal over the New Year and call us on the 6th.",
    "54102": "She has to sign the renewal before the New Year or the rate goes up.",
    "54103": "They start the second crew after the New Year.",
}


def test_a_time_tied_to_another_relation_contradicts() -> None:
    asked = TIMING.ties("which owners are thinking it over during the new year")
    assert TIMING.contradicts(asked, SAID["54102"])  # before it
    assert TIMING.contradicts(asked, SAID["54103"])  # after it
    assert not TIMING.contradicts(asked, SAID["54101"])  # over it: the same relation
    assert not TIMING.contradicts(asked, "Happy New Year to the whole crew!")  # no relation


def test_two_words_that_may_tie_a_place_do_not_decide() -> None:
    asked = TIMING.ties("who had a ladder fall over the railing")
    assert not TIMING.contradicts(asked, "A ladder slid through the railing and fell.")
    assert TIMING.contradicts(TIMING.ties("who renews by the audit"), "after the audit, renew")
    assert not TIMING.contradicts(frozenset(), SAID["54102"])


@pytest.mark.anyio
async def test_a_listing_keeps_to_the_relation_of_time_asked(said_listing: SaidListing) -> None:
    question = "who is deciding on the renewal over the new year"
    answer = await said_listing(SAID, question, "deciding renewal new year")
    assert "(account 54101)" in answer
    assert "(account 54102)" not in answer  # before the New Year
    assert "(account 54103)" not in answer  # after it
