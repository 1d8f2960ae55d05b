"""The base of every message on the bus, and the typed error every failed request gets back."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict


class WireModel(BaseModel):
    """A message on the bus: unknown fields refused, so a typo in a sender fails loudly."""

    model_config = ConfigDict(extra="forbid")


class ErrorCode(StrEnum):
    """Why a request failed. The gateway maps each to an HTTP status (``http_status``)."""

    BAD_REQUEST = "bad_request"
    NOT_FOUND = "not_found"
    NOT_IMPLEMENTED = "not_implemented"
    UNAVAILABLE = "unavailable"
    TIMEOUT = "timeout"
    CONFLICT = "conflict"
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
