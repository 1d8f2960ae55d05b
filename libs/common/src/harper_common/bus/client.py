"""Requests over the bus with typed replies, and the one place a failure reply is recognised."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, TypeVar, overload

from faststream.nats import NatsBroker
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout
from pydantic import BaseModel, TypeAdapter, ValidationError

from harper_common.bus.broker import is_connected
from harper_common.bus.deadline import downstream_deadline
from harper_common.bus.liveness import Liveness, LivenessPolicy, ServiceStopped
from harper_common.messages.base import ErrorCode, ErrorReply, RequestEnvelope, WireModel
from harper_common.messages.endpoint import Endpoint
from harper_common.messages.health import HealthRequest, ServiceHealth
from harper_common.messages.query import ErrorResponse, QueryResponse
from harper_common.messages.subjects import SERVICES, health_subject

ReplyT = TypeVar("ReplyT")
RequestT = TypeVar("RequestT", bound=WireModel)


class BusError(Exception):
    """A request failed; ``reply`` says how (code, message, what to fix)."""

    def __init__(self, reply: ErrorReply) -> None:
        super().__init__(reply.message)
        self.reply = reply


class BusClient:
    """Sends requests and decodes replies into the expected model, or raises BusError.

    A call to an endpoint waits for its service no longer than the time its request has left
    (see ``deadline``) and gives up sooner on a service that stopped answering (``liveness``).
    """

    def __init__(
        self,
        broker: NatsBroker,
        *,
        timeout_s: float = 30.0,
        liveness: LivenessPolicy | None = None,
    ) -> None:
        self.broker = broker
        self.timeout_s = timeout_s
        self.liveness = Liveness(self._answers_probe, liveness)

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
            endpoint.subject,
            message,
            endpoint.reply,
            timeout_s=timeout_s,
            service=served_by(endpoint),
        )
        return reply

    async def health(self, service: str, timeout_s: float) -> ServiceHealth:
        """``service``'s answer to its health probe (any replica's); BusError without one."""
        reply: ServiceHealth = await self.request(
            health_subject(service), HealthRequest(), ServiceHealth, timeout_s=timeout_s
        )
        self.liveness.heard(service)
        return reply

    @overload
    async def request(
        self,
        subject: str,
        message: WireModel,
        reply_type: type[ReplyT],
        *,
        timeout_s: float | None = None,
        service: str | None = None,
    ) -> ReplyT: ...

    @overload
    async def request(
        self,
        subject: str,
        message: WireModel,
        reply_type: object,
        *,
        timeout_s: float | None = None,
        service: str | None = None,
    ) -> Any: ...

    async def request(
        self,
        subject: str,
        message: WireModel,
        reply_type: object,
        *,
        timeout_s: float | None = None,
        service: str | None = None,
    ) -> Any:
        """Send ``message`` to ``subject`` (served by ``service``) and return its reply as
        ``reply_type``.

        A message sent while serving a request with a deadline gets that deadline less a
        margin (``deadline.downstream_deadline``); a message with a deadline waits no longer
        than the time it has left, and one whose deadline has passed is not sent at all. With
        ``service`` named, a service that stopped answering fails the request in a few seconds
        as unavailable, and a timeout names the service.
        """
        message, timeout = _bounded_by_deadline(subject, message, timeout_s or self.timeout_s)
        if not self.connected():
            raise BusError(
                ErrorReply(
                    code=ErrorCode.UNAVAILABLE,
                    message="The message bus (NATS) is not connected; nothing was sent.",
                    fix="Try again shortly: the services reconnect by themselves when it is back.",
                )
            )
        try:
            raw = await self._send(subject, message, timeout, service)
        except ServiceStopped as exc:
            raise BusError(exc.reply) from exc
        except NoRespondersError as exc:
            raise BusError(_unavailable(subject, service)) from exc
        except (TimeoutError, NatsTimeout) as exc:
            raise BusError(_timed_out(subject, timeout, service)) from exc
        return decode_reply(subject, raw.body, reply_type)

    async def _send(
        self, subject: str, message: WireModel, wait_s: float, service: str | None
    ) -> Any:
        body = message.model_dump_json().encode()  # JSON once, sent as it is
        if service is None:
            return await self.broker.request(body, subject, timeout=wait_s)
        self.liveness.refuse_if_stopped(service)
        raw = await self.liveness.wait(service, self.broker.request(body, subject, timeout=wait_s))
        self.liveness.heard(service)
        return raw

    async def _answers_probe(self, service: str, timeout_s: float) -> bool:
        """Whether ``service`` answers its health probe. While this client's own connection is
        down the probe says nothing of the service: it is not blamed (its requests wait on)."""
        try:
            await self.health(service, timeout_s)
        except BusError:
            return not self.connected()
        return True


def _bounded_by_deadline(
    subject: str, message: WireModel, timeout: float
) -> tuple[WireModel, float]:
    """The message as sent (its deadline brought forward to the one its sender must keep) and
    how long to wait for its reply."""
    now = datetime.now(UTC)
    deadline = message.deadline if isinstance(message, RequestEnvelope) else None
    downstream = downstream_deadline(now)
    if downstream is not None and (deadline is None or downstream < deadline):
        deadline = downstream
        if isinstance(message, RequestEnvelope):
            message = message.model_copy(update={"deadline": downstream})
    if deadline is None:
        return message, timeout
    remaining = (deadline - now).total_seconds()
    if remaining <= 0:
        raise BusError(
            ErrorReply(
                code=ErrorCode.TIMEOUT,
                message=f"The request's deadline passed before it was sent on {subject}; "
                "nothing was done.",
                fix="Retry it; with the same idempotency key a retry is never applied twice.",
            )
        )
    return message, min(timeout, remaining)


def _timed_out(subject: str, timeout: float, service: str | None) -> ErrorReply:
    if service is None:
        message = f"No reply on {subject} within {timeout:.1f} s."
    else:
        message = f"The {service} service did not answer in {timeout:.1f} s ({subject})."
    return ErrorReply(
        code=ErrorCode.TIMEOUT,
        message=message,
        fix="The service may be overloaded or stuck; check its log (`harper status`).",
        service=service,
    )


async def request_query(
    bus: BusClient,
    endpoint: Endpoint[RequestT, QueryResponse],
    message: RequestT,
    request_id: str,
) -> QueryResponse:
    """Ask the starter or an agent; a failure comes back as the API's ``error`` response."""
    try:
        reply: QueryResponse = await bus.request(
            endpoint.subject, message, endpoint.reply, service=served_by(endpoint)
        )
    except BusError as exc:
        return ErrorResponse.from_reply(exc.reply, request_id)
    return reply


