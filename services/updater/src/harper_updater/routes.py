"""The updater's request routes, handled concurrently within one replica.

An update spends most of its time waiting (the account lock, fsync, the indexer's confirmation),
so the updater's subscribers take up to ``MAX_WORKERS`` requests at once. They go through the
shared ``reply_route`` (typed replies, metrics), with ``max_workers`` as its parameter.
"""

from __future__ import annotations

from harper_common.bus.routes import Handler, RequestT, reply_route
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
    """Like ``service.route`` (same queue group, same replies), with more requests at once."""
    reply_route(
        service.broker,
        subject,
        service=service.name,
        request_type=request_type,
        handler=handler,
        queue=service.queue,
        max_workers=max_workers,
    )
