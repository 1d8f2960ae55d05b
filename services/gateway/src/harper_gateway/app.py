"""The gateway: the spec's HTTP API over the bus. Run alone with ``harper serve gateway``.

Clients (NATS broker, Redis) are built in the lifespan and handed to the routes through
``app.state.gateway``; every HTTP request gets a span whose trace id is in ``X-Trace-ID``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI
from faststream.nats import NatsBroker
from nats.aio.subscription import Subscription
from redis.asyncio import BlockingConnectionPool, Redis

from harper_common.auth.keys import KeyStore
from harper_common.bus.broker import (
    ensure_account_stream,
    is_connected,
    jetstream,
    make_broker,
    nats_connection,
)
from harper_common.bus.index_client import IndexClient
from harper_common.bus.telemetry import make_tracer_provider
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.subjects import ACCOUNT_EVENTS_ALL
from harper_common.settings import HarperSettings
from harper_gateway import http_metrics
from harper_gateway.auth import KeyCache, authorize
from harper_gateway.cache import QueryCache
from harper_gateway.events import EventLog
from harper_gateway.guards import RequestGuards, allowed_hosts
from harper_gateway.idempotency import IdempotentReplies
from harper_gateway.json_body import JsonBodies
from harper_gateway.limits import KeyLimits
from harper_gateway.routes import admin, followup, query, sign_in, stream, system, vocabulary
from harper_gateway.routes.communications import router as communications_router
from harper_gateway.routes.contracts import add_contract_routes
from harper_gateway.stamping import StampingBusClient, take_idempotency_key
from harper_gateway.state import GatewayState
from harper_gateway.static import mount_ui
from harper_gateway.tracing import TracedRequests
from harper_gateway.validation import keys_unavailable_as_503, short_validation_errors
from harper_gateway.web_sessions import WebSessions

log = logging.getLogger(__name__)


def create_app(settings: HarperSettings) -> FastAPI:
    provider = make_tracer_provider(settings, "gateway")

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        broker = make_broker(settings, "gateway", tracer_provider=provider)
        await broker.connect()
        await ensure_account_stream(broker, settings.jetstream_replicas)
        # A bounded pool that waits for a free connection instead of failing under load.
        redis = Redis(
            connection_pool=BlockingConnectionPool.from_url(
                settings.redis_url, max_connections=256, timeout=5
            )
        )
        bus = StampingBusClient(broker, timeout_s=settings.request_timeout_s)
        await _open_keys(app, broker, settings)
        app.state.web_sessions = WebSessions(redis, settings.web_session_ttl_s)
        limits = KeyLimits(redis, settings.rate_limit_per_min, settings.max_streams_per_key)
        app.state.limits = limits
        state = GatewayState(
            settings=settings,
            broker=broker,
            bus=bus,
            index=IndexClient(bus),
            redis=redis,
            events=EventLog(redis, ttl_s=settings.stream_replay_ttl_s),
            cache=QueryCache(redis, ttl_s=settings.cache_ttl_s),
            memory=MemoryRoot(settings.mem_root),
            tracer_provider=provider,
            limits=limits,
        )
        app.state.gateway = state
        invalidation = await _clear_cache_on_account_events(state)
        try:
            yield
        finally:
            await invalidation.unsubscribe()
            for task in list(state.runs):
                task.cancel()
            await asyncio.gather(*state.runs, return_exceptions=True)
            await broker.stop()
            await redis.aclose()

    app = FastAPI(
        title="Harper",
        version="0.1.0",
        lifespan=lifespan,
        dependencies=[Depends(authorize), Depends(take_idempotency_key)],
    )
    short_validation_errors(app)
    keys_unavailable_as_503(app)
    for router in (query.router, stream.router, followup.router, system.router, vocabulary.router):
        app.include_router(router)
    app.include_router(communications_router)
    app.include_router(admin.router)
    app.include_router(sign_in.router)
    app.include_router(http_metrics.router)
    add_contract_routes(app)
    mount_ui(app)  # after the API routes: it answers only what they don't
    app.add_middleware(TracedRequests, tracer=provider.get_tracer("harper.gateway"))
    app.add_middleware(JsonBodies)
    app.add_middleware(IdempotentReplies)
    app.add_middleware(  # outermost: nothing runs for a request it refuses
        RequestGuards,
        hosts=allowed_hosts(settings.host, settings.allowed_hosts),
        max_body_bytes=settings.max_body_bytes,
    )
    return app


async def _open_keys(app: FastAPI, broker: NatsBroker, settings: HarperSettings) -> None:
    """The shared key store; the admin key ``harper up`` was given is installed in it."""
    store = await KeyStore.open(jetstream(broker), replicas=settings.jetstream_replicas)
    if settings.admin_key:
        await store.install("admin", "admin", settings.admin_key, by="harper up")
    app.state.key_store = store
    app.state.keys = KeyCache(store, connected=lambda: is_connected(broker))


async def _clear_cache_on_account_events(state: GatewayState) -> Subscription:
    """Any account event makes cached answers stale: bump the cache generation."""

    async def on_event(_: object) -> None:
        try:
            await state.cache.clear()
        except Exception:
            log.warning("could not clear the query cache", exc_info=True)

    connection = nats_connection(state.broker)
    subscription: Subscription = await connection.subscribe(ACCOUNT_EVENTS_ALL, cb=on_event)
    return subscription
