"""The gateway's bus client: every request it sends carries who asked, until when, and its key.

Routes build their messages as before; this client fills in the envelope from the HTTP request
being served (``current_caller``, ``current_idempotency_key``) and the gateway's own timeout, so
no route can forget to say who is asking.
"""

from __future__ import annotations

from contextvars import ContextVar
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import Request

from harper_common.bus.client import BusClient
from harper_common.messages.base import RequestEnvelope, WireModel
from harper_gateway.auth import current_caller

current_idempotency_key: ContextVar[str | None] = ContextVar("idempotency_key", default=None)


class StampingBusClient(BusClient):
    async def request(
        self,
        subject: str,
        message: WireModel,
        reply_type: object,
        *,
        timeout_s: float | None = None,
        service: str | None = None,
    ) -> Any:
        return await super().request(
            subject,
            stamp(message, timeout_s or self.timeout_s),
            reply_type,
            timeout_s=timeout_s,
            service=service,
        )


def stamp(message: WireModel, timeout_s: float) -> WireModel:
    """The message with caller, deadline and idempotency key set where they are missing."""
    if not isinstance(message, RequestEnvelope):
        return message
    update: dict[str, object] = {}
    if message.caller is None and (caller := current_caller.get()) is not None:
        update["caller"] = caller
    if message.deadline is None:
        update["deadline"] = datetime.now(UTC) + timedelta(seconds=timeout_s)
    if message.idempotency_key is None and (key := current_idempotency_key.get()) is not None:
        update["idempotency_key"] = key
    return message.model_copy(update=update) if update else message


async def take_idempotency_key(request: Request) -> None:
    """The app-wide dependency keeping the request's ``Idempotency-Key`` for its bus messages."""
    key = request.headers.get("idempotency-key")
    current_idempotency_key.set(key.strip()[:200] if key and key.strip() else None)
