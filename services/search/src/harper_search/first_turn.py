"""The Claude brain's first message: the question, and what the model would otherwise fetch with
its first tool calls (issue: a lean first turn, so fewer requests re-send the prefix).

- One account (the starter resolved it): its brief (`account_brief`: state.md and the source
  list) and, when the question is not about a field state.md holds, the passages of that
  account's sources that read closest to it (one ``search_files`` call made for the model).
- Many accounts: when the local listing reader finds filters in the question (a stage, a state,
  a line of coverage, …), the accounts they keep (one ``search_descriptions`` call made for the
  model), with how the question was read, so the model can list again if it reads it otherwise.

Calls made here go through the session like the model's own: charged to the budget, shown as
progress, and what they return is recorded the same way (listed accounts may be cited by their
state.md; passages are not a read of their file, so the evidence rule is unchanged).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Protocol

from harper_common.bus.client import BusError
from harper_common.memory.paths import ACCOUNTS
from harper_common.messages.query import AgentRequest
from harper_search.account_brief import account_brief
from harper_search.claude_prompt import question_message
from harper_search.listing_query import ListingQuery
from harper_search.question_cues import without_name
from harper_search.session import ToolSession
from harper_search.tool_specs import (
    SEARCH_DESCRIPTIONS,
    SEARCH_FILES,
    SearchDescriptionsInput,
    SearchFilesInput,
)
from harper_search.toolbox import listing_text

BRIEF_PASSAGES = 3
"""Passages handed over with a one-account question (the closest few; search_files finds more)."""
BRIEF_LISTING = 60
"""Accounts of a listing handed over in full; past that, the count and the first ones."""


class QuestionFilters(Protocol):
    """Reads a question about many accounts into filters (`ListingReader` is one)."""

    async def read(
        self, question: str, today: date | None = None, by_meaning: bool = True
    ) -> ListingQuery: ...


class FirstTurn:
    """Builds the first message of a question for the Claude brain."""

    def __init__(
        self,
        filters: QuestionFilters | None = None,
        asks_state_field: Callable[[str], bool] | None = None,
    ) -> None:
        self.filters = filters
        self.asks_state_field = asks_state_field or (lambda _question: False)

    async def message(self, request: AgentRequest, session: ToolSession, today: date) -> str:
        """The question, after whatever was fetched for it."""
        parts: list[str] = []
        if request.account is not None:
            brief = await account_brief(session.toolbox, request.account, session.log)
            parts.append(brief)
            if brief and not self.asks_state_field(request.query):
                parts.append(await self._passages(request, session))
        elif request.intent.cross_account and self.filters is not None:
            parts.append(await self._listing(request.query, session, today))
        parts.append(question_message(request.query))
        return "\n\n".join(part for part in parts if part)

    async def _passages(self, request: AgentRequest, session: ToolSession) -> str:
        assert request.account is not None
        asked = without_name(request.query, request.account.account_name) or request.query
        args = SearchFilesInput(
            query=asked[:300],
            path=f"{ACCOUNTS}/{request.account.account_id}",
            limit=BRIEF_PASSAGES,
        )
        result = await session.call(SEARCH_FILES, args)
        if result is None or result.is_error or not result.hits:
            return ""
        return (
            "Passages of its sources closest to the question (search_files; read a file "
            f"before quoting it):\n<passages>\n{result.content}\n</passages>"
        )

    async def _listing(self, question: str, session: ToolSession, today: date) -> str:
        assert self.filters is not None
        try:
            query = await self.filters.read(question, today, by_meaning=True)
        except BusError:  # the index cannot be asked now; the model can list with its tools
            return ""
        if query.filters.is_empty():
            return ""
        args = SearchDescriptionsInput(text="", filters=query.filters, limit=None)
        result = await session.call(SEARCH_DESCRIPTIONS, args)
        if result is None or result.is_error:
            return ""
        said = query.filters.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
        readings = "".join(f"\n(Read {reading}.)" for reading in query.readings)
        return (
            f"Listed for you with search_descriptions, filters {said}{readings} (list again "
            "if the question means otherwise; other conditions of the question are not "
            "applied):\n" + listing_text(result.accounts, most=BRIEF_LISTING)
        )
