"""The starter's look-up cache: kept answers, forgotten on an index change, never kept stale."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from harper_common.bus.client import BusClient
from harper_common.bus.service import BusService
from harper_common.messages.index import NameMatch
from harper_common.settings import HarperSettings
from harper_starter.lookup_cache import CachedIndexClient, LookupCache, cache_key
from harper_starter.service import cached_index
from harper_starter.settings import StarterSettings


class Book:
    """A name index that counts what it is asked: an account matches the names it holds."""

    def __init__(self, accounts: dict[str, str]) -> None:
        self.accounts = accounts
        self.asked: list[list[str]] = []
        self.hold: asyncio.Event | None = None
        """When set, a look-up waits for this event before it answers."""
        self.arrived = asyncio.Event()

    async def lookup_many(self, names: Sequence[str], limit: int) -> list[list[NameMatch]]:
        self.asked.append(list(names))
        answer = [self.matches(name)[:limit] for name in names]
        self.arrived.set()
        if self.hold is not None:  # answered, but the answer is still on its way
            await self.hold.wait()
        return answer

    def matches(self, name: str) -> list[NameMatch]:
        return [
            NameMatch(account_id=account_id, account_name=account_name, score=1.0, exact=True)
            for account_id, account_name in self.accounts.items()
            if name.lower() in account_name.lower()
        ]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.anyio
async def test_a_name_asked_again_is_answered_from_the_cache() -> None:
    book, cache = Book({"1": "Maple Avenue Dental"}), LookupCache()
    first = await cache.lookup_many(["Maple Avenue", "Zinc Works"], 5, book.lookup_many)
    again = await cache.lookup_many(["maple  AVENUE", "Zinc Works"], 5, book.lookup_many)
    assert again == first
    assert [m.account_id for m in first[0]] == ["1"] and first[1] == []
    assert book.asked == [["Maple Avenue", "Zinc Works"]]
    assert (cache.stats.hits, cache.stats.misses, cache.stats.round_trips) == (2, 2, 1)


@pytest.mark.anyio
async def test_only_the_names_not_kept_are_asked_once_each_and_answers_stay_in_order() -> None:
    book, cache = Book({"1": "Maple Avenue Dental", "2": "Harbor Light"}), LookupCache()
    await cache.lookup_many(["Maple"], 5, book.lookup_many)
    found = await cache.lookup_many(["Harbor", "Maple", "harbor"], 5, book.lookup_many)
    assert [[m.account_id for m in matches] for matches in found] == [["2"], ["1"], ["2"]]
    assert book.asked == [["Maple"], ["Harbor"]]


@pytest.mark.anyio
async def test_the_limit_is_part_of_the_question() -> None:
    book, cache = Book({"1": "Maple A", "2": "Maple B"}), LookupCache()
    assert len((await cache.lookup_many(["Maple"], 1, book.lookup_many))[0]) == 1
    assert len((await cache.lookup_many(["Maple"], 5, book.lookup_many))[0]) == 2
    assert len(book.asked) == 2


@pytest.mark.anyio
async def test_an_index_change_forgets_every_answer_a_new_account_is_then_found() -> None:
    book, cache = Book({"1": "Maple Avenue Dental"}), LookupCache()
    assert await cache.lookup_many(["Harbor Light"], 5, book.lookup_many) == [[]]
    book.accounts["2"] = "Harbor Light Bakery"  # created: the indexer announces account 2
    cache.invalidate()
    found = await cache.lookup_many(["Harbor Light", "Maple"], 5, book.lookup_many)
    assert [[m.account_id for m in matches] for matches in found] == [["2"], ["1"]]
    assert len(book.asked) == 2 and cache.stats.invalidations == 1


@pytest.mark.anyio
async def test_a_look_up_in_flight_when_the_index_changes_is_answered_but_not_kept() -> None:
    book, cache = Book({}), LookupCache()
    book.hold = asyncio.Event()
    asking = asyncio.create_task(cache.lookup_many(["Harbor Light"], 5, book.lookup_many))
    await book.arrived.wait()  # the indexer has the question; its answer predates the change
    book.accounts["2"] = "Harbor Light Bakery"
    cache.invalidate()
    book.hold.set()
    assert await asking == [[]]  # the caller gets the answer it asked for
    assert cache.get("Harbor Light", 5) is None  # but it is not kept
    assert cache.stats.not_kept == 1
    book.hold = None
    found = await cache.lookup_many(["Harbor Light"], 5, book.lookup_many)
    assert [m.account_id for m in found[0]] == ["2"]


def test_the_least_recently_used_answer_goes_first_when_the_cache_is_full() -> None:
    cache = LookupCache(max_entries=2)
    match = NameMatch(account_id="1", account_name="Maple", score=1.0)
    for name in ("a", "b"):
        cache.put(name, 5, [match], cache.generation)
    assert cache.get("a", 5) is not None  # "a" used, so "b" is now the oldest
    cache.put("c", 5, [match], cache.generation)
    assert len(cache) == 2
    assert cache.get("b", 5) is None
    assert cache.get("a", 5) is not None and cache.get("c", 5) is not None


def test_an_answer_is_kept_no_longer_than_its_ttl() -> None:
    clock = Clock()
    cache = LookupCache(ttl_s=60.0, clock=clock)
    cache.put("Maple", 5, [], cache.generation)
    clock.now += 59.9
    assert cache.get("Maple", 5) == []
    clock.now += 0.1
    assert cache.get("Maple", 5) is None
    assert len(cache) == 0


def test_a_cache_must_hold_something() -> None:
    with pytest.raises(ValueError):
        LookupCache(max_entries=0)
    with pytest.raises(ValueError):
        LookupCache(ttl_s=0)


@pytest.mark.parametrize(
    "name",
    ["Maple Avenue Dental", "  maple\tAVENUE  dental ", "O'Brien's Café, LLC", "KMA", "x" * 400],
)
def test_names_kept_together_are_names_the_indexer_reads_alike(name: str) -> None:
    """Two names with one key are one name to the indexer, which reads a name as
    ``normalise_name`` of the first 300 characters sent."""
    names = pytest.importorskip("harper_indexer.names")
    key, _ = cache_key(name, 5)
    assert names.normalise_name(key) == names.normalise_name(name[:300])


def test_the_cache_is_on_by_default_and_off_with_no_entries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service = BusService("starter", HarperSettings())
    bus = BusClient(service.broker)
    assert isinstance(cached_index(service, bus, StarterSettings()), CachedIndexClient)
    monkeypatch.setenv("HARPER_STARTER_LOOKUP_CACHE_ENTRIES", "0")
    plain = cached_index(service, bus, StarterSettings())
    assert not isinstance(plain, CachedIndexClient)
