"""A listing by what the files say finds every account that says it, also when one account's
files say it far more often than the others' (its passages fill the first places of the search)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from email_books import SaidBook, email_book
from fake_directory import email_hit

from harper_common.bus.progress import NoProgress
from harper_common.messages.index import DescriptionFilters, PassageHit
from harper_search.catalog import Catalog
from harper_search.listing_engine import ListingEngine
from harper_search.listing_query import ListingQuery
from harper_search.session import ToolSession
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox

BUSY = "61001"
QUIET = "61002"
RETELLINGS = 60
"""Sentences of the busy account about the generator, each a passage ranked above the quiet
account's one."""


class RankedBook(SaidBook):
    """Every sentence of the book for any question, the busy account's first (the fake
    directory cuts them to the search's limit, as a passage index does)."""

    def __init__(self, said: dict[str, str], busy: list[str]) -> None:
        super().__init__(said)
        self.busy = busy

    def hits(self, text: str) -> list[PassageHit]:
        hits = [email_hit(BUSY, sentence) for sentence in self.busy]
        return hits + [email_hit(a, s) for a, s in self.said.items() if a != BUSY]


@pytest.mark.anyio
async def test_an_account_saying_it_once_is_listed_beside_one_saying_it_often(
    tmp_path: Path,
) -> None:
    busy = [
        f"Generator check {n}: the backup generator ran for an hour." for n in range(RETELLINGS)
    ]
    said = {BUSY: "\n".join(busy), QUIET: "We put in a backup generator for the cold room."}
    memory = email_book(tmp_path, said)
    catalog = Catalog(memory)
    catalog.build()
    directory = RankedBook(said, busy)
    session = ToolSession(Toolbox(memory, directory, []), new_budget(), NoProgress())
    query = ListingQuery(
        filters=DescriptionFilters(), follow_up=False, quiet_days=None, counting=False,
        free_words="backup generator",
    )  # fmt: skip
    engine = ListingEngine(catalog)
    draft = await engine.by_description(
        session, "who has a backup generator", query, date(2026, 11, 2)
    )
    assert f"(account {BUSY})" in draft.answer
    assert f"(account {QUIET})" in draft.answer, draft.answer
