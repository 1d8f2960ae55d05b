"""The index payloads kept in the follow-up service between scans, so a scan of 10,000 accounts
is a pass over memory instead of twenty-five requests to the indexer.

Loaded whole on first use; the indexer's ``index.applied.<account>`` announcements mark single
accounts stale (refetched on the next scan, dropped when gone); a full reload after ``max_age``
covers announcements missed (core NATS does not keep them) and accounts removed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

import anyio

from harper_common.messages.index import AccountPayload

ALL_STAGES: tuple[str, ...] = ()
"""Ask the indexer for every stage (the cache holds them all; a stage can change)."""


class PayloadFetcher(Protocol):
    """The indexer's payloads: all of them, or some accounts' (``scan.IndexPayloads``)."""

    async def payloads(self, stages: Sequence[str]) -> list[AccountPayload]: ...

    async def fetch(self, ids: Sequence[str], stages: Sequence[str]) -> list[AccountPayload]: ...


class CachedPayloads:
    def __init__(
        self,
        source: PayloadFetcher,
        max_age_s: float = 300.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.source = source
        self.max_age_s = max_age_s
        self.clock = clock
        self._by_id: dict[str, AccountPayload] | None = None
        self._loaded_at = 0.0
        self._stale: set[str] = set()
        self._lock = anyio.Lock()

    def mark_stale(self, account_id: str) -> None:
        self._stale.add(account_id)

    async def payloads(self, stages: Sequence[str]) -> list[AccountPayload]:
        async with self._lock:
            by_id = await self._fresh()
        wanted = set(stages)
        return [payload for payload in by_id.values() if payload.stage in wanted]

    async def reload(self) -> int:
        """Load every payload now (the service does it in the background); how many."""
        async with self._lock:
            return len(await self._load())

    async def _load(self) -> dict[str, AccountPayload]:
        self._stale.clear()
        loaded = await self.source.payloads(ALL_STAGES)
        self._by_id = {payload.account_id: payload for payload in loaded}
        self._loaded_at = self.clock()
        return self._by_id

    async def _fresh(self) -> dict[str, AccountPayload]:
        if self._by_id is None or self.clock() - self._loaded_at >= self.max_age_s:
            return await self._load()
        if self._stale:
            ids, self._stale = sorted(self._stale), set()
            found = {p.account_id: p for p in await self.source.fetch(ids, ALL_STAGES)}
            for account_id in ids:
                if account_id in found:
                    self._by_id[account_id] = found[account_id]
                else:
                    self._by_id.pop(account_id, None)
        return self._by_id
