"""Follow-up agent -> updater: record a follow-up in the account's history (the one writer)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from harper_common.memory.models import AccountId
from harper_common.messages.base import WireModel
from harper_common.messages.followup import DraftChannel

FollowupOutcome = Literal["sent", "rejected", "expired", "dry_run"]


class FollowupRecordRequest(WireModel):
    """What was done: the updater appends a history entry and publishes ``followup_recorded``."""

    request_id: str
    account_id: AccountId
    action_id: str
    """The follow-up action's id; recording the same action twice writes one entry."""
    outcome: FollowupOutcome
    channel: DraftChannel
    recipient: str | None = None
    subject: str | None = None
    body: str = Field(max_length=20_000)
    occurred_at: datetime
    approved_by: str | None = None
    evidence: str = ""
    """Why it was done, in words (e.g. "Quoted, 48 days since contact")."""


class FollowupRecordReply(WireModel):
    account_id: str
    history_entry_id: str
    version: int
    already_recorded: bool = False
