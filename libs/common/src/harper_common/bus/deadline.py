"""The deadline of the request being served, and the part of it a downstream call may use.

``reply_route`` notes the deadline of the request a handler serves (``serving``); every call the
handler makes through ``BusClient`` then ends a margin before it and carries that earlier
deadline on, so the next hop's own calls end earlier still. The hop that is stuck therefore
times out first, and each caller above it still has time to answer, naming the service that
did not (instead of the gateway's deadline expiring with nobody saying where).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timedelta

HOP_MARGIN_S = 0.5
"""What a caller keeps of its own remaining time to answer after a downstream call failed (a
quarter of what remains, when that is less)."""

_serving: ContextVar[datetime | None] = ContextVar("serving_deadline", default=None)


@contextmanager
def serving(deadline: datetime | None) -> Iterator[None]:
    """While the block runs, calls on the bus are bounded by ``deadline`` (None: unbounded)."""
    token = _serving.set(deadline)
    try:
        yield
    finally:
        _serving.reset(token)


def downstream_deadline(now: datetime) -> datetime | None:
    """The deadline of a call made now by the handler being served; None outside a handler or
    for a request without a deadline."""
    own = _serving.get()
    if own is None:
        return None
    remaining = max((own - now).total_seconds(), 0.0)
    return own - timedelta(seconds=min(HOP_MARGIN_S, remaining / 4))
