"""Fixtures shared by the starter's tests (``redis_url``, a real Redis, comes from the root)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

from harper_common.sessions import SessionStore


@pytest.fixture
async def sessions(redis_url: str) -> AsyncIterator[SessionStore]:
    """Pending sessions in the real Redis, kept a minute."""
    redis = Redis.from_url(redis_url)
    yield SessionStore(redis, ttl_s=60)
    await redis.aclose()
