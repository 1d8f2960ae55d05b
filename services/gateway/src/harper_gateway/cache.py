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
        self._generation: int | None = None
        """The generation last read: its answer is asked for in the same round trip as the
        current generation, and used only when the two agree."""

    async def lookup(self, query: str) -> tuple[str | None, AnswerResponse | None]:
        """The key for ``query`` in the current generation and the answer kept under it. The
        key is None when the cache is off, or Redis does not answer (questions are then
        answered without the cache)."""
        if self.ttl_s == 0:
            return None, None
        digest = hashlib.sha256(normalise(query).encode()).hexdigest()[:32]
        try:
            generation, raw = await self._current(digest)
        except RedisError as exc:
            log.warning("query cache unavailable (Redis: %s); answering without it", exc)
            return None, None
        self._generation = generation
        cached = None if raw is None else AnswerResponse.model_validate_json(raw)
        return _key(generation, digest), cached

    async def _current(self, digest: str) -> tuple[int, bytes | str | None]:
        """The current generation and the answer under ``digest`` in it: one round trip when
        the generation is the one last read, two when it changed (or none was read yet)."""
        guess = self._generation
        if guess is None:
            generation = int(await self.redis.get(_GENERATION) or 0)
        else:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.get(_GENERATION)
                pipe.get(_key(guess, digest))
                read, raw = await pipe.execute()
            generation = int(read or 0)
            if generation == guess:
                return generation, raw
        return generation, await self.redis.get(_key(generation, digest))

    async def put(self, key: str, answer: AnswerResponse) -> None:
        try:
            await self.redis.set(key, answer.model_dump_json(), ex=self.ttl_s)
        except RedisError as exc:
            log.warning("could not cache an answer (Redis: %s)", exc)

    async def clear(self) -> int:
        """Invalidate every cached answer; returns the new generation."""
        return int(await self.redis.incr(_GENERATION))


def _key(generation: int, digest: str) -> str:
    return f"harper:cache:{generation}:{digest}"
