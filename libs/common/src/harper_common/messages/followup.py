"""The ``/followup/*`` endpoints' requests and replies (spec, "Follow-Up API Endpoints")."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from harper_common.memory.models import AccountId
from harper_common.messages.base import WireModel
from harper_common.messages.query import FollowupDraft

Urgency = Literal["critical", "high", "normal"]
DraftChannel = Literal["email", "call_script", "sms"]


class PendingFilters(WireModel):
    stage: str | None = None
    days_threshold: int | None = Field(default=None, ge=0)


class FollowupPendingRequest(WireModel):
    request_id: str
    filters: PendingFilters = Field(default_factory=PendingFilters)


class PendingAccount(WireModel):
    account_id: str
    account_name: str
    stage: str
    days_since_contact: int | None
    urgency: Urgency
    recommended_channel: DraftChannel
    next_steps: list[str] = Field(default_factory=list)
    pending_actions: list[str] = Field(default_factory=list)


class FollowupPendingReply(WireModel):
    accounts: list[PendingAccount] = Field(default_factory=list)
    total: int = 0
    filters: PendingFilters = Field(default_factory=PendingFilters)


class FollowupDraftRequest(WireModel):
    request_id: str
    account_id: AccountId
    channel: DraftChannel | None = None
    purpose: str | None = Field(default=None, max_length=500)


class FollowupDraftReply(WireModel):
    draft: FollowupDraft
    account_id: str
    action_id: str | None = None
    """The pending approval, in review-before mode."""


class FollowupExecuteRequest(WireModel):
    request_id: str
    account_id: AccountId
    channel: DraftChannel | None = None
    dry_run: bool = False
    purpose: str | None = Field(default=None, max_length=500)


class ExecuteResult(WireModel):
    success: bool
    sent: bool
    recorded: bool
    message: str
    history_entry_id: str | None = None


class FollowupExecuteReply(WireModel):
    result: ExecuteResult
    draft: FollowupDraft | None = None
    account_id: str


class FollowupBatchRequest(WireModel):
    request_id: str
    limit: int = Field(default=10, ge=1, le=1000)
    dry_run: bool = True


class FollowupBatchReply(WireModel):
    results: list[FollowupExecuteReply] = Field(default_factory=list)
    processed: int = 0
    dry_run: bool = True
