"""Requests over the bus with typed replies, and the one place a failure reply is recognised."""

from __future__ import annotations

from typing import Any, TypeVar, overload

from faststream.nats import NatsBroker
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout
from pydantic import BaseModel, TypeAdapter, ValidationError

from harper_common.bus.broker import is_connected
from harper_common.messages.base import ErrorCode, ErrorReply, RequestEnvelope, WireModel
from harper_common.messages.endpoint import Endpoint
from harper_common.messages.query import ErrorResponse, QueryResponse

ReplyT = TypeVar("ReplyT")
RequestT = TypeVar("RequestT", bound=WireModel)


class BusError(Exception):
    """A request failed; ``reply`` says how (code, message, what to fix)."""

    def __init__(self, reply: ErrorReply) -> None:
        super().__init__(reply.message)
        self.reply = reply


class BusClient:
    """Sends requests and decodes replies into the expected model, or raises BusError."""

    def __init__(self, broker: NatsBroker, *, timeout_s: float = 30.0) -> None:
        self.broker = broker
        self.timeout_s = timeout_s

    def connected(self) -> bool:
        """True while the connection to NATS is up (False while it reconnects)."""
        return is_connected(self.broker)

    async def call(
        self,
        endpoint: Endpoint[RequestT, ReplyT],
        message: RequestT,
        *,
        timeout_s: float | None = None,
    ) -> ReplyT:
        """Ask ``endpoint`` and return its reply, typed as the endpoint declares it."""
        reply: ReplyT = await self.request(
            endpoint.subject, message, endpoint.reply, timeout_s=timeout_s
        )
        return reply

    @overload
    async def request(
        self,
        subject: str,
        message: WireModel,
        reply_type: type[ReplyT],
        *,
        timeout_s: float | None = None,
    ) -> ReplyT: ...

    @overload
    async def request(
        self,
        subject: str,
        message: WireModel,
        reply_type: object,
        *,
        timeout_s: float | None = None,
    ) -> Any: ...

    async def request(
        self,
        subject: str,
        message: WireModel,
        reply_type: object,
        *,
        timeout_s: float | None = None,
    ) -> Any:
        """Send ``message`` to ``subject`` and return its reply as ``reply_type``.

        A message with a deadline waits no longer than the time it has left, and one whose
        deadline has passed is not sent at all.
        """
        timeout = _bounded_by_deadline(subject, message, timeout_s or self.timeout_s)
        if not self.connected():
            raise BusError(
                ErrorReply(
                    code=ErrorCode.UNAVAILABLE,
                    message="The message bus (NATS) is not connected; nothing was sent.",
                    fix="Try again shortly: the services reconnect by themselves when it is back.",
                )
            )
        try:
            raw = await self.broker.request(
                message.model_dump(mode="json"), subject, timeout=timeout
            )
        except NoRespondersError as exc:
            raise BusError(_unavailable(subject)) from exc
        except (TimeoutError, NatsTimeout) as exc:
            raise BusError(
                ErrorReply(
                    code=ErrorCode.TIMEOUT,
                    message=f"No reply on {subject} within {timeout:g} s.",
                    fix="The service may be overloaded or stuck; check its log.",
                )
            ) from exc
        return decode_reply(subject, raw.body, reply_type)


def _bounded_by_deadline(subject: str, message: WireModel, timeout: float) -> float:
    remaining = message.remaining_s() if isinstance(message, RequestEnvelope) else None
    if remaining is None:
        return timeout
    if remaining <= 0:
        raise BusError(
            ErrorReply(
                code=ErrorCode.TIMEOUT,
                message=f"The request's deadline passed before it was sent on {subject}; "
                "nothing was done.",
                fix="Retry it; with the same idempotency key a retry is never applied twice.",
            )
        )
    return min(timeout, remaining)


async def request_query(
    bus: BusClient,
    endpoint: Endpoint[RequestT, QueryResponse],
    message: RequestT,
    request_id: str,
) -> QueryResponse:
    """Ask the starter or an agent; a failure comes back as the API's ``error`` response."""
    try:
        reply: QueryResponse = await bus.request(endpoint.subject, message, endpoint.reply)
    except BusError as exc:
        return ErrorResponse.from_reply(exc.reply, request_id)
    return reply


def decode_reply(subject: str, body: bytes, reply_type: object) -> Any:
    """Decode a reply body: an ErrorReply raises BusError, anything else must fit the type."""
    if not body:
        raise BusError(_unavailable(subject))
    try:
        error = ErrorReply.model_validate_json(body)
    except ValidationError:
        pass
    else:
        raise BusError(error)
    try:
        return _adapter(reply_type).validate_json(body)
    except ValidationError as exc:
        raise BusError(
            ErrorReply(
                code=ErrorCode.INTERNAL,
                message=f"Reply on {subject} did not match {_name(reply_type)}: {exc}",
            )
        ) from exc


_ADAPTERS: dict[object, TypeAdapter[Any]] = {}


def _adapter(reply_type: object) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(reply_type)
    if adapter is None:
        adapter = _ADAPTERS[reply_type] = TypeAdapter(reply_type)  # type: ignore[arg-type]
    return adapter


def _unavailable(subject: str) -> ErrorReply:
    return ErrorReply(
        code=ErrorCode.UNAVAILABLE,
        message=f"No service is listening on {subject}.",
        fix="Start the service (`harper up`, or `harper serve <name>`).",
    )


def _name(reply_type: object) -> str:
    if isinstance(reply_type, type) and issubclass(reply_type, BaseModel):
        return reply_type.__name__
    return str(reply_type)
