"""Request handlers that always reply: input checked here, failures turned into ErrorReply.

FastStream sends no reply when a handler raises (the caller would only see a timeout), so every
request subscriber goes through ``reply_route``: the handler gets a validated request model and
returns a reply model; a bad request, a known failure or a crash becomes a typed ErrorReply.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from faststream.message import StreamMessage
from faststream.middlewares import AckPolicy
from faststream.nats import NatsBroker
from pydantic import BaseModel, ValidationError

from harper_common.auth.asking import asking
from harper_common.bus.client import BusError
from harper_common.bus.deadline import serving
from harper_common.bus.metrics import measured
from harper_common.messages.base import ErrorCode, ErrorReply, RequestEnvelope, WireModel
from harper_common.messages.problems import validation_problems

RequestT = TypeVar("RequestT", bound=WireModel)
Handler = Callable[[RequestT], Awaitable[BaseModel]]

log = logging.getLogger(__name__)

PASSED_ON = frozenset({ErrorCode.UNAVAILABLE, ErrorCode.TIMEOUT})
"""A downstream call's failures a handler's caller gets as they are (503, 504), not as 500."""


class ServiceFailure(Exception):
    """Raised by a handler for a failure the caller should hear about, with its code."""

    def __init__(self, code: ErrorCode, message: str, fix: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.fix = fix


def reply_route(
    broker: NatsBroker,
    subject: str,
    *,
    service: str,
    request_type: type[RequestT],
    handler: Handler[RequestT],
    queue: str | None = None,
    max_workers: int | None = None,
) -> None:
    """Subscribe ``handler`` to ``subject`` (in ``queue``), replying to every request.

    ``max_workers`` above 1 lets one subscriber handle that many requests at once; without it
    requests are handled one after another, with less work per request (for handlers that
    answer without waiting on anything).
    """

    async def on_message(body: bytes) -> bytes:
        with measured(service, subject) as outcome:
            reply = await answer(body, service, request_type, handler)
            if isinstance(reply, ErrorReply):
                outcome[0] = reply.code.value
        return reply.model_dump_json().encode()  # JSON once, sent as it is

    # Core NATS has nothing to acknowledge: MANUAL keeps FastStream's ack middleware out of
    # every request (~20 us of CPU each).
    if max_workers and max_workers > 1:
        broker.subscriber(
            subject,
            queue=queue or "",
            decoder=raw_body,
            max_workers=max_workers,
            ack_policy=AckPolicy.MANUAL,
        )(on_message)
    else:
        broker.subscriber(
            subject, queue=queue or "", decoder=raw_body, ack_policy=AckPolicy.MANUAL
        )(on_message)


def event_listener(
    broker: NatsBroker, subject: str, handler: Callable[[bytes], Awaitable[None]]
) -> None:
    """Hear every message on ``subject`` (core NATS, no queue group) and never answer it.

    An event published with JetStream's ``publish`` carries a reply subject for the stream's
    acknowledgement; a FastStream subscriber answers any message with a reply subject, an empty
    body when its handler returns nothing, and that empty answer can reach the publisher before
    the stream's and break its publish. ``no_reply`` keeps listeners out of it."""
    broker.subscriber(subject, decoder=raw_body, no_reply=True, ack_policy=AckPolicy.MANUAL)(
        handler
    )


async def raw_body(message: StreamMessage[Any]) -> bytes:
    """The request's bytes as sent, for `answer` to validate. Handed to the handler as its one
    argument: a ``NatsMessage`` parameter instead is a context field, which FastStream resolves
    on a worker thread (a thread hop that cost every request ~2 ms on two busy cores)."""
    return message.body


async def answer(
    body: bytes, service: str, request_type: type[RequestT], handler: Handler[RequestT]
) -> BaseModel:
    """Validate ``body`` as ``request_type``, run the handler, and never raise."""
    try:
        request = request_type.model_validate_json(body)
    except ValidationError as exc:
        problems = validation_problems(exc, whole="message", limit=5)
        return ErrorReply(
            code=ErrorCode.BAD_REQUEST,
            message=f"{request_type.__name__} was not valid: {problems}",
            fix="Send the fields the message model defines.",
            service=service,
        )
    if isinstance(request, RequestEnvelope) and request.expired():
        return ErrorReply(
            code=ErrorCode.TIMEOUT,
            message=f"The request's deadline had passed when {service} picked it up; "
            "nothing was done.",
            fix="Retry it; with the same idempotency key a retry is never applied twice.",
            service=service,
        )
    caller = request.caller if isinstance(request, RequestEnvelope) else None
    deadline = request.deadline if isinstance(request, RequestEnvelope) else None
    token = asking.set(caller)
    try:
        with serving(deadline):  # the handler's own calls end before its caller's deadline
            return await handler(request)
    except ServiceFailure as exc:
        return ErrorReply(code=exc.code, message=str(exc), fix=exc.fix, service=service)
    except BusError as exc:
        if exc.reply.code in PASSED_ON:  # a downstream is down or slow: say that, not "failed"
            return exc.reply.model_copy(update={"service": exc.reply.service or service})
        log.exception("%s failed on %s", service, request_type.__name__)
        return ErrorReply(
            code=ErrorCode.INTERNAL, message=f"{service} failed: {exc}", service=service
        )
    except Exception as exc:
        log.exception("%s failed on %s", service, request_type.__name__)
        return ErrorReply(
            code=ErrorCode.INTERNAL,
            message=f"{service} failed: {type(exc).__name__}: {exc}",
            service=service,
        )
    finally:
        asking.reset(token)
