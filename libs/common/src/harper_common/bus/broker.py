"""Building a service's NATS broker: named, traced, quiet per message, and its JetStream stream."""

from __future__ import annotations

import logging

from faststream.nats import NatsBroker
from faststream.nats.opentelemetry import NatsTelemetryMiddleware
from faststream.security import SASLPlaintext
from nats.js.api import StreamConfig
from nats.js.errors import BadRequestError, NotFoundError
from opentelemetry.sdk.trace import TracerProvider

from harper_common.bus.stream import DUPLICATE_WINDOW_S
from harper_common.bus.telemetry import make_tracer_provider
from harper_common.messages.subjects import ACCOUNT_EVENTS_ALL, ACCOUNT_STREAM
from harper_common.settings import HarperSettings

log = logging.getLogger(__name__)


def make_broker(
    settings: HarperSettings, service: str, *, tracer_provider: TracerProvider | None = None
) -> NatsBroker:
    """A broker for ``service``: per-message logging off (it halves throughput), traces on."""
    provider = tracer_provider or make_tracer_provider(settings, service)
    telemetry = NatsTelemetryMiddleware(tracer_provider=provider)
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
    """Create the account-event stream if missing (any service may be the first to start).

    ``replicas`` is 3 on a three-node cluster (HARPER_JETSTREAM_REPLICAS).
    """
    js = broker.config.connection_state.stream
    try:
        await js.stream_info(ACCOUNT_STREAM)
        return  # already there: services need not (and, with NATS users, may not) change it
    except NotFoundError:
        pass
    config = StreamConfig(
        name=ACCOUNT_STREAM,
        subjects=[ACCOUNT_EVENTS_ALL],
        duplicate_window=DUPLICATE_WINDOW_S,
        description="Durable account events (Harper).",
        num_replicas=replicas,
    )
    try:
        await js.add_stream(config)
    except BadRequestError:
        await js.update_stream(config)
