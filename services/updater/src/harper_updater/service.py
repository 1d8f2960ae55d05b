"""The updater service, the only writer of account memory. Run with ``harper serve updater``.

Routes: ``harper.updater.apply`` (a broker's update), ``.clarified`` (the vague-update form),
``.create`` (a confirmed new account), ``.communication`` (file an email, call or text),
``.unmatched`` (list what no account claimed), ``.record_followup`` (a follow-up sent or not).
Start as many replicas as you like, on one host or several sharing the memory root: writes to one
account are serialised by a NATS KV lease fenced before the rename (``locks``; HARPER_UPDATER_LOCK
=flock for a file lock on one host), and the outbox relay publishes what a crashed replica left
behind.
"""

from __future__ import annotations

import asyncio
import logging

from redis.asyncio import Redis

from harper_common.bus.broker import jetstream
from harper_common.bus.buckets import UPDATER_LEASES
from harper_common.bus.client import BusClient
from harper_common.bus.index_client import IndexClient
from harper_common.bus.kv import BucketOnUse
from harper_common.bus.service import BusService
from harper_common.memory.paths import MemoryRoot
from harper_common.messages import endpoints
from harper_common.messages.communications import (
    UnmatchedListReply,
    UnmatchedListRequest,
)
from harper_common.sessions import SessionStore
from harper_common.settings import HarperSettings
from harper_updater.agent import UpdaterAgent, UpdaterDeps
from harper_updater.claude_brain import make_brain
from harper_updater.communications import CommunicationDesk
from harper_updater.contacts import ContactBook
from harper_updater.create import AccountCreator
from harper_updater.external_edits import ExternalEdits
from harper_updater.followups import FollowupRecorder
from harper_updater.locks import AccountLocks, LeaseLocks, WriteLocks, lock_kind
from harper_updater.publisher import JetStreamPublisher
from harper_updater.relay import Relay
from harper_updater.unmatched import UnmatchedQueue
from harper_updater.writer import AccountWriter

NAME = "updater"
MAX_WORKERS = 64
"""Requests one replica takes at once: an update spends most of its time waiting (the account
lock, fsync, the indexer's confirmation), so many wait side by side."""
log = logging.getLogger(__name__)


def write_locks(service: BusService) -> WriteLocks:
    """The per-account write lock HARPER_UPDATER_LOCK chooses: a NATS KV lease (the default,
    safe on a memory root shared by several hosts) or ``flock`` (one host only)."""
    work = MemoryRoot(service.settings.mem_root).root / ".updater"
    if lock_kind() == "flock":
        return AccountLocks(work / "locks")
    leases = BucketOnUse(
        lambda: jetstream(service.broker), UPDATER_LEASES, service.settings.jetstream_replicas
    )
    return LeaseLocks(leases, work / "fences")


def build(settings: HarperSettings) -> BusService:
    service = BusService(NAME, settings)
    redis = Redis.from_url(settings.redis_url)
    bus = BusClient(service.broker, timeout_s=settings.request_timeout_s)
    index = IndexClient(bus)
    memory = MemoryRoot(settings.mem_root)
    writer = AccountWriter(memory, JetStreamPublisher(service.broker), locks=write_locks(service))
    brain = make_brain(settings)
    deps = UpdaterDeps(
        memory=memory,
        writer=writer,
        index=index,
        sessions=SessionStore(redis, ttl_s=settings.session_ttl_s),
        brain=brain,
    )
    agent = UpdaterAgent(deps)
    creator = AccountCreator(agent, index)
    work = memory.root / ".updater"
    desk = CommunicationDesk(
        memory, writer, ContactBook(memory), UnmatchedQueue(work / "unmatched")
    )
    recorder = FollowupRecorder(memory, writer)

    async def unmatched(request: UnmatchedListRequest) -> UnmatchedListReply:
        return await desk.unmatched.list(request.limit)

    service.serve(endpoints.UPDATER_APPLY, agent.apply, max_workers=MAX_WORKERS)
    service.serve(endpoints.UPDATER_CLARIFIED, agent.clarified, max_workers=MAX_WORKERS)
    service.serve(endpoints.UPDATER_CREATE, creator.create, max_workers=MAX_WORKERS)
    service.serve(endpoints.UPDATER_COMMUNICATION, desk.file, max_workers=MAX_WORKERS)
    service.serve(endpoints.UPDATER_UNMATCHED, unmatched, max_workers=MAX_WORKERS)
    service.serve(endpoints.UPDATER_RECORD_FOLLOWUP, recorder.record, max_workers=MAX_WORKERS)
    _run_relay(service, Relay(writer))
    edits = ExternalEdits(writer)
    service.health_detail = edits.health
    service.in_background("external-edits", edits.run)

    async def close() -> None:
        await redis.aclose()
        await brain.aclose()

    service.on_stop.append(close)
    return service


def _run_relay(service: BusService, relay: Relay) -> None:
    """Publish what was left unpublished at start, then keep checking in the background."""
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []

    async def start() -> None:
        published = await relay.run_once()
        if published:
            log.info("relay published %d event(s) left by an interrupted write", published)
        tasks.append(asyncio.create_task(relay.run_forever(stop)))

    async def end() -> None:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)

    service.on_start.append(start)
    service.on_stop.insert(0, end)


async def serve(settings: HarperSettings, stop: asyncio.Event) -> None:
    await build(settings).run(stop)
