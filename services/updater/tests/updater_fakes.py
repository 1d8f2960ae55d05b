"""Stand-ins for the seams that leave the updater's process, shared by its test modules."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from harper_common.messages.events import AccountEvent, AccountEventKind


@dataclass
class RecordingPublisher:
    """JetStream as the writer sees it: events kept in order, the last version per subject."""

    events: list[AccountEvent] = field(default_factory=list)
    fail: bool = False
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once an event was published."""

    async def publish(self, event: AccountEvent) -> None:
        if self.fail:
            raise ConnectionError("JetStream is down")
        self.events.append(event)
        self.arrived.set()

    async def last_version(self, kind: AccountEventKind, account_id: str) -> int | None:
        versions = [e.version for e in self.events if e.kind == kind and e.account_id == account_id]
        return max(versions, default=None)
