"""Things of a kind: a question naming a kind of thing ("vehicle") is answered by a sentence
naming one of its members ("a pickup backed into our van"), never the other way round."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from harper_common.skills import SkillError, load_skills
from harper_search.listing_engine import members_of, stemmed_rows
from harper_search.listing_words import load_listing_words, parse_listing_words

if TYPE_CHECKING:
    from conftest import SaidListing

SKILLS = Path(__file__).resolve().parents[3] / "skills"
CATEGORIES = SKILLS / "search/description-search/references/categories.md"
WORDS = load_listing_words(load_skills(SKILLS, "search"))
KINDS = stemmed_rows(WORDS.thing_kinds)
SAID = {
    "54101": "In March a pickup backed into one of our delivery vans in the parking lot.",
    "54102": "We bought a second walk-in cooler for the kitchen in March.",
}


def test_a_kind_reaches_its_members_and_not_the_other_way() -> None:
    assert {"car", "truck", "wagon"} <= members_of({"vehicle"}, KINDS)
    assert members_of({"car"}, KINDS) == set()
    assert members_of({"cooler"}, KINDS) == set()


@pytest.mark.anyio
async def test_a_member_named_in_the_files_answers_the_kind(said_listing: SaidListing) -> None:
    question = "whose vehicle was in a crash"
    answer = await said_listing(SAID, question, question)
    assert "(account 54101)" in answer
    assert "(account 54102)" not in answer


def test_members_are_one_word_each() -> None:
    text = CATEGORIES.read_text()
    assert "| car; cars;" in text
    with pytest.raises(SkillError, match="'pick up' is not one word"):
        parse_listing_words(text.replace("| car; cars;", "| car; pick up;"))


@pytest.mark.anyio
async def test_the_sentence_naming_the_kind_speaks_for_its_account(
    paragraph_listing: SaidListing,
) -> None:
    """The account's closest sentence may tell another loss: a later one naming one of the
    kind's members beside what befell it is the mention, and the account is listed with it."""
    said = {
        "54201": (
            "The claim for water damage to the stockroom was paid in May.\n\n"
            "Later that summer our box van was damaged backing out, a second claim."
        ),
        "54202": "The claim for water damage to the back office was paid in June.",
    }
    question = "did a vehicle get damaged in any claim"
    answer = await paragraph_listing(said, question, "vehicle damaged")
    assert "(account 54201)" in answer and "box van" in answer, answer
    assert "(account 54202)" not in answer, answer
