"""The base of every message on the bus, and the typed error every failed request gets back."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field


class WireModel(BaseModel):
    """A message on the bus: unknown fields refused, so a typo in a sender fails loudly.

    Every field is sent (defaults too), so its published schema (OpenAPI, AsyncAPI) requires
    them all in what is sent; a field with a default stays optional in what is received."""

    model_config = ConfigDict(extra="forbid", json_schema_serialization_defaults_required=True)


Role = Literal["viewer", "broker", "admin"]
"""What a key may do: viewer (ask, read), broker (also change and send), admin (also keys)."""


class Caller(WireModel):
    """Who asked: stamped by the gateway from the authenticated key; trusted from it alone."""

    name: str = Field(min_length=1, max_length=100)
    """The key's name (a person or a script), or a service's name for automatic work."""
    role: Role


class RequestEnvelope(WireModel):
    """What every request from the gateway carries besides its content: who, until when, once.

    ``deadline``: the absolute UTC time after which nobody waits for the answer; a service that
    picks up a request past its deadline drops it without side effects.
    ``idempotency_key``: a write with a key already applied returns the first result again.
    ``watched``: whether anybody reads the request's progress events.
    """

    caller: Caller | None = None
    deadline: AwareDatetime | None = None
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=200)
    watched: bool = True
    """Someone follows the request's progress subject (``/query/stream``); False (``/query``):
    services publish no progress events, which nobody would read."""

    def envelope(self) -> RequestEnvelope:
        """Who, until when, once, and whether watched, to pass on unchanged to the next hop."""
        return RequestEnvelope(
            caller=self.caller,
            deadline=self.deadline,
            idempotency_key=self.idempotency_key,
            watched=self.watched,
        )

    def remaining_s(self, now: datetime | None = None) -> float | None:
        """Seconds left before the deadline (negative once passed); None without a deadline."""
        if self.deadline is None:
            return None
        return (self.deadline - (now or datetime.now(UTC))).total_seconds()

    def expired(self, now: datetime | None = None) -> bool:
        """True once the deadline has passed (never, without a deadline)."""
        if self.deadline is None:
            return False
        return (now or datetime.now(UTC)) >= self.deadline


class ErrorCode(StrEnum):
    """Why a request failed. The gateway maps each to an HTTP status (``http_status``)."""

    BAD_REQUEST = "bad_request"
    NOT_FOUND = "not_found"
    NOT_IMPLEMENTED = "not_implemented"
    UNAVAILABLE = "unavailable"
    TIMEOUT = "timeout"
    CONFLICT = "conflict"
    UNAUTHORIZED = "unauthorized"
    FORBIDDEN = "forbidden"
    INTERNAL = "internal"

    @property
    def http_status(self) -> int:
        return {
            "bad_request": 400,
            "not_found": 404,
            "not_implemented": 501,
            "unavailable": 503,
            "timeout": 504,
            "conflict": 409,
            "unauthorized": 401,
            "forbidden": 403,
            "internal": 500,
        }[self.value]


class ErrorReply(WireModel):
    """What a handler answers when it cannot do what was asked. Never a silent timeout."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str
    fix: str | None = None
    """What the caller can do about it, when there is something."""
    service: str | None = None
