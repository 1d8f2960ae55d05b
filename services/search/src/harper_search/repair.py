"""When the evidence checker sends an answer back: read sources of the accounts it is about."""

from __future__ import annotations

from harper_search.answer_text import quote, where
from harper_search.catalog import Catalog
from harper_search.draft import Draft
from harper_search.passages import passages
from harper_search.session import ToolSession
from harper_search.tool_specs import READ_FILE, ReadFileInput

ACCOUNTS_TO_CHECK = 2


def accounts_of(draft: Draft) -> list[str]:
    """The account ids an answer is about: its own, then those of the files it cites."""
    found = [draft.account_id] if draft.account_id else []
    found += [path.split("/")[1] for path in draft.citations if path.startswith("accounts/")]
    return list(dict.fromkeys(found))


async def read_sources_for(draft: Draft, session: ToolSession, catalog: Catalog) -> None:
    """Read the newest source of the first accounts the answer is about and cite it."""
    for account_id in accounts_of(draft)[:ACCOUNTS_TO_CHECK]:
        card = catalog.get(account_id)
        if card is None or not card.sources or not session.can_call(READ_FILE):
            continue
        path = card.sources[-1]
        result = await session.call(READ_FILE, ReadFileInput(path=path))
        if result is None or result.text is None:
            continue
        body = [p for p in passages(path, result.text) if p.position > 0]
        draft.cite(path)
        if body:
            draft.answer += f"\n- Latest communication: {quote(body[0])} ({where(body[0])})"
