"""Server-sent events of one query run, buffered in Redis so a reconnecting client can resume.

Each event has an id ``<request_id>:<seq>``; ``Last-Event-ID`` names the last one a client saw
and the replay starts after it. Events live in a Redis list for ``stream_replay_ttl_s``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass

from pydantic import JsonValue
from redis.asyncio import Redis
from redis.exceptions import RedisError

FINAL_KINDS = frozenset({"done", "error"})


@dataclass(frozen=True)
class StreamEvent:
    id: str
    kind: str
    data: JsonValue

    def encode(self) -> str:
        payload = json.dumps(self.data, ensure_ascii=False)
        return f"id: {self.id}\nevent: {self.kind}\ndata: {payload}\n\n"


@dataclass(frozen=True)
class KeepAlive:
    """An SSE comment sent while a run is quiet, so proxies and clients keep the stream open."""

    def encode(self) -> str:
        return ": keep-alive\n\n"


STORE_DOWN = (
    "The event store (Redis) is not answering, so this stream stops here; the run itself may "
    "go on. Resume with Last-Event-ID once Harper is healthy, or ask again."
)
RUN_LOST = (
    "The run's events could not be recorded (the event store did not take them in time), so "
    "this stream stops here; the run itself may have finished. Ask again."
)


LOST_KEPT = 10_000
"""Lost runs remembered for a follower still to come."""


def parse_event_id(value: str) -> tuple[str, int] | None:
    """``<request_id>:<seq>`` -> (request_id, seq); None when it is not one of ours."""
    request_id, sep, seq = value.strip().rpartition(":")
    if not sep or not request_id or not (seq.isascii() and seq.isdigit()):
        return None
    return request_id, int(seq)


class EventLog:
    """Appends and replays the events of runs. Readers wake on new events (same process) or poll."""

    def __init__(
        self,
        redis: Redis,
        *,
        ttl_s: int,
        idle_limit_s: float = 120.0,
        poll_s: float = 0.25,
        poll_max_s: float = 1.0,
        keepalive_s: float = 15.0,
    ) -> None:
        self.redis = redis
        self.ttl_s = ttl_s
        self.idle_limit_s = idle_limit_s
        self.poll_s = poll_s
        self.poll_max_s = max(poll_s, poll_max_s)
        self.keepalive_s = keepalive_s
        self._wakers: dict[str, asyncio.Event] = {}
        self._lost: dict[str, str] = {}

    def lost(self, request_id: str, message: str = RUN_LOST) -> None:
        """The run of ``request_id`` in this process ended without recording its last events:
        its followers here end with an ``error`` event at once instead of waiting out the idle
        limit (followers on other replicas still get theirs at the idle limit)."""
        self._lost[request_id] = message
        while len(self._lost) > LOST_KEPT:  # runs nobody followed: the oldest go
            self._lost.pop(next(iter(self._lost)))
        waker = self._wakers.get(request_id)
        if waker is not None:
            waker.set()

    @staticmethod
    def _key(request_id: str) -> str:
        return f"harper:stream:{request_id}"

    async def append(self, request_id: str, kind: str, data: JsonValue) -> StreamEvent:
        key = self._key(request_id)
        seq = await self.redis.rpush(key, json.dumps({"kind": kind, "data": data}))
        await self.redis.expire(key, self.ttl_s)
        event = StreamEvent(id=f"{request_id}:{seq}", kind=kind, data=data)
        waker = self._wakers.get(request_id)
        if waker is not None:
            waker.set()
        return event

    async def exists(self, request_id: str) -> bool:
        return bool(await self.redis.exists(self._key(request_id)))

    async def follow(
        self, request_id: str, after: int = 0
    ) -> AsyncIterator[StreamEvent | KeepAlive]:
        """Every event after sequence number ``after``, until the run's final event; a
        keep-alive comment while the run is quiet; an ``error`` event, never silence, when the
        store stops answering or the run here could not record its events. Events appended in
        this process wake the follower at once; the store is polled too (for runs on other
        replicas), every ``poll_s`` after an event and less often, up to ``poll_max_s``, while
        the run is quiet, so hundreds of open streams do not hold the store's connections."""
        waker = self._wakers.setdefault(request_id, asyncio.Event())
        seq = after
        loop = asyncio.get_running_loop()
        last_seen = last_sent = loop.time()
        wait = self.poll_s
        try:
            while True:
                lost = self._lost.pop(request_id, None)
                waker.clear()
                try:
                    raw_events = await self.redis.lrange(self._key(request_id), seq, -1)
                except RedisError:
                    data: JsonValue = {"message": STORE_DOWN, "code": "unavailable"}
                    yield StreamEvent(id=f"{request_id}:{seq + 1}", kind="error", data=data)
                    return
                if raw_events:
                    last_seen = last_sent = loop.time()
                    wait = self.poll_s
                elif lost is not None:
                    data = {"message": lost, "code": "unavailable"}
                    yield StreamEvent(id=f"{request_id}:{seq + 1}", kind="error", data=data)
                    return
                elif loop.time() - last_sent >= self.keepalive_s:
                    last_sent = loop.time()
                    yield KeepAlive()
                if not raw_events and loop.time() - last_seen > self.idle_limit_s:
                    yield StreamEvent(
                        id=f"{request_id}:{seq + 1}",
                        kind="error",
                        data={"message": "The run stopped sending events; ask again."},
                    )
                    return
                for raw in raw_events:
                    seq += 1
                    item = json.loads(raw)
                    yield StreamEvent(
                        id=f"{request_id}:{seq}", kind=item["kind"], data=item["data"]
                    )
                    if item["kind"] in FINAL_KINDS:
                        return
                if lost is not None:
                    self._lost[request_id] = lost  # told once what was recorded is sent
                    continue
                try:
                    await asyncio.wait_for(waker.wait(), timeout=wait)
                except TimeoutError:
                    wait = min(wait * 2, self.poll_max_s)
        finally:
            self._wakers.pop(request_id, None)
            self._lost.pop(request_id, None)
