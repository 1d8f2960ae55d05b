"""The built-in engine: no network, deterministic, extractive. A product mode, not a test double.

- an account in the request (the starter resolved it): levels 1 and 2 (`AccountEngine`);
- a question about many accounts with filters or a follow-up condition: level 3
  (`ListingEngine`);
- otherwise a company named in the question (found with lookup_account), or a text search across
  every account as the last resort.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from harper_common.messages.query import AgentRequest
from harper_search.account_engine import AccountEngine
from harper_search.answer_text import quote, where
from harper_search.catalog import Catalog
from harper_search.draft import Draft
from harper_search.listing_engine import ListingEngine
from harper_search.listing_query import parse_listing
from harper_search.passages import passages
from harper_search.session import ToolSession
from harper_search.spelling import correct_cues
from harper_search.terms import terms, words
from harper_search.tool_specs import (
    LOOKUP_ACCOUNT,
    READ_FILE,
    SEARCH_FILES,
    LookupAccountInput,
    ReadFileInput,
    SearchFilesInput,
)

NAME_MATCH = 0.75
_NAME_NOISE = frozenset({"llc", "inc", "co", "corp", "the", "and", "of", "ltd", "company", "&"})
_QUESTION_NOISE = frozenset(
    "account accounts client clients customer customers which mention mentioned say said".split()
)


class LocalBrain:
    name = "local"

    def __init__(self, catalog: Catalog, known_word: Callable[[str], bool] | None = None) -> None:
        self.catalog = catalog
        self.known_word = known_word
        self.accounts = AccountEngine(known_word)
        self.listings = ListingEngine(catalog)

    async def answer(self, request: AgentRequest, session: ToolSession, today: date) -> Draft:
        question = request.query
        if request.account is not None:
            account = request.account
            await session.think(f"Reading {account.account_name} (account {account.account_id}).")
            return await self.accounts.answer(
                session, account.account_id, account.account_name, question
            )
        listing = parse_listing(correct_cues(question, self.known_word), self.catalog, today)
        if listing.has_conditions:
            await session.think("A question about many accounts: listing every match.")
            return await self.listings.answer(session, listing, today)
        named = await self._named_account(session, question)
        if named is not None:
            account_id, account_name = named
            return await self.accounts.answer(session, account_id, account_name, question)
        await session.think("No account or filter in the question: searching every account.")
        return await self._text_search(session, question)

    async def _named_account(self, session: ToolSession, question: str) -> tuple[str, str] | None:
        asked = set(words(question))
        best: tuple[int, str, str] | None = None
        for card in list(self.catalog.cards.values()):
            name_words = [w for w in words(card.name) if w not in _NAME_NOISE]
            if name_words and all(w in asked for w in name_words):
                if best is None or len(name_words) > best[0]:
                    best = (len(name_words), card.account_id, card.name)
        if best is None:
            return None
        result = await session.call(LOOKUP_ACCOUNT, LookupAccountInput(name=best[2]))
        if result is None or not result.matches:
            return best[1], best[2]
        top = result.matches[0]
        if top.score >= NAME_MATCH:
            return top.account_id, top.account_name
        return None

    async def _text_search(self, session: ToolSession, question: str) -> Draft:
        draft = Draft(answer="")
        query = " ".join(t for t in terms(question) if t not in _QUESTION_NOISE)
        if not query:
            draft.answer = (
                "Which account or which accounts do you mean? The question names neither."
            )
            return draft
        result = await session.call(SEARCH_FILES, SearchFilesInput(query=query, path="accounts"))
        hits = result.hits if result else []
        raws = list(dict.fromkeys(re.sub(r"summary\.md$", "raw.txt", h.path) for h in hits))
        lines: list[str] = []
        for path in [p for p in raws if "/sources/" in p][:4]:
            read = await session.call(READ_FILE, ReadFileInput(path=path))
            if read is None or read.text is None:
                continue
            wanted = set(query.split())
            best = max(
                passages(path, read.text),
                key=lambda p: len(wanted & set(terms(p.text))),
                default=None,
            )
            if best is not None:
                draft.cite(path)
                name = self._name_of(path)
                lines.append(f"- {name}: {quote(best)} ({where(best)})")
        if not lines:
            draft.answer = f"No account file mentions {query!r}."
            return draft
        draft.answer = "\n".join([f"Files that mention {query!r}:", *lines])
        return draft

    def _name_of(self, path: str) -> str:
        account_id = path.split("/")[1]
        card = self.catalog.get(account_id)
        return f"{card.name} (account {account_id})" if card else f"account {account_id}"