def served_by(endpoint: Endpoint[Any, Any]) -> str | None:
    """The one service answering ``endpoint`` (None for one every service answers)."""
    return endpoint.service if endpoint.service in SERVICES else None


def decode_reply(subject: str, body: bytes, reply_type: object) -> Any:
    """Decode a reply body: an ErrorReply raises BusError, anything else must fit the type."""
    if not body:
        raise BusError(_unavailable(subject))
    if _may_be_error(body):
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


def _may_be_error(body: bytes) -> bool:
    """False when ``body`` cannot be an ErrorReply (no ``"code"`` key, nor an escape that could
    spell one), so a reply is parsed once rather than first tried as an error."""
    return b'"code"' in body or b"\\u" in body


_ADAPTERS: dict[object, TypeAdapter[Any]] = {}


def _adapter(reply_type: object) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(reply_type)
    if adapter is None:
        adapter = _ADAPTERS[reply_type] = TypeAdapter(reply_type)  # type: ignore[arg-type]
    return adapter


def _unavailable(subject: str, service: str | None = None) -> ErrorReply:
    return ErrorReply(
        code=ErrorCode.UNAVAILABLE,
        message=f"No {service + ' service' if service else 'service'} is listening on {subject}.",
        fix=f"Start the service (`harper up`, or `harper serve {service or '<name>'}`).",
        service=service,
    )


def _name(reply_type: object) -> str:
    if isinstance(reply_type, type) and issubclass(reply_type, BaseModel):
        return reply_type.__name__
    return str(reply_type)
