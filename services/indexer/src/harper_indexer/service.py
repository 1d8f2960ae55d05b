"""The indexer service, the only owner of the vector store. ``harper serve indexer``.

Uses Qdrant's embedded engine under ``HARPER_DATA_DIR/index`` unless ``QDRANT_URL`` is set.
At start it reconciles the index with the memory root (only accounts whose version changed are
re-embedded) and reports ready; meanwhile it already applies account events from JetStream
through its durable consumer, which resumes where it stopped after a restart.
"""

from __future__ import annotations

import asyncio
import logging

from faststream.middlewares import AckPolicy
from faststream.nats import PullSub

from harper_common.bus.service import BusService
from harper_common.bus.stream import account_stream
from harper_common.memory.paths import MemoryRoot
from harper_common.messages import subjects
from harper_common.messages.index import (
    EmbedRequest,
    IndexStatusRequest,
    IndexWaitRequest,
    LookupRequest,
    ScanRequest,
    SearchRequest,
)
from harper_common.settings import HarperSettings
from harper_indexer.account_index import AccountIndex
from harper_indexer.embedding import make_embedder
from harper_indexer.handlers import IndexHandlers
from harper_indexer.ingest import ingest_memory_root
from harper_indexer.store import open_store
from harper_indexer.worker import IndexWorker

NAME = "indexer"
log = logging.getLogger(__name__)


def build(settings: HarperSettings) -> BusService:
    service = BusService(NAME, settings)
    store, store_name = open_store(settings.qdrant_url, settings.index_dir)
    index = AccountIndex(store, make_embedder(settings.data_dir / "models"))
    worker = IndexWorker()
    memory = MemoryRoot(settings.mem_root)
    handlers = IndexHandlers(index, worker, memory, service.broker, store_name)
    routes = (
        (subjects.INDEX_LOOKUP, LookupRequest, handlers.lookup),
        (subjects.INDEX_SEARCH, SearchRequest, handlers.search),
        (subjects.INDEX_SCAN, ScanRequest, handlers.scan),
        (subjects.INDEX_EMBED, EmbedRequest, handlers.embed),
        (subjects.INDEX_STATUS, IndexStatusRequest, handlers.status),
        (subjects.INDEX_WAIT, IndexWaitRequest, handlers.wait),
    )
    for subject, request_type, handler in routes:
        service.route(subject, request_type, handler)  # type: ignore[arg-type]
    service.broker.subscriber(
        subjects.ACCOUNT_EVENTS_ALL,
        stream=account_stream(),
        durable=subjects.INDEXER_DURABLE,
        pull_sub=PullSub(batch_size=32, timeout=1.0),
        ack_policy=AckPolicy.NACK_ON_ERROR,
    )(handlers.on_event)
    service.health_detail = lambda: (handlers.state.ready, handlers.state.detail)

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

    async def close() -> None:
        await worker.run(store.close)
        worker.close()

    service.on_start.append(reconcile)
    service.on_stop.append(close)
    return service


async def serve(settings: HarperSettings, stop: asyncio.Event) -> None:
    await build(settings).run(stop)
