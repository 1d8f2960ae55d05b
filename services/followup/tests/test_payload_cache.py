"""The payload cache: loaded once, single accounts refreshed after the indexer announces them,
dropped when gone, and reloaded whole after its maximum age."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from harper_common.memory import MemoryRoot
from harper_common.messages.index import AccountPayload, DescriptionFilters, ScanReply
from harper_followup.payload_cache import CachedPayloads
from harper_followup.scan import CHUNK, IndexPayloads


class Indexer:
    def __init__(self) -> None:
        self.book = {
            "1": AccountPayload(account_id="1", account_name="One", stage="Quoted"),
            "2": AccountPayload(account_id="2", account_name="Two", stage="Intake"),
        }
        self.calls: list[tuple[str, list[str]]] = []

    async def payloads(self, stages: Sequence[str]) -> list[AccountPayload]:
        self.calls.append(("all", list(stages)))
        return [p for p in self.book.values() if not stages or p.stage in stages]

    async def fetch(self, ids: Sequence[str], stages: Sequence[str]) -> list[AccountPayload]:
        self.calls.append(("fetch", list(ids)))
        return [self.book[i] for i in ids if i in self.book]


@pytest.mark.anyio
async def test_loaded_once_then_refreshed_per_account_and_reloaded_when_old() -> None:
    indexer, now = Indexer(), [0.0]
    cache = CachedPayloads(indexer, max_age_s=60, clock=lambda: now[0])
    assert [p.account_id for p in await cache.payloads(["Quoted"])] == ["1"]
    assert [p.account_id for p in await cache.payloads(["Intake", "Quoted"])] == ["1", "2"]
    assert indexer.calls == [("all", [])]

    indexer.book["2"] = indexer.book["2"].model_copy(update={"stage": "Quoted"})
    del indexer.book["1"]
    cache.mark_stale("2")
    cache.mark_stale("1")
    assert [p.account_id for p in await cache.payloads(["Quoted"])] == ["2"]
    assert indexer.calls[-1] == ("fetch", ["1", "2"])

    indexer.book["3"] = AccountPayload(account_id="3", account_name="Three", stage="Quoted")
    assert [p.account_id for p in await cache.payloads(["Quoted"])] == ["2"]  # not announced
    now[0] = 61.0
    assert [p.account_id for p in await cache.payloads(["Quoted"])] == ["2", "3"]
    assert indexer.calls[-1] == ("all", [])


class ScanningIndex:
    """The indexer's INDEX_SCAN as IndexClient.scan answers it, for 2,000 accounts."""

    def __init__(self) -> None:
        self.filters: list[DescriptionFilters] = []

    async def scan(self, filters: DescriptionFilters) -> ScanReply:
        self.filters.append(filters)
        wanted = set(filters.account_id or [])
        accounts = [
            AccountPayload(account_id=i, account_name=f"A{i}", stage="Quoted")
            for i in sorted(wanted)
        ]
        return ScanReply(accounts=accounts, total=len(accounts))


@pytest.mark.anyio
async def test_the_indexer_is_asked_in_chunks_of_account_ids(tmp_path: Path) -> None:
    for number in range(2000):
        (tmp_path / "accounts" / str(10000 + number)).mkdir(parents=True)
    index = ScanningIndex()
    source = IndexPayloads(index, MemoryRoot(tmp_path))  # type: ignore[arg-type]
    found = await source.payloads(["Quoted"])
    assert len(found) == 2000
    assert sorted(len(f.account_id or []) for f in index.filters) == [400, CHUNK, CHUNK]
    assert all(f.stage == ["Quoted"] for f in index.filters)
    await source.payloads([])
    assert index.filters[-1].stage is None
