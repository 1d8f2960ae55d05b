"""A Harper service on the bus: its broker, its routes, its health probe, its life cycle.

Each service package has ``service.py`` with ``async def serve(settings, stop)``; ``harper serve
NAME`` runs one, ``harper up`` runs them all (one process each, or all in one).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol

from faststream.nats import NatsBroker

from harper_common.bus.broker import ensure_account_stream, make_broker
from harper_common.bus.metrics import serve_metrics, service_load
from harper_common.bus.routes import Handler, RequestT, reply_route
from harper_common.bus.telemetry import instance_name
from harper_common.messages.endpoint import Endpoint
from harper_common.messages.endpoints import STATUS
from harper_common.messages.health import HealthRequest, ServiceHealth
from harper_common.messages.status import ReplicaStatus, ServiceDetails, StatusRequest
from harper_common.messages.subjects import QUEUE, health_subject
from harper_common.settings import HarperSettings

log = logging.getLogger(__name__)

Hook = Callable[[], Awaitable[None]]
DetailsHook = Callable[[], Awaitable[ServiceDetails]]


async def _no_details() -> ServiceDetails:
    return ServiceDetails()


class ServeFunction(Protocol):
    """What every service module exports as ``serve``."""

    async def __call__(self, settings: HarperSettings, stop: asyncio.Event) -> None: ...


class BusService:
    """A service made of request routes on one broker, with optional start and stop hooks."""

    def __init__(self, name: str, settings: HarperSettings) -> None:
        self.name = name
        self.settings = settings
        self.broker: NatsBroker = make_broker(settings, name)
        self.queue = QUEUE[name]
        self.health_detail: Callable[[], tuple[bool, str]] = lambda: (True, "")
        self.status_details: DetailsHook = _no_details
        """What this service adds to its ``harper status`` reply (consumer lag, dead letters)."""
        self.on_start: list[Hook] = []
        self.on_stop: list[Hook] = []
        self._background: list[tuple[str, Callable[[], Coroutine[Any, Any, None]]]] = []
        reply_route(
            self.broker,
            health_subject(name),
            service=name,
            request_type=HealthRequest,
            handler=self._health,
        )
        reply_route(  # no queue group: every replica answers ``harper status``
            self.broker,
            STATUS.subject,
            service=name,
            request_type=STATUS.request,
            handler=self._status,
        )

    def serve(
        self,
        endpoint: Endpoint[RequestT, Any],
        handler: Handler[RequestT],
        *,
        max_workers: int | None = None,
    ) -> None:
        """Answer ``endpoint`` in this service's queue group, up to ``max_workers`` requests at
        once in this replica (default ``HARPER_MAX_IN_FLIGHT``)."""
        reply_route(
            self.broker,
            endpoint.subject,
            service=self.name,
            request_type=endpoint.request,
            handler=handler,
            queue=self.queue,
            max_workers=max_workers or self.settings.max_in_flight,
        )

    def in_background(self, name: str, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Run ``work()`` as a task once the service has started; cancel it when it stops."""
        self._background.append((name, work))

    async def _health(self, _: HealthRequest) -> ServiceHealth:
        ok, detail = self.health_detail()
        return ServiceHealth(service=self.name, ok=ok, instance=instance_name(), detail=detail)

    async def _status(self, _: StatusRequest) -> ReplicaStatus:
        ok, detail = self.health_detail()
        load = service_load(self.name, leave_out=(health_subject(self.name), STATUS.subject))
        details = await self.status_details()
        if not ok and detail:
            details = details.model_copy(update={"notes": [detail, *details.notes]})
        return ReplicaStatus(
            service=self.name,
            instance=instance_name(),
            ok=ok,
            requests=load.requests,
            errors=load.errors,
            in_flight=load.in_flight,
            details=details,
        )

    async def run(self, stop: asyncio.Event) -> None:
        """Connect, run the start hooks, serve until ``stop`` is set, then shut down cleanly."""
        serve_metrics(self.settings.metrics_port)
        await self.broker.connect()
        await ensure_account_stream(self.broker, self.settings.jetstream_replicas)
        await self.broker.start()
        tasks: list[asyncio.Task[None]] = []
        try:
            for hook in self.on_start:
                await hook()
            tasks = [asyncio.create_task(work(), name=name) for name, work in self._background]
            log.info("%s ready (%s)", self.name, instance_name())
            await stop.wait()
        finally:
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            for hook in self.on_stop:
                await hook()
            await self.broker.stop()
