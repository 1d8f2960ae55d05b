"""The updater's request routes, handled concurrently within one replica.

``BusService.route`` handles one message at a time per subscriber; an update spends most of its
time waiting (the account lock, fsync, the indexer's confirmation), so the updater's subscribers
take up to ``MAX_WORKERS`` requests at once. Validation and error replies are the shared
``harper_common.bus.routes.answer``, so every request still gets a typed reply.
"""

from __future__ import annotations

from faststream.nats import NatsMessage

from harper_common.bus.routes import Handler, RequestT, answer
from harper_common.bus.service import BusService

MAX_WORKERS = 64


def concurrent_route(
    service: BusService,
    subject: str,
    request_type: type[RequestT],
    handler: Handler[RequestT],
    *,
    max_workers: int = MAX_WORKERS,
) -> None:
    """Like ``service.route`` (same queue group, same replies), with concurrent handling."""

    async def on_message(message: NatsMessage) -> dict[str, object]:
        reply = await answer(message.body, service.name, request_type, handler)
        return reply.model_dump(mode="json")

    service.broker.subscriber(subject, queue=service.queue, max_workers=max_workers)(on_message)
