"""The query cache on a real Redis: an answer is found again until the generation moves on,
whichever gateway replica moved it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

from harper_common.messages.query import AnswerResponse
from harper_gateway.cache import QueryCache

ANSWER = AnswerResponse(answer="Maple Avenue Dental is at Quoted.", account_id="maple")


@pytest.fixture
async def redis(redis_url: str) -> AsyncIterator[Redis]:
    client = Redis.from_url(redis_url)
    await client.flushdb()
    yield client
    await client.aclose()


@pytest.mark.anyio
async def test_an_answer_kept_is_found_for_the_same_question_however_spaced(redis: Redis) -> None:
    cache = QueryCache(redis, ttl_s=60)
    key, cached = await cache.lookup("What stage is Maple at?")
    assert key is not None and cached is None
    await cache.put(key, ANSWER)
    for _ in range(2):  # the first look-up learns the generation, the next ones guess it
        again, found = await cache.lookup("  what stage  is maple at? ")
        assert again == key and found == ANSWER


@pytest.mark.anyio
async def test_another_replicas_clear_hides_the_answers_this_one_kept(redis: Redis) -> None:
    """The generation this replica remembers is only a guess: once any replica clears (an
    account event), the answer kept under the old generation is never served."""
    cache, other = QueryCache(redis, ttl_s=60), QueryCache(redis, ttl_s=60)
    key, _ = await cache.lookup("status on maple")
    assert key is not None
    await cache.put(key, ANSWER)
    assert (await cache.lookup("status on maple"))[1] == ANSWER
    await other.clear()
    new_key, found = await cache.lookup("status on maple")
    assert found is None and new_key != key
    await cache.put(new_key or "", ANSWER)
    await cache.clear()
    assert (await other.lookup("status on maple"))[1] is None


@pytest.mark.anyio
async def test_off_or_without_redis_there_is_no_key() -> None:
    assert await QueryCache(Redis(), ttl_s=0).lookup("status on maple") == (None, None)
    down = Redis(host="127.0.0.1", port=1, socket_connect_timeout=0.2)
    assert await QueryCache(down, ttl_s=60).lookup("status on maple") == (None, None)
    await down.aclose()
