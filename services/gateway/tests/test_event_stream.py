"""The event stream of a run on a real Redis: keep-alive comments while it is quiet, and an
``error`` event, never silence, when Redis stops answering."""

from __future__ import annotations

import asyncio

import pytest
from redis.asyncio import Redis

from harper_gateway.events import RUN_LOST, STORE_DOWN, EventLog, KeepAlive, StreamEvent


@pytest.mark.anyio
async def test_a_quiet_run_gets_keep_alive_comments_then_its_events(redis_url: str) -> None:
    redis = Redis.from_url(redis_url)
    try:
        log = EventLog(redis, ttl_s=60, poll_s=0.01, keepalive_s=0.0)
        stream = log.follow("run-quiet")
        first = await anext(stream)
        assert isinstance(first, KeepAlive) and first.encode() == ": keep-alive\n\n"
        await log.append("run-quiet", "answer", {"text": "Quoted"})
        await log.append("run-quiet", "done", {})
        kinds = [event.kind async for event in stream if isinstance(event, StreamEvent)]
        assert kinds == ["answer", "done"]
    finally:
        await redis.aclose()


@pytest.mark.anyio
async def test_when_redis_stops_answering_the_stream_ends_with_an_error_event() -> None:
    redis = Redis(host="127.0.0.1", port=1, socket_connect_timeout=0.2)
    try:
        events = [event async for event in EventLog(redis, ttl_s=60).follow("run-down", after=3)]
    finally:
        await redis.aclose()
    assert len(events) == 1
    event = events[0]
    assert isinstance(event, StreamEvent) and event.kind == "error" and event.id == "run-down:4"
    assert event.data == {"message": STORE_DOWN, "code": "unavailable"}


@pytest.mark.anyio
async def test_a_run_that_could_not_record_its_events_ends_its_stream_with_an_error(
    redis_url: str,
) -> None:
    """What was recorded is sent, then an ``error`` event at once: not silence until the idle
    limit (the soak's streams waited two minutes when a run's append found every connection of
    the store's pool busy)."""
    redis = Redis.from_url(redis_url)
    try:
        log = EventLog(redis, ttl_s=60, poll_s=60.0, keepalive_s=600.0, idle_limit_s=600.0)
        await log.append("run-lost", "accepted", {"query": "x"})
        stream = log.follow("run-lost")
        first = await anext(stream)
        assert isinstance(first, StreamEvent) and first.kind == "accepted"
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0)  # the follower is now waiting (on a 60 s poll)
        log.lost("run-lost")
        last = await asyncio.wait_for(waiting, timeout=5)
        assert isinstance(last, StreamEvent) and last.kind == "error"
        assert last.data == {"message": RUN_LOST, "code": "unavailable"}
        assert last.id == "run-lost:2"
    finally:
        await redis.aclose()


@pytest.mark.anyio
async def test_a_quiet_stream_polls_the_store_less_and_less(redis_url: str) -> None:
    class Counting(Redis):
        reads = 0

        async def lrange(self, *args: object, **kwargs: object) -> list[bytes]:  # type: ignore[override]
            Counting.reads += 1
            return await super().lrange(*args, **kwargs)  # type: ignore[arg-type]

    redis = Counting.from_url(redis_url)
    try:
        log = EventLog(redis, ttl_s=60, poll_s=0.01, poll_max_s=0.16, keepalive_s=0.3)
        stream = log.follow("run-slow")
        assert isinstance(await anext(stream), KeepAlive)  # some 0.3 s of quiet
        # 0.01 + 0.02 + 0.04 + 0.08 + 0.16 ... : about 5 reads, not the 30 of a fixed 0.01 s
        assert Counting.reads <= 10
        await log.append("run-slow", "done", {})
        assert [e.kind async for e in stream if isinstance(e, StreamEvent)] == ["done"]
    finally:
        await redis.aclose()
