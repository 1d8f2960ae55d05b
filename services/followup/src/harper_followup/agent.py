"""The follow-up agent: pending scan, drafts, oversight (review-before / auto / dry_run), sending.

Oversight (seed 003): in ``review-before`` (the default) a draft becomes a pending action with an
id and an expiry, and a Redis session of kind ``followup_approval`` under the same id, so the
broker approves or rejects it through ``/confirm``. ``auto`` sends at once; ``notify-after``
sends at once and tells the broker (``notify.Notifier``); ``dry_run`` never sends. The mode can be
set per channel. Every send is recorded in history by the updater (``execute.Executor``).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Protocol

from pydantic import JsonValue

from harper_common.bus.progress import NoProgress, Progress
from harper_common.memory import MemoryRoot
from harper_common.messages.followup import (
    DraftChannel,
    ExecuteResult,
    FollowupDraftReply,
    FollowupDraftRequest,
    FollowupExecuteReply,
    FollowupExecuteRequest,
    FollowupOutboxReply,
    FollowupOutboxRequest,
    FollowupPendingReply,
    FollowupPendingRequest,
)
from harper_common.messages.progress import ToolCallStep, ToolResultStep
from harper_common.messages.query import IntentInfo
from harper_common.settings import FollowupMode
from harper_followup.compose import DraftInput
from harper_followup.drafter import Drafted, Drafter
from harper_followup.execute import Executor
from harper_followup.memory import AgentMemory
from harper_followup.notify import Notifier
from harper_followup.prepare import prepare
from harper_followup.rules import FollowupRules
from harper_followup.scan import PendingScanner
from harper_followup.store import ActionStore, FollowupAction, Outbox, Recipient

Mode = FollowupMode
API_INTENT = IntentInfo(intent="followup", confidence=1.0, rule="followup_api")


class ApprovalSessions(Protocol):
    """Opens the ``/confirm`` session for a pending action (Redis in production)."""

    async def open(self, action: FollowupAction, query: str, intent: IntentInfo) -> None: ...


@dataclass(frozen=True)
class Outcome:
    """A drafted follow-up and what happened to it under the oversight mode."""

    data: DraftInput
    drafted: Drafted
    action: FollowupAction | None
    mode: Mode

    @property
    def account_name(self) -> str:
        return self.data.account.state.name

    def result(self) -> ExecuteResult:
        action, name, channel = self.action, self.account_name, self.data.channel
        if action is None:
            return ExecuteResult(
                success=True, sent=False, recorded=False, message=f"Drafted {channel} (dry run)"
            )
        if action.status == "pending":
            message = f"Drafted {channel} for {name}; approve with /confirm ({action.action_id})"
            return ExecuteResult(success=True, sent=False, recorded=False, message=message)
        return execute_result(action)


def execute_result(action: FollowupAction) -> ExecuteResult:
    name, channel = action.account_name, action.draft.channel
    if action.status == "rejected":
        message = f"Rejected: nothing was sent to {name}"
    elif channel == "call_script":
        message = f"Call script for {name} is in the outbox; the broker makes the call"
    else:
        message = f"Sent {'email' if channel == 'email' else 'text'} to {name}"
        if not action.recorded:
            message += f" (not yet recorded in history: {action.error or 'updater unavailable'})"
    return ExecuteResult(
        success=action.status == "rejected" or action.recorded or channel == "call_script",
        sent=action.sent,
        recorded=action.recorded,
        message=message,
        history_entry_id=action.history_entry_id,
    )


@dataclass
class FollowupAgent:
    root: MemoryRoot
    rules: FollowupRules
    scanner: PendingScanner
    drafter: Drafter
    executor: Executor
    actions: ActionStore
    outbox_store: Outbox
    memory: AgentMemory
    sessions: ApprovalSessions
    mode: Mode
    approval_ttl: timedelta
    clock: Callable[[], datetime]
    notifier: Notifier
    channel_modes: Mapping[DraftChannel, Mode] = field(default_factory=dict)
    """Oversight per channel, over ``mode`` (HARPER_FOLLOWUP_CHANNEL_MODES)."""
    fixed_today: date | None = None
    progress: Callable[[str], Progress] = lambda _: NoProgress()

    def mode_for(self, channel: DraftChannel) -> Mode:
        """The oversight configured for a follow-up on ``channel``."""
        return self.channel_modes.get(channel, self.mode)

    def today(self, asked: date | None = None) -> date:
        return asked or self.fixed_today or self.clock().date()

    async def pending(self, request: FollowupPendingRequest) -> FollowupPendingReply:
        today = self.today(request.today)
        found = await self.scanner.scan(
            request.filters, today, self.clock(), await self.memory.snapshot()
        )
        return FollowupPendingReply(
            accounts=found[: request.limit], total=len(found), filters=request.filters
        )

    async def draft(self, request: FollowupDraftRequest) -> FollowupDraftReply:
        outcome = await self.run(
            request.account_id,
            request.request_id,
            channel=request.channel,
            purpose=request.purpose,
            mode=None,
            query=f"Draft a follow-up for account {request.account_id}",
            propose_only=True,
        )
        return FollowupDraftReply(
            draft=outcome.drafted.draft,
            account_id=request.account_id,
            action_id=outcome.action.action_id if outcome.action else None,
            style=outcome.data.profile,
        )

    async def execute(self, request: FollowupExecuteRequest) -> FollowupExecuteReply:
        outcome = await self.run(
            request.account_id,
            request.request_id,
            channel=request.channel,
            purpose=request.purpose,
            mode="dry_run" if request.dry_run else None,
            query=f"Follow up with account {request.account_id}",
        )
        return FollowupExecuteReply(
            result=outcome.result(),
            draft=outcome.drafted.draft,
            account_id=request.account_id,
            action_id=outcome.action.action_id if outcome.action else None,
        )

    async def outbox(self, request: FollowupOutboxRequest) -> FollowupOutboxReply:
        items = await self.outbox_store.items(request.account_id, request.channel)
        return FollowupOutboxReply(items=items[: request.limit], total=len(items))

    async def run(
        self,
        account_id: str,
        request_id: str,
        *,
        channel: DraftChannel | None,
        purpose: str | None,
        mode: Mode | None,
        query: str,
        intent: IntentInfo = API_INTENT,
        today: date | None = None,
        propose_only: bool = False,
    ) -> Outcome:
        """Prepare, draft, then propose (review-before), send (auto), send and tell the broker
        (notify-after) or stop (dry_run). ``mode`` None: the mode of the draft's channel;
        ``propose_only``: a draft asked for, never sent without approval."""
        progress = self.progress(request_id)
        data = await self._prepare(account_id, channel, purpose, today, progress)
        mode = mode or self.mode_for(data.channel)
        if propose_only and mode != "dry_run":
            mode = "review-before"
        drafted = await self._draft(data, request_id, progress)
        if mode == "dry_run":
            return Outcome(data, drafted, None, mode)
        action = self._action(data, drafted)
        await self.actions.add(action)
        if mode == "review-before":
            await self.memory.proposed(
                account_id, action.action_id, action.created_at, action.expires_at
            )
            await self.sessions.open(action, query, intent)
            return Outcome(data, drafted, action, mode)
        await progress.step(ToolCallStep(call_id=action.action_id, tool="send_message"))
        sent = await self.executor.send(action, request_id, mode)
        if mode == "notify-after" and sent.status == "sent":
            await self.notifier.notify(sent)
        return Outcome(data, drafted, sent, mode)

    async def _prepare(
        self,
        account_id: str,
        channel: DraftChannel | None,
        purpose: str | None,
        today: date | None,
        progress: Progress,
    ) -> DraftInput:
        call_id = uuid.uuid4().hex[:12]
        path = f"accounts/{account_id}/state.md"
        await progress.step(
            ToolCallStep(call_id=call_id, tool="read_file", arguments={"path": path})
        )
        data = await prepare(
            self.root,
            account_id,
            rules=self.rules,
            today=self.today(today),
            channel=channel,
            purpose=purpose,
            memory=await self.memory.get(account_id),
        )
        summary = f"{data.profile.voice} voice, prefers {data.profile.channel.value}"
        await progress.step(
            ToolResultStep(
                call_id=call_id, tool="read_file", summary=summary, files=data.context_used
            )
        )
        return data

    async def _draft(self, data: DraftInput, request_id: str, progress: Progress) -> Drafted:
        call_id = uuid.uuid4().hex[:12]
        arguments: dict[str, JsonValue] = {"account_id": data.account.state.account_id}
        arguments["channel"] = data.channel
        await progress.step(
            ToolCallStep(call_id=call_id, tool="draft_message", arguments=arguments)
        )
        drafted = await self.drafter.draft(data, request_id)
        await progress.step(
            ToolResultStep(call_id=call_id, tool="draft_message", summary=drafted.draft.rationale)
        )
        return drafted

    def _action(self, data: DraftInput, drafted: Drafted) -> FollowupAction:
        now = self.clock()
        state = data.account.state
        contact = state.primary_contact
        address = None
        if contact is not None:
            address = contact.email if drafted.draft.channel == "email" else contact.phone
        return FollowupAction(
            action_id=uuid.uuid4().hex,
            account_id=state.account_id,
            account_name=state.name,
            draft=drafted.draft,
            recipient=Recipient(name=contact.name if contact else None, address=address),
            sender_name=data.broker.name if data.account.broker else None,
            sender_email=data.account.broker_email,
            evidence=drafted.draft.rationale,
            created_at=now,
            expires_at=now + self.approval_ttl,
        )
