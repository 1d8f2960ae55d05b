"""What the gateway holds while it runs: clients built in the lifespan, handed to the routes."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

from faststream.nats import NatsBroker
from opentelemetry.sdk.trace import TracerProvider
from redis.asyncio import Redis

from harper_common.bus.client import BusClient
from harper_common.bus.index_client import IndexClient
from harper_common.memory.paths import MemoryRoot
from harper_common.settings import HarperSettings
from harper_gateway.cache import QueryCache
from harper_gateway.events import EventLog
from harper_gateway.limits import KeyLimits


@dataclass
class GatewayState:
    settings: HarperSettings
    broker: NatsBroker
    bus: BusClient
    index: IndexClient
    redis: Redis
    events: EventLog
    cache: QueryCache
    memory: MemoryRoot
    tracer_provider: TracerProvider
    limits: KeyLimits
    runs: set[asyncio.Task[Any]] = field(default_factory=set)

    def start_run(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``work`` independently of the HTTP connection that asked for it."""
        task = asyncio.create_task(work)
        self.runs.add(task)
        task.add_done_callback(self.runs.discard)
        return task


REQUEST_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
"""What a request id the gateway made (``new_request_id``) can look like, checked where one
comes back in a path."""


def new_request_id() -> str:
    return uuid.uuid4().hex
