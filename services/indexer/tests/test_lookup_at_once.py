"""Name look-ups answered in the event loop: the same answers as on the worker thread, and
handed to the worker whenever they cannot be given at once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from faststream.nats import NatsBroker

from harper_common.memory import MemoryRoot
from harper_common.messages.index import LookupManyRequest, LookupRequest
from harper_indexer.account_index import AccountIndex
from harper_indexer.edge_store import EdgeStore
from harper_indexer.handlers import INLINE_NAMES, IndexHandlers
from harper_indexer.passage_index import PassageIndex
from harper_indexer.passage_store import open_passage_store
from harper_indexer.worker import IndexWorker

T = TypeVar("T")

TYPED = [
    "cascade rdge rofing",
    "Maple Ave Dental",
    "Sunny Days",
    "Acme Plumbing",
    "MAD",  # initials: only as written
    "zz",
]


class CountingWorker(IndexWorker):
    """The real worker thread, counting the work handed to it."""

    def __init__(self) -> None:
        super().__init__()
        self.runs = 0
        self.handed_over = asyncio.Event()

    async def run(self, work: Callable[[], T]) -> T:
        self.runs += 1
        self.handed_over.set()
        return await super().run(work)


@pytest.fixture
def worker() -> Iterator[CountingWorker]:
    counting = CountingWorker()
    yield counting
    counting.close()


@pytest.fixture
def handlers(
    demo_index: AccountIndex, worker: CountingWorker, demo_root: Path, tmp_path: Path
) -> Iterator[IndexHandlers]:
    """The indexer's handlers over the demo index, ready (the start-up reconcile is done)."""
    passage_store = open_passage_store(None, tmp_path, dense_dim=demo_index.embedder.dim)
    memory = MemoryRoot(demo_root)
    passages = PassageIndex(passage_store, demo_index.embedder, memory)
    found = IndexHandlers(demo_index, worker, memory, NatsBroker(), "test", passages)
    found.state.ready = True
    yield found
    passage_store.close()


def in_process(index: AccountIndex) -> bool:
    return isinstance(index.store, EdgeStore)


def test_lookup_now_answers_as_lookup_does(demo_index: AccountIndex) -> None:
    for typed in TYPED:
        now = demo_index.lookup_now(typed, 5)
        if in_process(demo_index):
            assert now == demo_index.lookup(typed, 5), typed
        else:
            assert now is None  # a Qdrant server is asked over the network: never from the loop


def test_lookup_now_does_not_wait_for_a_writer(demo_index: AccountIndex) -> None:
    if not in_process(demo_index):  # a Qdrant server has no lock to wait on: never at once
        assert demo_index.lookup_now("Maple Avenue Dental") is None
        return
    store = demo_index.store
    assert isinstance(store, EdgeStore)
    with store._lock:  # as a writer on the worker thread holds it during an upsert
        assert demo_index.lookup_now("Maple Avenue Dental") is None
    assert demo_index.lookup_now("Maple Avenue Dental") == demo_index.lookup("Maple Avenue Dental")


@pytest.mark.anyio
async def test_a_lookup_is_answered_in_the_event_loop_with_the_workers_answer(
    handlers: IndexHandlers, worker: CountingWorker, demo_index: AccountIndex
) -> None:
    for typed in TYPED:
        reply = await handlers.lookup(LookupRequest(name=typed, limit=5))
        assert reply.matches == demo_index.lookup(typed, 5), typed
    many = await handlers.lookup_many(LookupManyRequest(names=TYPED[:INLINE_NAMES], limit=3))
    assert many.matches == [demo_index.lookup(name, 3) for name in TYPED[:INLINE_NAMES]]
    assert worker.runs == (0 if in_process(demo_index) else len(TYPED) + 1)


@pytest.mark.anyio
async def test_many_names_and_a_busy_or_unready_index_go_to_the_worker(
    handlers: IndexHandlers, worker: CountingWorker, demo_index: AccountIndex
) -> None:
    names = TYPED[: INLINE_NAMES + 1]
    many = await handlers.lookup_many(LookupManyRequest(names=names, limit=3))
    assert many.matches == [demo_index.lookup(name, 3) for name in names]
    assert worker.runs == 1

    handlers.state.ready = False  # the start-up reconcile still holds the worker
    reply = await handlers.lookup(LookupRequest(name="Maple Avenue Dental"))
    assert reply.matches == demo_index.lookup("Maple Avenue Dental")
    assert worker.runs == 2

    handlers.state.ready = True
    store = demo_index.store
    if isinstance(store, EdgeStore):
        worker.handed_over.clear()
        with store._lock:  # a writer holds the store: the loop must not wait for it
            asked = asyncio.create_task(handlers.lookup(LookupRequest(name="Maple Avenue Dental")))
            await worker.handed_over.wait()
        assert worker.runs == 3
        reply = await asked
        assert reply.matches == demo_index.lookup("Maple Avenue Dental")
