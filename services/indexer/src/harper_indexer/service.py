"""The indexer service, the only owner of the vector store. ``harper serve indexer``.

Uses Qdrant's embedded engine under ``HARPER_DATA_DIR/index`` unless ``QDRANT_URL`` is set.
At start it reconciles the index with the memory root (only accounts whose version changed are
re-embedded) and reports ready; meanwhile it already applies account events from JetStream
through its durable consumer, which resumes where it stopped after a restart. An event that
fails ``HARPER_INDEXER_MAX_DELIVERIES`` times goes to the dead-letter stream (``dead_letters``).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time

from faststream.middlewares import AckPolicy
from faststream.nats import PullSub
from faststream.nats.annotations import NatsMessage
from nats.errors import Error as NatsError

from harper_common.bus.broker import jetstream
from harper_common.bus.service import BusService
from harper_common.bus.stream import account_stream
from harper_common.memory.paths import MemoryRoot
from harper_common.messages import endpoints, subjects
from harper_common.messages.events import AccountEvent
from harper_common.messages.status import ServiceDetails
from harper_common.settings import HarperSettings
from harper_indexer.account_index import AccountIndex
from harper_indexer.dead_letters import (
    DeadLetterStream,
    JetStreamDelivery,
    PoisonGuard,
    read_summary,
)
from harper_indexer.embedding import make_embedder
from harper_indexer.handlers import IndexHandlers
from harper_indexer.ingest import ingest_memory_root
from harper_indexer.passage_index import PassageIndex
from harper_indexer.passage_store import open_passage_store
from harper_indexer.source_people import source_people
from harper_indexer.store import DEFAULT_DENSE_DIM, open_store
from harper_indexer.worker import IndexWorker

NAME = "indexer"
EVENT_BATCH = 32
"""Account events taken from JetStream per pull: all those already waiting, up to this many."""
EVENT_PULL_WAIT_S = 0.1
"""How long one pull waits for more events once none are waiting. nats-py hands over a
lingering pull's events only when the batch is full or this time is up, so a lone event (an
update someone waits on) is applied up to this late: 1 s here made every update take a
second or more."""
log = logging.getLogger(__name__)


def build(settings: HarperSettings) -> BusService:
    service = BusService(NAME, settings)
    store, store_name = open_store(settings.qdrant_url, settings.index_dir)
    memory = MemoryRoot(settings.mem_root)
    index = AccountIndex(
        store,
        make_embedder(settings.data_dir / "models"),
        people_of=lambda account_id: source_people(memory.account_dir(account_id)),
    )
    worker = IndexWorker()
    passage_store = open_passage_store(
        settings.qdrant_url, settings.index_dir, dense_dim=DEFAULT_DENSE_DIM
    )
    passages = PassageIndex(passage_store, index.embedder, memory)
    handlers = IndexHandlers(index, worker, memory, service.broker, store_name, passages)
    # Look-ups are mostly answered in the event loop without waiting on anything, so each is
    # handled in turn (FastStream's lighter path, ~60 us less per request than concurrently).
    service.serve(endpoints.INDEX_LOOKUP, handlers.lookup, max_workers=1)
    service.serve(endpoints.INDEX_LOOKUP_MANY, handlers.lookup_many, max_workers=1)
    service.serve(endpoints.INDEX_SEARCH, handlers.search)
    service.serve(endpoints.INDEX_SCAN, handlers.scan)
    service.serve(endpoints.INDEX_EMBED, handlers.embed)
    service.serve(endpoints.INDEX_STATUS, handlers.status)
    service.serve(endpoints.INDEX_WAIT, handlers.wait)
    service.serve(endpoints.INDEX_PASSAGES, handlers.passages)
    service.serve(endpoints.INDEX_VERIFY, handlers.verify)
    guard = PoisonGuard(settings.indexer_max_deliveries, DeadLetterStream(service.broker))
    handlers.dead_letters = guard.summary

    async def on_event(event: AccountEvent, message: NatsMessage) -> None:
        await guard.consume(handlers.on_event, event, JetStreamDelivery(message))

    service.broker.subscriber(
        subjects.ACCOUNT_EVENTS_ALL,
        stream=account_stream(),
        durable=subjects.INDEXER_DURABLE,
        pull_sub=PullSub(batch_size=EVENT_BATCH, timeout=EVENT_PULL_WAIT_S),
        ack_policy=AckPolicy.NACK_ON_ERROR,
    )(on_event)

    def health() -> tuple[bool, str]:
        parts = (handlers.state.detail, guard.summary.describe())
        return handlers.state.ready, "; ".join(part for part in parts if part)

    service.health_detail = health

    async def status_details() -> ServiceDetails:
        """Its consumer's lag (events not yet applied) and the events it gave up on."""
        try:
            info = await jetstream(service.broker).consumer_info(
                subjects.ACCOUNT_STREAM, subjects.INDEXER_DURABLE
            )
        except (NatsError, TimeoutError) as exc:  # the status answers even without JetStream
            return ServiceDetails(
                dead_letters=guard.summary.count, notes=[f"consumer lag unknown: {exc!r}"]
            )
        return ServiceDetails(
            consumer_lag=info.num_pending + info.num_ack_pending,
            dead_letters=guard.summary.count,
        )

    service.status_details = status_details

    async def restore_dead_letters() -> None:
        guard.restore(await read_summary(jetstream(service.broker)))

    async def reconcile() -> None:
        handlers.state.detail = "indexing the memory root"
        await worker.run(index.embedder.load)

        def progress(done: int, total: int) -> None:
            handlers.state.indexed = done
            handlers.state.detail = f"indexing the memory root: {done}/{total}"

        report = await worker.run(
            lambda: ingest_memory_root(settings.mem_root, index, progress=progress)
        )
        handlers.state.ready = True
        handlers.state.detail = report.summary()
        log.info("index ready: %s", report.summary())
        await fill_passages()

    async def fill_passages() -> None:
        """Every account's passages, an account per turn of the worker and only while no
        question or account event waits for it (``run_in_background``); an account asked
        about meanwhile is done on demand."""
        started = time.perf_counter()
        ids = memory.account_ids()
        for done, account_id in enumerate(ids, start=1):
            await worker.run_in_background(functools.partial(_fill, passages, account_id))
            handlers.state.passages = f"passages: {done}/{len(ids)} accounts"
        passages.fill_complete = True
        seconds = time.perf_counter() - started
        handlers.state.passages = (
            f"passages: {len(ids)} accounts, {passages.embedded} embedded in {seconds:.1f} s"
        )
        log.info("%s", handlers.state.passages)

    async def close() -> None:
        await worker.run(store.close)
        await worker.run(passage_store.close)
        worker.close()

    service.on_start.append(restore_dead_letters)
    service.on_start.append(reconcile)
    service.on_stop.append(close)
    return service


def _fill(passages: PassageIndex, account_id: str) -> None:
    if account_id not in passages.done:  # a question or an event may have done it already
        passages.refresh(account_id)


async def serve(settings: HarperSettings, stop: asyncio.Event) -> None:
    await build(settings).run(stop)
