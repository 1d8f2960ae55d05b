"""A question about what happened lists the accounts whose files say it happened, in any of the
words of that happening ("Words of what happened")."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from email_books import SaidBook, email_book

from harper_common.bus.progress import NoProgress
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


async def listed(tmp_path: Path, said: dict[str, str], question: str, free_words: str) -> str:
    """The answer of a listing by what the files say over a book of one sentence per account
    (the skill's words of what happened and of denial, as in production)."""
    memory = email_book(tmp_path, said)
    catalog = Catalog(memory)
    catalog.build()
    events = frozenset(stem(word) for word in WORDS.event_words)
    engine = ListingEngine(
        catalog, denials=Denials(WORDS.denial_words, events), event_groups=WORDS.event_groups
    )
    session = ToolSession(Toolbox(memory, SaidBook(said), []), new_budget(), NoProgress())
    query = ListingQuery(
        filters=DescriptionFilters(), follow_up=False, quiet_days=None, counting=False,
        free_words=free_words,
    )  # fmt: skip
    draft = await engine.by_description(session, question, query, date(2026, 11, 2))
    return draft.answer


@pytest.mark.anyio
async def test_an_injury_told_in_its_own_words_is_someone_hurt(tmp_path: Path) -> None:
    said = {
        "52201": "A guest sprained her ankle on the dock last spring, the carrier paid it.",
        "52202": "The guest cabins need new roofs before the season.",
    }
    answer = await listed(tmp_path, said, "which guest got hurt", "guest hurt")
    assert "(account 52201)" in answer  # "sprained" says it
    assert "(account 52202)" not in answer  # a guest named, nobody hurt


@pytest.mark.anyio
async def test_what_the_question_denies_is_what_the_sentence_must_deny(tmp_path: Path) -> None:
    said = {
        "52301": "Acme Mutual told us they won't renew the shop policy in March.",
        "52302": "Acme Mutual told us the renewal quote is ready.",
    }
    question = "whose carrier told them it won't renew"
    answer = await listed(tmp_path, said, question, "whose carrier told won't renew")
    assert "(account 52301)" in answer  # "told" said plainly, "renew" denied
    assert "(account 52302)" not in answer  # renewing
