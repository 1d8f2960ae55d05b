"""On a real NATS: a name the starter looked up and did not find is found once the indexer
announces the new account, by every starter replica (each hears the announcement itself)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from pydantic import SecretStr

from harper_common.bus.client import BusClient
from harper_common.bus.service import BusService
from harper_common.messages import endpoints
from harper_common.messages.index import (
    IndexApplied,
    LookupManyReply,
    LookupManyRequest,
    NameMatch,
)
from harper_common.messages.subjects import index_applied_subject
from harper_common.settings import HarperSettings
from harper_starter.lookup_cache import CachedIndexClient, LookupCache
from harper_starter.service import follow_index


class WatchedCache(LookupCache):
    """A look-up cache that says when it forgot its answers."""

    def __init__(self) -> None:
        super().__init__()
        self.forgot = asyncio.Event()

    def invalidate(self) -> None:
        super().invalidate()
        self.forgot.set()


class FakeIndexer:
    """Answers name look-ups from a dict of accounts and announces the accounts it adds."""

    def __init__(self, settings: HarperSettings) -> None:
        self.service = BusService("indexer", settings)
        self.applied = 0
        self.accounts: dict[str, str] = {"101": "Maple Avenue Dental"}
        self.asked = 0
        self.service.serve(endpoints.INDEX_LOOKUP_MANY, self.lookup_many)

    async def lookup_many(self, request: LookupManyRequest) -> LookupManyReply:
        self.asked += 1
        return LookupManyReply(matches=[self.matches(name) for name in request.names])

    def matches(self, name: str) -> list[NameMatch]:
        return [
            NameMatch(account_id=account_id, account_name=account_name, score=1.0, exact=True)
            for account_id, account_name in self.accounts.items()
            if account_name.lower() == name.lower()
        ]

    async def create(self, account_id: str, name: str) -> None:
        self.accounts[account_id] = name
        self.applied += 1
        applied = IndexApplied(account_id=account_id, version=self.applied, applied=True)
        await self.service.broker.publish(
            applied.model_dump(mode="json"), index_applied_subject(account_id)
        )


@pytest.fixture
async def indexer(nats_url: str) -> AsyncIterator[FakeIndexer]:
    fake = FakeIndexer(HarperSettings(nats_url=nats_url))
    await fake.service.broker.start()
    yield fake
    await fake.service.broker.stop()


async def starter_replica(
    settings: HarperSettings,
) -> tuple[BusService, WatchedCache, CachedIndexClient]:
    """The starter's index client and its announcement listener, as `service.build` wires them."""
    service = BusService("starter", settings)
    cache = WatchedCache()
    follow_index(service, cache)
    await service.broker.start()
    return service, cache, CachedIndexClient(BusClient(service.broker, timeout_s=5.0), cache)


@pytest.mark.anyio
async def test_a_new_account_is_found_by_every_replica_once_its_index_change_is_announced(
    nats_url: str, indexer: FakeIndexer
) -> None:
    replicas = [await starter_replica(HarperSettings(nats_url=nats_url)) for _ in range(2)]
    try:
        for _, _, index in replicas:  # a miss, then the same miss kept
            assert await index.lookup_many(["Harbor Light Bakery"]) == [[]]
            assert await index.lookup_many(["Harbor Light Bakery"]) == [[]]
        assert indexer.asked == 2

        await indexer.create("102", "Harbor Light Bakery")
        for _, cache, index in replicas:
            await asyncio.wait_for(cache.forgot.wait(), timeout=10)
            found = await index.lookup_many(["Harbor Light Bakery"])
            assert [m.account_id for m in found[0]] == ["102"]
        assert indexer.asked == 4
    finally:
        for service, _, _ in replicas:
            await service.broker.stop()


def as_user(url: str, passwords: dict[str, str], user: str) -> HarperSettings:
    return HarperSettings(nats_url=url, nats_user=user, nats_password=SecretStr(passwords[user]))


@pytest.mark.anyio
async def test_the_starter_user_may_hear_the_indexer_announce_a_change(
    secured: tuple[str, dict[str, str]],
) -> None:
    url, passwords = secured
    indexer = FakeIndexer(as_user(url, passwords, "indexer"))
    await indexer.service.broker.start()
    service, cache, index = await starter_replica(as_user(url, passwords, "starter"))
    try:
        assert await index.lookup_many(["Harbor Light Bakery"]) == [[]]
        await indexer.create("102", "Harbor Light Bakery")
        await asyncio.wait_for(cache.forgot.wait(), timeout=10)
        found = await index.lookup_many(["Harbor Light Bakery"])
        assert [m.account_id for m in found[0]] == ["102"]
    finally:
        await service.broker.stop()
        await indexer.service.broker.stop()
