"""Durable account events (JetStream). The updater publishes them; the indexer applies them."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import Field

from harper_common.memory.models import AccountId
from harper_common.messages.base import WireModel


class AccountEventKind(StrEnum):
    CREATED = "created"
    STATE_CHANGED = "state_changed"
    COMMUNICATION_FILED = "communication_filed"
    FOLLOWUP_RECORDED = "followup_recorded"


class AccountEvent(WireModel):
    """Something durable happened to an account. ``version`` is state.md's version after it."""

    kind: AccountEventKind
    account_id: AccountId
    version: int = Field(ge=0)
    occurred_at: datetime
    history_entry_id: str | None = None
    source_path: str | None = None
    """For ``communication_filed``: the source folder, relative to the memory root."""

    @property
    def msg_id(self) -> str:
        """The ``Nats-Msg-Id``: a retried publish of the same event is stored once."""
        return f"{self.account_id}:{self.version}:{self.kind.value}"
