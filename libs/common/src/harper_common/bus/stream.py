"""The JetStream stream of account events, and publishing to it exactly once per event."""

from __future__ import annotations

from faststream.nats import JStream, NatsBroker

from harper_common.messages.events import AccountEvent
from harper_common.messages.subjects import (
    ACCOUNT_EVENTS_ALL,
    ACCOUNT_STREAM,
    account_event_subject,
)

DUPLICATE_WINDOW_S = 24 * 3600.0
"""How long NATS remembers a Nats-Msg-Id: a retry within a day is stored once."""


def account_stream() -> JStream:
    """The stream as subscribers name it; ``ensure_account_stream`` creates it."""
    return JStream(
        name=ACCOUNT_STREAM,
        subjects=[ACCOUNT_EVENTS_ALL],
        duplicate_window=DUPLICATE_WINDOW_S,
        declare=False,
    )


async def publish_account_event(broker: NatsBroker, event: AccountEvent) -> None:
    """Publish with ``Nats-Msg-Id`` so a retried publish of the same event is stored once."""
    await broker.publish(
        event.model_dump(mode="json"),
        account_event_subject(event.kind, event.account_id),
        headers={"Nats-Msg-Id": event.msg_id},
        stream=ACCOUNT_STREAM,
        timeout=5.0,
    )
