"""The indexer's bus handlers: thin translations between messages and the AccountIndex."""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from faststream.nats import NatsBroker

from harper_common.bus.routes import ServiceFailure
from harper_common.memory.files import read_state
from harper_common.memory.paths import MemoryRoot
from harper_common.memory.state import UNVERSIONED
from harper_common.messages.base import ErrorCode
from harper_common.messages.dead_letters import DeadLetterSummary
from harper_common.messages.events import AccountEvent
from harper_common.messages.index import (
    EmbedReply,
    EmbedRequest,
    IndexApplied,
    IndexStatus,
    IndexStatusRequest,
    IndexVerifyReply,
    IndexVerifyRequest,
    IndexWaitRequest,
    LookupManyReply,
    LookupManyRequest,
    LookupReply,
    LookupRequest,
    NameMatch,
    PassagesReply,
    PassagesRequest,
    ScanReply,
    ScanRequest,
    SearchReply,
    SearchRequest,
)
from harper_common.messages.subjects import index_applied_subject
from harper_indexer.account_index import AccountIndex
from harper_indexer.crash_points import CrashPoints
from harper_indexer.passage_index import PassageIndex
from harper_indexer.verify import differences
from harper_indexer.worker import IndexWorker, VersionWaiters

log = logging.getLogger(__name__)

INLINE_NAMES = 4
"""The most names a look-up may ask for and still be answered in the event loop (a few ms at
10k accounts at worst); larger ones go to the worker, as embeddings and writes always do."""


@dataclass
class IndexerState:
    ready: bool = False
    detail: str = "starting"
    indexed: int = 0
    """Accounts indexed so far while the start-up reconcile runs."""
    passages: str = "passages: waiting for the accounts"
    """How far the background passage fill is."""


@contextmanager
def bad_filters() -> Iterator[None]:
    """A filter naming no known stage (or state) is the caller's mistake: bad_request."""
    try:
        yield
    except ValueError as exc:
        raise ServiceFailure(ErrorCode.BAD_REQUEST, f"bad filter: {exc}") from exc


