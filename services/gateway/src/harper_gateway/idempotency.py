"""``Idempotency-Key`` on the write endpoints: the first result is kept for 24 h and a retry with
the same key gets it back, without anything being applied again.

The key is scoped to the caller's credential and the path. While the first attempt runs, a
retry gets 409 (try again shortly). When the gateway never saw the first result (its client
dropped, the gateway restarted), the retry goes through to the updater, which finds the key in
the account's history and answers from there; see ``harper_updater.idempotency``.
Without Redis the requests go through unguarded here and the updater's check still holds.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Final

from redis.asyncio import Redis
from redis.exceptions import RedisError
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)

PATHS: Final = frozenset(
    {"/query", "/confirm", "/followup/execute", "/followup/batch", "/communications"}
)
KEEP_S: Final = 24 * 3600
PENDING: Final = b"pending"
MAX_KEPT_BYTES: Final = 512 * 1024


def _slot(scope: Scope, key: bytes) -> str:
    headers = dict(scope["headers"])
    who = headers.get(b"authorization") or headers.get(b"cookie") or b""
    digest = hashlib.sha256(b"\0".join([who, scope["path"].encode(), key])).hexdigest()
    return f"harper:idempotency:{digest}"


class IdempotentReplies:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        key = self._key(scope)
        if key is None:
            await self.app(scope, receive, send)
            return
        redis: Redis = scope["app"].state.gateway.redis
        slot = _slot(scope, key)
        try:
            first = await redis.set(slot, PENDING, nx=True, ex=120)
            found = None if first else await redis.get(slot)
            kept = found.encode() if isinstance(found, str) else found
        except RedisError as exc:
            log.warning("Idempotency-Key not checked (Redis: %s)", exc)
            await self.app(scope, receive, send)
            return
        if not first:
            await _answer_again(kept, scope, receive, send)
            return
        await self._first_attempt(scope, receive, send, redis, slot)

    @staticmethod
    def _key(scope: Scope) -> bytes | None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope["path"] not in PATHS:
            return None
        value = dict(scope["headers"]).get(b"idempotency-key", b"").strip()
        return value[:200] or None

    async def _first_attempt(
        self, scope: Scope, receive: Receive, send: Send, redis: Redis, slot: str
    ) -> None:
        status = 500
        body: list[bytes] = []

        async def keep(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                body.append(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, keep)
        finally:
            await _remember(redis, slot, status, b"".join(body))


async def _remember(redis: Redis, slot: str, status: int, body: bytes) -> None:
    """Keep a final answer (not a server error, which the client should retry for real)."""
    try:
        if status >= 500 or status in (401, 429) or len(body) > MAX_KEPT_BYTES:
            await redis.delete(slot)
            return
        kept = json.dumps({"status": status, "body": body.decode("utf-8", "replace")})
        await redis.set(slot, kept, ex=KEEP_S)
    except RedisError as exc:
        log.warning("Idempotency-Key result not kept (Redis: %s)", exc)


async def _answer_again(kept: bytes | None, scope: Scope, receive: Receive, send: Send) -> None:
    if kept is None or kept == PENDING:
        response: Response = JSONResponse(
            {
                "type": "error",
                "code": "conflict",
                "message": "A request with this Idempotency-Key is still being handled.",
                "fix": "Retry in a moment with the same key to get its result.",
            },
            status_code=409,
            headers={"Retry-After": "1"},
        )
    else:
        first = json.loads(kept)
        response = Response(
            first["body"],
            status_code=int(first["status"]),
            media_type="application/json",
            headers={"Idempotent-Replayed": "true"},
        )
    await response(scope, receive, send)
