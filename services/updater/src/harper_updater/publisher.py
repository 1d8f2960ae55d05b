"""Account events onto JetStream, and what the stream already holds for an account."""

from __future__ import annotations

from faststream.nats import NatsBroker
from nats.js.errors import NotFoundError
from pydantic import ValidationError

from harper_common.bus.broker import jetstream
from harper_common.bus.stream import publish_account_event
from harper_common.messages.events import AccountEvent, AccountEventKind
from harper_common.messages.subjects import ACCOUNT_STREAM, account_event_subject


class JetStreamPublisher:
    def __init__(self, broker: NatsBroker) -> None:
        self.broker = broker

    async def publish(self, event: AccountEvent) -> None:
        await publish_account_event(self.broker, event)

    async def last_version(self, kind: AccountEventKind, account_id: str) -> int | None:
        """The version of the last event of this kind stored for the account, if any."""
        js = jetstream(self.broker)
        try:
            message = await js.get_last_msg(ACCOUNT_STREAM, account_event_subject(kind, account_id))
        except NotFoundError:
            return None
        try:
            return AccountEvent.model_validate_json(message.data or b"").version
        except ValidationError:
            return None
