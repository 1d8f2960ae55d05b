"""Dead letters: account events the indexer failed to apply too many times.

The indexer publishes each one to the ``HARPER_DEAD`` JetStream stream (kept, not just logged),
acknowledges the event so the consumer moves on, and keeps a ``DeadLetterSummary`` that its
health detail and status reply show.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from harper_common.memory.models import AccountId
from harper_common.messages.base import WireModel
from harper_common.messages.events import AccountEventKind

NEWEST_SHOWN = 3
"""How many of the newest dead letters a summary carries."""


class DeadLetter(WireModel):
    """One account event given up on, with why."""

    account_id: AccountId
    kind: AccountEventKind
    version: int = Field(ge=0)
    subject: str
    """The account-event subject it was consumed from."""
    stream_sequence: int = Field(ge=0)
    """Its sequence in the account stream (the dead-letter publish is deduplicated by it)."""
    deliveries: int = Field(ge=1)
    error: str
    """The last failure, ``Type: message``."""
    dead_at: datetime


class DeadLetterSummary(WireModel):
    """How many events were dead-lettered, and the newest few (newest first)."""

    count: int = Field(default=0, ge=0)
    newest: list[DeadLetter] = Field(default_factory=list)

    def add(self, letter: DeadLetter) -> None:
        self.count += 1
        self.newest = [letter, *self.newest][:NEWEST_SHOWN]

    def describe(self) -> str:
        """One line for a health detail: empty when there is nothing to say."""
        if not self.count:
            return ""
        shown = "; ".join(
            f"account {letter.account_id} {letter.kind.value} v{letter.version} after "
            f"{letter.deliveries} deliveries: {letter.error}"
            for letter in self.newest
        )
        noun = "dead letter" if self.count == 1 else "dead letters"
        return f"{self.count} {noun} in stream HARPER_DEAD (newest: {shown})"
