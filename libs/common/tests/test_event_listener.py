"""A listener hears events and never answers them: a JetStream publish carries a reply subject
for the stream's acknowledgement, and an empty answer from a listener that got there first broke
the publisher's ``js.publish`` (a JSONDecodeError seen once in CI)."""

from __future__ import annotations

import asyncio

import nats
import pytest
from faststream.nats import NatsBroker

from harper_common.bus.routes import event_listener


@pytest.mark.anyio
async def test_a_listener_hears_a_message_with_a_reply_subject_and_does_not_answer(
    nats_url: str,
) -> None:
    heard: asyncio.Queue[bytes] = asyncio.Queue()

    async def on_event(body: bytes) -> None:
        await heard.put(body)

    broker = NatsBroker(nats_url)
    event_listener(broker, "harper.test.events.*", on_event)
    await broker.start()
    client = await nats.connect(nats_url)
    try:
        with pytest.raises(nats.errors.TimeoutError):  # no answer at all, not an empty one
            await client.request("harper.test.events.1", b'{"n": 1}', timeout=1.0)
        assert await asyncio.wait_for(heard.get(), timeout=5) == b'{"n": 1}'
    finally:
        await client.close()
        await broker.stop()