class IndexHandlers:
    def __init__(
        self,
        index: AccountIndex,
        worker: IndexWorker,
        memory: MemoryRoot,
        broker: NatsBroker,
        store_name: str,
        passages: PassageIndex,
    ) -> None:
        self.index = index
        self.worker = worker
        self.memory = memory
        self.broker = broker
        self.store_name = store_name
        self.passage_index = passages
        self.state = IndexerState()
        self.dead_letters = DeadLetterSummary()
        """Replaced by the service with its PoisonGuard's summary."""
        self.waiters = VersionWaiters()
        self.crash_points = CrashPoints()

    async def lookup(self, request: LookupRequest) -> LookupReply:
        matches = await self._lookups([request.name], request.limit)
        return LookupReply(matches=matches[0])

    async def lookup_many(self, request: LookupManyRequest) -> LookupManyReply:
        return LookupManyReply(matches=await self._lookups(request.names, request.limit))

    async def _lookups(self, names: Sequence[str], limit: int) -> list[list[NameMatch]]:
        """Each name's matches: in the event loop when it can be done at once (`_at_once`),
        else all the names in one turn of the worker."""
        found = self._at_once(names, limit)
        if found is None:
            found = await self.worker.run(lambda: [self.index.lookup(n, limit) for n in names])
        return found

    def _at_once(self, names: Sequence[str], limit: int) -> list[list[NameMatch]] | None:
        """The names' matches found right here, saving the worker thread's hop (a look-up is
        ~0.1-0.3 ms at 1k accounts, ~1 ms at 10k); None, for the worker to do, before the index
        is ready, for more than `INLINE_NAMES` names, or while a writer holds the store."""
        if not self.state.ready or len(names) > INLINE_NAMES:
            return None
        found = []
        for name in names:
            matches = self.index.lookup_now(name, limit)
            if matches is None:
                return None
            found.append(matches)
        return found

    async def search(self, request: SearchRequest) -> SearchReply:
        with bad_filters():
            hits = await self.worker.run(
                lambda: self.index.search(request.text, request.filters, request.limit)
            )
        return SearchReply(hits=hits)

    async def scan(self, request: ScanRequest) -> ScanReply:
        with bad_filters():
            accounts = await self.worker.run(
                lambda: self.index.scan(request.filters, request.limit)
            )
            total = len(accounts)
            if request.limit is not None and total >= request.limit:
                total = await self.worker.run(lambda: self.index.count(request.filters))
        return ScanReply(accounts=accounts, total=total)

    async def passages(self, request: PassagesRequest) -> PassagesReply:
        return await self.worker.run(lambda: self.passage_index.search(request))

    async def embed(self, request: EmbedRequest) -> EmbedReply:
        vectors = await self.worker.run(lambda: self.index.embedder.embed(request.texts))
        return EmbedReply(model=self.index.embedder.model_name, vectors=vectors.tolist())

    async def status(self, _: IndexStatusRequest) -> IndexStatus:
        # While the start-up reconcile holds the worker, report its progress instead of queueing.
        count = await self.worker.run(self.index.count) if self.state.ready else self.state.indexed
        return IndexStatus(
            ready=self.state.ready,
            accounts_indexed=count,
            store=self.store_name,
            model=self.index.embedder.model_name,
            detail=self.state.detail,
            passages=self.state.passages,
            dead_letters=self.dead_letters,
        )

    async def verify(self, request: IndexVerifyRequest) -> IndexVerifyReply:
        """Where the index and the files disagree (``harper reindex --verify``)."""
        return await self.worker.run(
            lambda: differences(self.memory, self.index, self.passage_index, request.limit)
        )

    async def wait(self, request: IndexWaitRequest) -> IndexApplied:
        """Once the index holds the version asked (a writer waits on it): background work stays
        off the worker meanwhile, so the reply's description is read at once."""
        async with self.worker.foreground():
            stored = await self.worker.run(lambda: self.index.stored_version(request.account_id))
            known = -1 if stored is None else stored
            applied = known >= request.version or await self.waiters.wait(
                request.account_id, request.version, request.timeout_s, lambda: known
            )
            description = ""
            if applied:
                hits = await self.worker.run(lambda: self.index.payload(request.account_id))
                description = hits.description if hits else ""
        return IndexApplied(
            account_id=request.account_id,
            version=request.version,
            applied=applied,
            description=description,
        )

    async def on_event(self, event: AccountEvent) -> None:
        """Apply one account event: re-read state.md and index it if it is newer."""
        path = self.memory.state_path(event.account_id)
        if not path.exists():
            async with self.worker.foreground():
                await self.worker.run(lambda: self.index.remove(event.account_id))
                await self.worker.run(lambda: self.passage_index.refresh(event.account_id))
            log.info("account %s is gone; removed from the index", event.account_id)
            gone = IndexApplied(
                account_id=event.account_id, version=event.version, applied=True, removed=True
            )
            await self.broker.publish(
                gone.model_dump(mode="json"), index_applied_subject(event.account_id)
            )
            return
        # A malformed state.md raises: the event is retried (the file may be mid-edit), then
        # dead-lettered (PoisonGuard); the index keeps the last good version meanwhile.
        state = read_state(path, event.account_id, missing_version=UNVERSIONED, lenient_stage=True)
        self.crash_points.reached("before-upsert", event.account_id)
        async with self.worker.foreground():  # no background work between the steps
            await self.worker.run(lambda: self.index.upsert_states([state]))
            await self.worker.run(lambda: self.passage_index.refresh(event.account_id))
            self.crash_points.reached("after-upsert", event.account_id)
            payload = await self.worker.run(lambda: self.index.payload(event.account_id))
        await self.waiters.applied(event.account_id, state.version)
        applied = IndexApplied(
            account_id=event.account_id,
            version=state.version,
            applied=True,
            description=payload.description if payload else "",
        )
        await self.broker.publish(
            applied.model_dump(mode="json"), index_applied_subject(event.account_id)
        )
