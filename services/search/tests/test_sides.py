"""Whose side the person something befell is on: a question naming one side is not answered by
an account whose sentence names only people of the other."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from harper_common.skills import load_skills
from harper_search.listing_words import load_listing_words
from harper_search.sides import Sides

if TYPE_CHECKING:
    from conftest import SaidListing

SKILLS = Path(__file__).resolve().parents[3] / "skills"
WORDS = load_listing_words(load_skills(SKILLS, "search"))
SIDES = Sides(WORDS.sides)
SAID = {
    "53101": "One of our installers was injured when he fell off a ladder in May.",
    "53102": "In May a shopper slipped on the wet floor by the register and was injured.",
}


def test_a_sentence_naming_only_the_other_side_is_told_apart() -> None:
    asked = "which stores had a customer get hurt"
    assert SIDES.only_the_other(asked, SAID["53101"])
    assert not SIDES.only_the_other(asked, SAID["53102"])
    assert not SIDES.only_the_other(asked, "Someone broke a wrist in May.")  # neither side
    both = "anyone whose staff or customers got hurt"
    assert not SIDES.only_the_other(both, SAID["53101"])
    assert SIDES.named("the truck backed into a customer's gate") == {"served"}
    assert SIDES.named("a girl in the Saturday class sprained her ankle") == {"served"}


@pytest.mark.anyio
async def test_a_listing_of_injuries_keeps_to_the_side_asked(said_listing: SaidListing) -> None:
    question = "which stores had a shopper injured (not staff)"
    answer = await said_listing(SAID, question, question)
    assert "(account 53102)" in answer
    assert "(account 53101)" not in answer  # an installer of its own


@pytest.mark.anyio
async def test_an_aside_after_the_question_leaves_its_side_out(said_listing: SaidListing) -> None:
    question = "what stores saw a worker of theirs injured while working? not customers"
    answer = await said_listing(SAID, question, question)  # every word of it left to search
    assert "(account 53101)" in answer
    assert "(account 53102)" not in answer  # a shopper: the side left out
