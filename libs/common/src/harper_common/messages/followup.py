"""The ``/followup/*`` endpoints' requests and replies (spec, "Follow-Up API Endpoints")."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from harper_common.memory.models import AccountId
from harper_common.messages.base import WireModel
from harper_common.messages.query import FollowupDraft
from harper_common.settings import FollowupChannel

Urgency = Literal["critical", "high", "normal"]
DraftChannel = FollowupChannel


class PendingFilters(WireModel):
    stage: str | None = None
    days_threshold: int | None = Field(default=None, ge=0)


class FollowupPendingRequest(WireModel):
    request_id: str
    filters: PendingFilters = Field(default_factory=PendingFilters)
    today: date | None = None
    """The day to count from (UTC); unset means the service's today (HARPER_FOLLOWUP_TODAY)."""
    limit: int = Field(default=500, ge=1, le=5000)
    """At most this many accounts in the reply (most urgent first); ``total`` counts them all."""


class PendingAccount(WireModel):
    account_id: str
    account_name: str
    stage: str
    days_since_contact: int | None
    urgency: Urgency
    recommended_channel: DraftChannel
    next_steps: list[str] = Field(default_factory=list)
    pending_actions: list[str] = Field(default_factory=list)
    awaiting_approval: bool = False
    """A draft for this account waits for the broker's decision: nobody has contacted the client
    yet, so the account stays due until a follow-up is actually sent."""
    draft_session_id: str | None = None
    """The session (action) of that draft, to approve or reject it with /confirm."""


class FollowupPendingReply(WireModel):
    accounts: list[PendingAccount] = Field(default_factory=list)
    total: int = 0
    filters: PendingFilters = Field(default_factory=PendingFilters)


class FollowupDraftRequest(WireModel):
    request_id: str
    account_id: AccountId
    channel: DraftChannel | None = None
    purpose: str | None = Field(default=None, max_length=500)


class StyleTrait(WireModel):
    """One trait of a client's style and the messages (memory paths) it was read from."""

    value: str
    evidence: list[str] = Field(default_factory=list)
    detail: str = ""
    """What was measured, in words (e.g. "47 words a message on average")."""


class StyleProfile(WireModel):
    """How a client writes, read from their own inbound emails, texts and call turns."""

    voice: Literal["formal", "friendly", "casual", "detailed"]
    formality: StyleTrait
    """formal, semi-formal, informal or casual (greeting and sign-off)."""
    length: StyleTrait
    """brief, short, medium or long (words per message)."""
    tone: StyleTrait
    """professional, friendly or casual."""
    channel: StyleTrait
    """email, call or sms: where they write or answer most."""
    greeting: str | None = None
    sign_off: str | None = None
    messages_read: int = 0


class FollowupDraftReply(WireModel):
    draft: FollowupDraft
    account_id: str
    action_id: str | None = None
    """The pending approval, in review-before mode."""
    style: StyleProfile | None = None
    """How the client writes, each trait with the messages it was read from."""


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
    action_id: str | None = None
    """The follow-up action (pending approval in review-before mode, or the one sent)."""


class FollowupBatchRequest(WireModel):
    request_id: str
    limit: int = Field(default=10, ge=1, le=1000)
    dry_run: bool = True
    today: date | None = None


class FollowupBatchReply(WireModel):
    results: list[FollowupExecuteReply] = Field(default_factory=list)
    processed: int = 0
    dry_run: bool = True


class FollowupApproveRequest(WireModel):
    """Starter (``/confirm``) -> follow-up agent: the broker's decision on a pending draft."""

    request_id: str
    action_id: str
    approved: bool
    approved_by: str | None = None


class SentFollowup(WireModel):
    """Which follow-up went out, to whom."""

    action_id: str
    account_id: str
    account_name: str
    channel: DraftChannel
    recipient: str | None = None
    subject: str | None = None


class OutboxItem(SentFollowup):
    """A follow-up that went out: an email handed to the SMTP server, a text, a call script."""

    body: str
    sent_at: datetime
    message_id: str | None = None
    """The email's Message-ID header (email only)."""


class FollowupOutboxRequest(WireModel):
    request_id: str
    account_id: AccountId | None = None
    channel: DraftChannel | None = None
    limit: int = Field(default=50, ge=1, le=1000)


class FollowupOutboxReply(WireModel):
    items: list[OutboxItem] = Field(default_factory=list)
    """Newest first."""
    total: int = 0


class FollowupNotice(SentFollowup):
    """A follow-up sent in notify-after mode: it went out at once, and the broker is told."""

    notice_id: str
    summary: str
    """One line for the broker: what went to whom."""
    sent_at: datetime
    recorded: bool
    """Whether the send is in the account's history yet."""


class FollowupNoticesRequest(WireModel):
    request_id: str
    account_id: AccountId | None = None
    limit: int = Field(default=50, ge=1, le=1000)


class FollowupNoticesReply(WireModel):
    notices: list[FollowupNotice] = Field(default_factory=list)
    """Newest first."""
    total: int = 0
