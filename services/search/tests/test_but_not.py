"""A question asking who did one thing but not another lists the accounts whose files say the
first, leaving out those whose files say the second happened."""

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
from harper_search.terms import stem
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox

SKILLS = Path(__file__).resolve().parents[3] / "skills"
WORDS = load_listing_words(load_skills(SKILLS, "search"))
SAID = {
    "52101": "The inspector sent his report on the roof and the sprinklers last week.",
    "52102": "The inspector sent his report, and the carrier declined the risk after reading it.",
}


@pytest.fixture
def memory(tmp_path: Path) -> MemoryRoot:
    return email_book(tmp_path, SAID)


@pytest.mark.anyio
async def test_the_accounts_whose_files_say_the_second_thing_are_left_out(
    memory: MemoryRoot,
) -> None:
    catalog = Catalog(memory)
    catalog.build()
    events = frozenset(stem(word) for word in WORDS.event_words)
    engine = ListingEngine(
        catalog, denials=Denials(WORDS.denial_words, events), event_groups=WORDS.event_groups
    )
    session = ToolSession(Toolbox(memory, SaidBook(SAID), []), new_budget(), NoProgress())
    question = "who got the inspector's report but didn't get declined"
    query = ListingQuery(
        filters=DescriptionFilters(), follow_up=False, quiet_days=None, counting=False,
        free_words="inspector's report didn't declined",
    )  # fmt: skip
    draft = await engine.by_description(session, question, query, date(2026, 11, 2))
    assert "(account 52101)" in draft.answer
    assert "(account 52102)" not in draft.answer  # the carrier declined it
