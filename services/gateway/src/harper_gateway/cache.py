"""The query cache: answers to questions, kept in Redis until an account changes.

Keys carry a generation number; any account event (or ``/cache/clear``) bumps it, so every
gateway replica stops serving the old answers at once and Redis expires them later.
Only read answers (``routed_to: search_agent``) are cached; updates and confirmations never are.
"""

from __future__ import annotations

import hashlib
import logging
import re

from redis.asyncio import Redis
from redis.exceptions import RedisError

from harper_common.messages.query import AnswerResponse

log = logging.getLogger(__name__)
_GENERATION = "harper:cache:generation"
_SPACES = re.compile(r"\s+")


def normalise(query: str) -> str:
    return _SPACES.sub(" ", query.strip().lower())


class QueryCache:
    def __init__(self, redis: Redis, *, ttl_s: int) -> None:
        self.redis = redis
        self.ttl_s = ttl_s

    async def key(self, query: str) -> str | None:
        """The key for ``query`` in the current generation; None when the cache is off, or
        Redis does not answer (questions are then answered without the cache)."""
        if self.ttl_s == 0:
            return None
        try:
            generation = int(await self.redis.get(_GENERATION) or 0)
        except RedisError as exc:
            log.warning("query cache unavailable (Redis: %s); answering without it", exc)
            return None
        digest = hashlib.sha256(normalise(query).encode()).hexdigest()[:32]
        return f"harper:cache:{generation}:{digest}"

    async def get(self, key: str) -> AnswerResponse | None:
        try:
            raw = await self.redis.get(key)
        except RedisError:
            return None
        return None if raw is None else AnswerResponse.model_validate_json(raw)

    async def put(self, key: str, answer: AnswerResponse) -> None:
        try:
            await self.redis.set(key, answer.model_dump_json(), ex=self.ttl_s)
        except RedisError as exc:
            log.warning("could not cache an answer (Redis: %s)", exc)

    async def clear(self) -> int:
        """Invalidate every cached answer; returns the new generation."""
        return int(await self.redis.incr(_GENERATION))
