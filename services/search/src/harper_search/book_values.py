"""The values the book actually holds (industries, lines, stages, cities, states), from the
indexer's payload scan, kept between questions.

Loaded whole on the first listing question. An account event names the account and the version
of state.md after it; that account is scanned again on the next question until the index holds
that version (the event can arrive before the indexer has applied it), so the values follow the
index version by version without rescanning the book.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import anyio

from harper_common.messages.index import AccountPayload, DescriptionFilters
from harper_search.catalog import Catalog

RESCAN_SLICE = 500


class PayloadScan(Protocol):
    """Every payload within filters, however many (``Toolbox.scan_payloads``)."""

    async def scan_payloads(self, filters: DescriptionFilters) -> list[AccountPayload]: ...


@dataclass(frozen=True, kw_only=True)
class AccountValues:
    version: int
    stage: str
    industry: str | None
    city: str | None
    state: str | None
    lines: tuple[str, ...]

    @classmethod
    def of(cls, payload: AccountPayload) -> AccountValues:
        return cls(
            version=payload.version,
            stage=payload.stage,
            industry=payload.industry,
            city=payload.city,
            state=payload.state,
            lines=tuple(payload.insurance_types),
        )


@dataclass(frozen=True, kw_only=True)
class BookVocabulary:
    """Distinct values of the book, sorted."""

    industries: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    stages: tuple[str, ...] = ()
    cities: tuple[str, ...] = ()
    states: tuple[str, ...] = ()
    places: tuple[tuple[str, str | None], ...] = ()
    """Each town with its state, as the accounts' locations write them."""

    @classmethod
    def of(cls, accounts: list[AccountValues]) -> BookVocabulary:
        def distinct(values: list[str | None]) -> tuple[str, ...]:
            return tuple(sorted({v for v in values if v}))

        return cls(
            industries=distinct([a.industry for a in accounts]),
            lines=distinct([line for a in accounts for line in a.lines]),
            stages=distinct([a.stage for a in accounts]),
            cities=distinct([a.city for a in accounts]),
            states=distinct([a.state for a in accounts]),
            places=_places([(a.city, a.state) for a in accounts]),
        )


class BookValues:
    def __init__(self, scan: PayloadScan) -> None:
        self.scan = scan
        self._accounts: dict[str, AccountValues] | None = None
        self._waiting: dict[str, int] = {}
        self._vocabulary = BookVocabulary()
        self._lock = anyio.Lock()

    def changed(self, account_id: str, version: int) -> None:
        """An account event: this account is read again until the index holds ``version``."""
        self._waiting[account_id] = max(version, self._waiting.get(account_id, 0))

    async def vocabulary(self) -> BookVocabulary:
        """The book's values now (BusError when the indexer cannot be asked)."""
        async with self._lock:
            if self._accounts is None:
                found = await self.scan.scan_payloads(DescriptionFilters())
                self._accounts = {p.account_id: AccountValues.of(p) for p in found}
                self._vocabulary = BookVocabulary.of(list(self._accounts.values()))
            elif self._waiting:
                await self._rescan(self._accounts)
            return self._vocabulary

    async def _rescan(self, accounts: dict[str, AccountValues]) -> None:
        waiting = dict(self._waiting)
        ids = sorted(waiting)
        for start in range(0, len(ids), RESCAN_SLICE):
            part = DescriptionFilters(account_id=ids[start : start + RESCAN_SLICE])
            for payload in await self.scan.scan_payloads(part):
                accounts[payload.account_id] = AccountValues.of(payload)
        for account_id, version in waiting.items():
            held = accounts.get(account_id)
            if held is not None and held.version >= version:
                if self._waiting.get(account_id) == version:
                    del self._waiting[account_id]
        self._vocabulary = BookVocabulary.of(list(accounts.values()))


class CatalogBook:
    """The book's values as the search service's catalog holds them (state.md read at start):
    for a local brain built without the indexer's scan (benchmarks, tools)."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    async def vocabulary(self) -> BookVocabulary:
        def distinct(attribute: str) -> tuple[str, ...]:
            return tuple(sorted(self.catalog.values(attribute)))

        cards = self.catalog.cards.values()
        return BookVocabulary(
            industries=distinct("industry"),
            lines=distinct("insurance_types"),
            cities=distinct("city"),
            states=distinct("state"),
            places=_places([(card.city, card.state) for card in cards]),
        )


def _places(pairs: list[tuple[str | None, str | None]]) -> tuple[tuple[str, str | None], ...]:
    """The distinct (town, state) pairs of the accounts that name a town, sorted."""
    return tuple(sorted({(c, s) for c, s in pairs if c}, key=lambda p: (p[0], p[1] or "")))
