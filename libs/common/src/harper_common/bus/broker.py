"""Building a service's NATS broker: named, traced, quiet per message, and its JetStream stream."""

from __future__ import annotations

import logging
from typing import cast

from faststream.nats import NatsBroker
from faststream.security import SASLPlaintext
from nats.aio.client import Client as NatsClient
from nats.js import JetStreamContext
from nats.js.api import StreamConfig
from nats.js.errors import BadRequestError, NotFoundError
from opentelemetry.sdk.trace import TracerProvider

from harper_common.bus.stream import DUPLICATE_WINDOW_S
from harper_common.bus.telemetry import BusTelemetry, make_tracer_provider
from harper_common.messages.subjects import (
    ACCOUNT_EVENTS_ALL,
    ACCOUNT_STREAM,
    DEAD_LETTER_STREAM,
    DEAD_LETTERS_ALL,
)
from harper_common.settings import HarperSettings

log = logging.getLogger(__name__)

DEAD_LETTERS_KEPT = 100_000
"""The dead-letter stream keeps this many (the oldest go first)."""


def nats_connection(broker: NatsBroker) -> NatsClient:
    """The broker's nats-py connection (for plain subscriptions); the broker must be connected."""
    connection = broker.config.connection_state.connection
    if connection is None:
        raise RuntimeError("the NATS broker is not connected yet")
    return cast(NatsClient, connection)


def jetstream(broker: NatsBroker) -> JetStreamContext:
    """The broker's JetStream context; the broker must be connected."""
    return cast(JetStreamContext, broker.config.connection_state.stream)


def is_connected(broker: NatsBroker) -> bool:
    """True while the connection to NATS is up (False before it connects and while it
    reconnects)."""
    connection = broker.config.connection_state.connection
    return bool(connection is not None and connection.is_connected)


def make_broker(
    settings: HarperSettings, service: str, *, tracer_provider: TracerProvider | None = None
) -> NatsBroker:
    """A broker for ``service``: per-message logging off (it halves throughput), traces on."""
    provider = tracer_provider or make_tracer_provider(settings, service)
    telemetry = BusTelemetry(tracer_provider=provider)
    return NatsBroker(
        settings.nats_url,
        name=f"harper-{service}",
        logger=None,
        middlewares=[telemetry],
        graceful_timeout=10.0,
        connect_timeout=5,
        security=nats_security(settings.nats_credentials()),
    )


def nats_security(credentials: dict[str, str]) -> SASLPlaintext | None:
    """A broker's login as one of the server's users (none for an open server)."""
    if not credentials:
        return None
    return SASLPlaintext(username=credentials["user"], password=credentials["password"])


async def ensure_account_stream(broker: NatsBroker, replicas: int = 1) -> None:
    """Create the account-event stream and the dead-letter stream if missing (any service may be
    the first to start).

    ``replicas`` is 3 on a three-node cluster (HARPER_JETSTREAM_REPLICAS).
    """
    await _ensure_stream(
        jetstream(broker),
        StreamConfig(
            name=ACCOUNT_STREAM,
            subjects=[ACCOUNT_EVENTS_ALL],
            duplicate_window=DUPLICATE_WINDOW_S,
            description="Durable account events (Harper).",
            num_replicas=replicas,
        ),
    )
    await _ensure_stream(
        jetstream(broker),
        StreamConfig(
            name=DEAD_LETTER_STREAM,
            subjects=[DEAD_LETTERS_ALL],
            duplicate_window=DUPLICATE_WINDOW_S,
            max_msgs=DEAD_LETTERS_KEPT,
            description="Account events the indexer gave up on, with the last error (Harper).",
            num_replicas=replicas,
        ),
    )


async def _ensure_stream(js: JetStreamContext, config: StreamConfig) -> None:
    try:
        await js.stream_info(config.name or "")
        return  # already there: services need not (and, with NATS users, may not) change it
    except NotFoundError:
        pass
    try:
        await js.add_stream(config)
    except BadRequestError:
        await js.update_stream(config)
