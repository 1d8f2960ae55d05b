"""Per-key limits: requests per minute (in Redis, shared by every gateway replica) and open
event streams (per replica). Over the limit: 429 with ``Retry-After``.

When Redis does not answer, the request rate is not limited (and the log says so): refusing
every question because the limiter's store is down would turn a Redis blip into an outage.
"""

from __future__ import annotations

import logging
import time
from collections import Counter

from fastapi import HTTPException
from redis.asyncio import Redis
from redis.exceptions import RedisError

from harper_common.messages.base import Caller

log = logging.getLogger(__name__)


class KeyLimits:
    def __init__(self, redis: Redis, per_minute: int, streams_per_key: int) -> None:
        self.redis = redis
        self.per_minute = per_minute
        self.streams_per_key = streams_per_key
        self.open_streams: Counter[str] = Counter()

    async def check(self, caller: Caller) -> None:
        """Count this request against the caller's minute; 429 once it is used up."""
        if self.per_minute == 0:
            return
        now = time.time()
        window = int(now // 60)
        slot = f"harper:rate:{caller.name}:{window}"
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.incr(slot)
                pipe.expire(slot, 120)
                count, _ = await pipe.execute()
        except RedisError as exc:
            log.warning("rate limit not checked (Redis: %s)", exc)
            return
        if int(count) > self.per_minute:
            retry = max(1, int((window + 1) * 60 - now))
            raise HTTPException(
                429,
                detail=f"The key {caller.name!r} made more than {self.per_minute} requests this "
                f"minute (HARPER_RATE_LIMIT_PER_MIN); try again in {retry} s.",
                headers={"Retry-After": str(retry)},
            )

    def take_stream(self, caller: Caller | None) -> StreamSlot:
        """One of the caller's open-stream places, or 429 when they are all taken."""
        name = caller.name if caller else ""
        if caller is not None and self.open_streams[name] >= self.streams_per_key:
            raise HTTPException(
                429,
                detail=f"The key {name!r} already has {self.streams_per_key} event streams open; "
                "close one first.",
                headers={"Retry-After": "5"},
            )
        self.open_streams[name] += 1
        return StreamSlot(self.open_streams, name)


class StreamSlot:
    """A taken stream place; ``release`` gives it back (once, however often it is called)."""

    def __init__(self, counts: Counter[str], name: str) -> None:
        self.counts = counts
        self.name = name
        self.released = False

    def release(self) -> None:
        if self.released:
            return
        self.released = True
        self.counts[self.name] -= 1
        if self.counts[self.name] <= 0:
            del self.counts[self.name]
