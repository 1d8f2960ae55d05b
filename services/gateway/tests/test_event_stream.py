"""The event stream of a run on a real Redis: keep-alive comments while it is quiet, and an
``error`` event, never silence, when Redis stops answering."""

from __future__ import annotations

import pytest
from redis.asyncio import Redis

from harper_gateway.events import STORE_DOWN, EventLog, KeepAlive, StreamEvent


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
