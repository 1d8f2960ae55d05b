"""Name look-ups remembered between questions, forgotten when the index changes.

Most of a question's decision waits on one `harper.index.lookup_many` round trip, and brokers
ask about the same few accounts all day. `LookupCache` keeps each look-up's answer (per written
name, in its normal form, and limit) in memory: bounded (least recently used out first), each
answer kept at most ``ttl_s``, and all of them dropped when the indexer announces that it
applied a new version of any account (`harper.index.applied.<account_id>`).

Why all of them: a new account, a renamed one or a new person of an account may now be the best
match for names that matched something else, or nothing, before; which names is the index's
business, so one announcement clears every answer. A look-up already on its way when an
announcement arrives is answered but not kept (the generation it started in is over). Each
starter replica has its own cache and hears every announcement itself (no queue group). The TTL
is the safety net for a change that is never announced (an account removed, the indexer's
start-up reconcile, an announcement lost while the starter was reconnecting).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from harper_common.bus.client import BusClient
from harper_common.bus.index_client import IndexClient
from harper_common.messages.index import NameMatch

Clock = Callable[[], float]
Fetch = Callable[[Sequence[str], int], Awaitable[list[list[NameMatch]]]]
Key = tuple[str, int]

NAME_CHARS = 300
"""`IndexClient` sends at most this much of a name; the rest never reaches the index."""


def cache_key(name: str, limit: int) -> Key:
    """A name as the index reads it: cut as it is sent, case and runs of spaces aside (the
    indexer scores a name by its normal form, which is lower case, words split on any space)."""
    return " ".join(name[:NAME_CHARS].split()).lower(), limit


@dataclass
class CacheStats:
    hits: int = 0
    misses: int = 0
    round_trips: int = 0
    """Look-up calls that went to the indexer, each for all of one call's missing names (one
    bus request per `LOOKUP_MANY_BATCH` of them)."""
    invalidations: int = 0
    not_kept: int = 0
    """Answers that arrived after an invalidation they may predate, so were not kept."""

    @property
    def hit_rate(self) -> float:
        asked = self.hits + self.misses
        return self.hits / asked if asked else 0.0

    def describe(self) -> str:
        return (
            f"look-up cache: {self.hits} hits of {self.hits + self.misses} names "
            f"({self.hit_rate:.0%}), {self.round_trips} round trips, "
            f"{self.invalidations} invalidations, {self.not_kept} answers not kept"
        )


@dataclass(frozen=True)
class _Entry:
    matches: tuple[NameMatch, ...]
    expires: float


class LookupCache:
    """Look-up answers by (normal name, limit): LRU-bounded, TTL-bounded, generation-fenced."""

    def __init__(self, max_entries: int = 2048, ttl_s: float = 60.0, clock: Clock = time.monotonic):
        if max_entries < 1 or ttl_s <= 0:
            raise ValueError("a look-up cache holds at least one entry for a positive time")
        self.max_entries = max_entries
        self.ttl_s = ttl_s
        self.clock = clock
        self.generation = 0
        """Bumped by every invalidation; an answer is kept only in the generation it was asked."""
        self.stats = CacheStats()
        self._entries: OrderedDict[Key, _Entry] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, name: str, limit: int) -> list[NameMatch] | None:
        """The kept answer (now the most recently used), or None when unknown or expired."""
        return self._get(cache_key(name, limit))

    def put(self, name: str, limit: int, matches: Sequence[NameMatch], generation: int) -> bool:
        """Keep an answer asked in ``generation``; not kept (False) when that is over."""
        if generation != self.generation:
            self.stats.not_kept += 1
            return False
        key = cache_key(name, limit)
        self._entries[key] = _Entry(tuple(matches), self.clock() + self.ttl_s)
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)
        return True

    def invalidate(self) -> None:
        """Forget every answer, and any answer still on its way."""
        self.generation += 1
        self.stats.invalidations += 1
        self._entries.clear()

    async def lookup_many(
        self, names: Sequence[str], limit: int, fetch: Fetch
    ) -> list[list[NameMatch]]:
        """Each name's matches, in order: the kept answers, and one ``fetch`` for the others
        (each normal form asked once)."""
        keys = [cache_key(name, limit) for name in names]
        known = {key: kept for key in set(keys) if (kept := self._get(key)) is not None}
        unknown: dict[Key, str] = {}  # each normal form asked once, as first written
        for key, name in zip(keys, names, strict=True):
            if key not in known:
                unknown.setdefault(key, name)
        self.stats.hits += sum(key in known for key in keys)
        self.stats.misses += sum(key not in known for key in keys)
        if unknown:
            generation = self.generation
            self.stats.round_trips += 1
            fetched = await fetch(list(unknown.values()), limit)
            for (key, name), matches in zip(unknown.items(), fetched, strict=True):
                known[key] = matches
                self.put(name, limit, matches, generation)
        return [list(known[key]) for key in keys]

    def _get(self, key: Key) -> list[NameMatch] | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        if entry.expires <= self.clock():
            del self._entries[key]
            return None
        self._entries.move_to_end(key)
        return list(entry.matches)


class CachedIndexClient(IndexClient):
    """`IndexClient` whose name look-ups go through a `LookupCache` (everything else as is)."""

    def __init__(self, bus: BusClient, cache: LookupCache) -> None:
        super().__init__(bus)
        self.cache = cache

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        return (await self.lookup_many([name], limit))[0]

    async def lookup_many(self, names: Sequence[str], limit: int = 5) -> list[list[NameMatch]]:
        return await self.cache.lookup_many(names, limit, super().lookup_many)
