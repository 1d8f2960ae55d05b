"""Pending sessions in Redis: a question Harper asked the broker, waiting for the answer.

A session is created when Harper needs a confirmation (new account) or a filled form (vague
update) and keeps the original query. ``/confirm`` claims it once: a second confirm of the same
session finds it done and says so, and two confirms racing each other cannot both proceed.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Literal

from pydantic import Field, JsonValue
from redis.asyncio import Redis

from harper_common.messages.base import WireModel
from harper_common.messages.query import IntentInfo

SessionKind = Literal["new_account", "vague_update", "account_needed", "followup_approval"]
ClaimResult = Literal["claimed", "busy", "done", "missing"]


class PendingSession(WireModel):
    session_id: str
    kind: SessionKind
    original_query: str
    account_name: str
    account_id: str | None = None
    intent: IntentInfo
    created_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    context: dict[str, JsonValue] = Field(default_factory=dict)


class SessionStore:
    """Pending sessions with a lifetime, claimed at most once."""

    def __init__(self, redis: Redis, *, ttl_s: int, prefix: str = "harper:session") -> None:
        self.redis = redis
        self.ttl_s = ttl_s
        self.prefix = prefix

    def _key(self, session_id: str, part: str = "data") -> str:
        return f"{self.prefix}:{session_id}:{part}"

    @staticmethod
    def new_id() -> str:
        return uuid.uuid4().hex

    async def save(self, session: PendingSession) -> None:
        await self.redis.set(
            self._key(session.session_id), session.model_dump_json(), ex=self.ttl_s
        )

    async def get(self, session_id: str) -> PendingSession | None:
        raw = await self.redis.get(self._key(session_id))
        return None if raw is None else PendingSession.model_validate_json(raw)

    async def claim(self, session_id: str) -> ClaimResult:
        """Take the session for processing; only one caller gets ``claimed``."""
        if await self.redis.exists(self._key(session_id, "done")):
            return "done"
        if not await self.redis.exists(self._key(session_id)):
            return "missing"
        taken = await self.redis.set(self._key(session_id, "lock"), "1", nx=True, ex=120)
        return "claimed" if taken else "busy"

    async def release(self, session_id: str) -> None:
        """Give a claimed session back (the work failed and may be retried)."""
        await self.redis.delete(self._key(session_id, "lock"))

    async def complete(self, session_id: str, summary: str) -> None:
        """Mark the session done; later confirms are told what happened."""
        await self.redis.set(self._key(session_id, "done"), summary, ex=self.ttl_s)
        await self.redis.delete(self._key(session_id, "lock"))

    async def outcome(self, session_id: str) -> str | None:
        raw = await self.redis.get(self._key(session_id, "done"))
        return None if raw is None else raw.decode() if isinstance(raw, bytes) else str(raw)
