"""Whose side the person something befell is on: a question naming one side is not answered by
an account whose sentence names only people of the other."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from email_books import SaidBook, email_book

from harper_common.bus.progress import NoProgress
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import DescriptionFilters
from harper_common.skills import load_skills
from harper_search.catalog import Catalog
from harper_search.denials import Denials
from harper_search.listing_engine import ListingEngine
from harper_search.listing_query import ListingQuery
from harper_search.listing_words import load_listing_words
from harper_search.session import ToolSession
from harper_search.sides import Sides
from harper_search.terms import stem
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox

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


@pytest.fixture
def memory(tmp_path: Path) -> MemoryRoot:
    return email_book(tmp_path, SAID)


@pytest.mark.anyio
async def test_a_listing_of_injuries_keeps_to_the_side_asked(memory: MemoryRoot) -> None:
    catalog = Catalog(memory)
    catalog.build()
    events = frozenset(stem(word) for word in WORDS.event_words)
    engine = ListingEngine(
        catalog,
        denials=Denials(WORDS.denial_words, events),
        event_groups=WORDS.event_groups,
        sides=SIDES,
    )
    session = ToolSession(Toolbox(memory, SaidBook(SAID), []), new_budget(), NoProgress())
    question = "which stores had a shopper injured (not staff)"
    query = ListingQuery(
        filters=DescriptionFilters(), follow_up=False, quiet_days=None, counting=False,
        free_words=question,
    )  # fmt: skip
    draft = await engine.by_description(session, question, query, date(2026, 11, 2))
    assert "(account 53102)" in draft.answer
    assert "(account 53101)" not in draft.answer  # an installer of its own
