"""Per-key limits on a real Redis: requests per minute and open event streams."""

from __future__ import annotations

import pytest
from fastapi import HTTPException
from redis.asyncio import Redis

from harper_common.messages.base import Caller
from harper_gateway.limits import KeyLimits

JORDAN = Caller(name="jordan", role="broker")
CASEY = Caller(name="casey", role="viewer")


@pytest.mark.anyio
async def test_a_key_over_its_minute_gets_429_with_retry_after(redis_url: str) -> None:
    redis = Redis.from_url(redis_url)
    try:
        await redis.flushdb()
        limits = KeyLimits(redis, per_minute=3, streams_per_key=2)
        for _ in range(3):
            await limits.check(JORDAN)
        with pytest.raises(HTTPException) as refused:
            await limits.check(JORDAN)
        assert refused.value.status_code == 429
        assert refused.value.headers is not None
        assert 1 <= int(refused.value.headers["Retry-After"]) <= 60
        await limits.check(CASEY)  # another key has its own count
    finally:
        await redis.aclose()


@pytest.mark.anyio
async def test_without_redis_requests_are_not_limited() -> None:
    redis = Redis(host="127.0.0.1", port=1, socket_connect_timeout=0.2)
    limits = KeyLimits(redis, per_minute=1, streams_per_key=2)
    await limits.check(JORDAN)
    await limits.check(JORDAN)  # no store, no limit: answered, and the log says so
    await redis.aclose()


def test_open_streams_are_capped_per_key_and_given_back() -> None:
    limits = KeyLimits(Redis(), per_minute=0, streams_per_key=2)
    first, second = limits.take_stream(JORDAN), limits.take_stream(JORDAN)
    with pytest.raises(HTTPException) as refused:
        limits.take_stream(JORDAN)
    assert refused.value.status_code == 429
    limits.take_stream(CASEY).release()
    first.release()
    first.release()  # twice is once
    third = limits.take_stream(JORDAN)
    second.release()
    third.release()
    assert limits.open_streams == {}
