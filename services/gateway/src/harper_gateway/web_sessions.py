"""Browser sign-in: a random session token in an HttpOnly cookie, the key's hash kept in Redis.

The cookie never holds the key. Revoking the key ends its sessions (each request checks the key
again); signing out deletes the session.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Final

from redis.asyncio import Redis

COOKIE: Final = "harper_session"
_PREFIX: Final = "harper:web_session:"


def _slot(token: str) -> str:
    return _PREFIX + hashlib.sha256(token.encode()).hexdigest()


class WebSessions:
    def __init__(self, redis: Redis, ttl_s: int) -> None:
        self.redis = redis
        self.ttl_s = ttl_s

    async def open(self, key_hash: str) -> str:
        token = secrets.token_urlsafe(32)
        await self.redis.set(_slot(token), key_hash, ex=self.ttl_s)
        return token

    async def key_hash(self, token: str) -> str | None:
        if len(token) > 200:
            return None
        value = await self.redis.get(_slot(token))
        return value.decode() if isinstance(value, bytes) else value

    async def close(self, token: str) -> None:
        await self.redis.delete(_slot(token))
