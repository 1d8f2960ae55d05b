"""A listing's rows carry the fields of state.md beyond the format that the question asks."""

from __future__ import annotations

from pathlib import Path

from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import AccountPayload
from harper_search.catalog import Catalog
from harper_search.listing_engine import ListingEngine


def test_a_lost_deal_row_says_why_when_the_question_asks(tmp_path: Path) -> None:
    folder = tmp_path / "accounts" / "301"
    folder.mkdir(parents=True)
    (folder / "state.md").write_text(
        '---\naccount_id: "301"\nname: Dune Kites\nstage: Closed Lost\n'
        'lost_reason: "Went with Basin Risk Group"\nversion: 0\n---\n# Dune Kites\n',
        encoding="utf-8",
    )
    catalog = Catalog(MemoryRoot(tmp_path))
    catalog.build()
    engine = ListingEngine(catalog)
    account = AccountPayload(account_id="301", account_name="Dune Kites", stage="Closed Lost")
    row = "1. Dune Kites (account 301): Closed Lost"
    asked = engine._with_asked_fields(row, account, "lost accounts, with why")
    assert asked == f"{row}; lost reason: Went with Basin Risk Group"
    assert engine._with_asked_fields(row, account, "which deals are closed") == row
