"""Approving, rejecting and sending a drafted follow-up, each at most once.

Sending: the action is claimed exclusively (create-if-absent in the claims bucket: a second
approval, an execute or a rejection, even in another replica, finds the claim), delivered (email
over SMTP; a text or a call script to the outbox), saved as sent at once, then recorded in
history through the updater. When recording fails the action stays sent and a later approval
only retries the recording: a client never gets the same follow-up twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from harper_common.bus.client import BusError
from harper_common.bus.routes import ServiceFailure
from harper_common.messages.base import ErrorCode
from harper_common.messages.followup import OutboxItem
from harper_common.messages.record import FollowupOutcome, FollowupRecordRequest
from harper_followup.delivery import HistoryRecorder, Mailer, build_email
from harper_followup.memory import AgentMemory
from harper_followup.store import ActionStore, FollowupAction, Outbox

log = logging.getLogger(__name__)


class Executor:
    def __init__(
        self,
        actions: ActionStore,
        outbox: Outbox,
        memory: AgentMemory,
        mailer: Mailer,
        recorder: HistoryRecorder,
        envelope_from: str,
        clock: Callable[[], datetime],
    ) -> None:
        self.actions = actions
        self.outbox = outbox
        self.memory = memory
        self.mailer = mailer
        self.recorder = recorder
        self.envelope_from = envelope_from
        self.clock = clock

    async def load(self, action_id: str) -> FollowupAction:
        action = await self.actions.get(action_id)
        if action is None:
            raise ServiceFailure(
                ErrorCode.NOT_FOUND,
                f"No follow-up action {action_id!r}: it never existed.",
                fix="Draft the follow-up again (POST /followup/draft or /query).",
            )
        return action

    async def approve(self, action_id: str, request_id: str, by: str | None) -> FollowupAction:
        action = await self.load(action_id)
        if action.status == "sent" or action.sent:
            return await self._record_if_missing(action, request_id)
        self._refuse_closed(action)
        return await self.send(action, request_id, by)

    async def reject(self, action_id: str, request_id: str, by: str | None) -> FollowupAction:
        action = await self.load(action_id)
        if action.status == "rejected":
            return action
        if action.sent:
            raise ServiceFailure(
                ErrorCode.CONFLICT, f"The follow-up to {action.account_name} was already sent."
            )
        self._refuse_closed(action)
        if not await self.actions.claim(action.action_id, "reject"):
            current = await self._lost_claim(action.action_id)
            if current.status == "rejected":
                return current
            raise ServiceFailure(
                ErrorCode.CONFLICT,
                f"The follow-up to {action.account_name} is being sent; it cannot be rejected.",
            )
        action = action.model_copy(update={"status": "rejected", "decided_at": self.clock()})
        await self.actions.save(action)
        await self.memory.rejected(action.account_id, action.action_id)
        return await self._record(action, request_id, "rejected", by)

    def _refuse_closed(self, action: FollowupAction) -> None:
        now = self.clock()
        if action.expired(now):
            raise ServiceFailure(
                ErrorCode.CONFLICT,
                f"The follow-up draft for {action.account_name} expired at "
                f"{action.expires_at:%Y-%m-%d %H:%M} UTC without approval; nothing was sent.",
                fix=f"Ask for a new draft: 'Follow up with {action.account_name}'.",
            )
        if action.status != "pending":
            raise ServiceFailure(
                ErrorCode.CONFLICT,
                f"The follow-up to {action.account_name} is {action.status}; nothing was sent.",
            )

    async def send(self, action: FollowupAction, request_id: str, by: str | None) -> FollowupAction:
        """Deliver once, save as sent, then record; a lost race returns the winner's result."""
        if not await self.actions.claim(action.action_id):
            current = await self._lost_claim(action.action_id)
            if current.status == "sent":
                return current
            raise ServiceFailure(
                ErrorCode.CONFLICT, "This follow-up is being sent right now; nothing more was done."
            )
        try:
            message_id = await self._deliver(action)
        except Exception as exc:
            await self.actions.release(action.action_id)
            raise ServiceFailure(
                ErrorCode.UNAVAILABLE,
                f"Could not send the {action.draft.channel} to {action.account_name}: {exc}",
                fix="Check the SMTP server (HARPER_SMTP_HOST/PORT) and approve again.",
            ) from exc
        now = self.clock()
        sent = action.draft.channel != "call_script"
        action = action.model_copy(
            update={
                "status": "sent",
                "decided_at": action.decided_at or now,
                "sent": sent,
                "sent_at": now,
                "message_id": message_id,
            }
        )
        await self.actions.save(action)
        await self.outbox.add(_outbox_item(action, now))
        await self.memory.sent(action.account_id, action.draft.channel, now)
        if not sent:
            return action  # a call script: the broker makes the call; nothing to record yet
        return await self._record(action, request_id, "sent", by)

    async def _lost_claim(self, action_id: str) -> FollowupAction:
        """The action as the replica holding its claim left it; refused when it is closed."""
        current = await self.load(action_id)
        if current.status not in ("sent", "pending"):
            self._refuse_closed(current)
        return current

    async def _deliver(self, action: FollowupAction) -> str | None:
        if action.draft.channel != "email":
            return None
        message = build_email(action, self.envelope_from)
        await self.mailer.send(message)
        return str(message["Message-ID"])

    async def _record_if_missing(self, action: FollowupAction, request_id: str) -> FollowupAction:
        if action.recorded or not action.sent:
            return action
        return await self._record(action, request_id, "sent", None)

    async def _record(
        self, action: FollowupAction, request_id: str, outcome: FollowupOutcome, by: str | None
    ) -> FollowupAction:
        request = FollowupRecordRequest(
            request_id=request_id,
            account_id=action.account_id,
            action_id=action.action_id,
            outcome=outcome,
            channel=action.draft.channel,
            recipient=action.recipient.address,
            subject=action.draft.subject,
            body=action.draft.body[:20_000],
            occurred_at=action.sent_at or action.decided_at or self.clock(),
            approved_by=by,
            evidence=action.evidence,
        )
        try:
            reply = await self.recorder.record(request)
        except BusError as exc:
            log.warning("recording %s failed: %s", action.action_id, exc.reply.message)
            action = action.model_copy(update={"recorded": False, "error": exc.reply.message})
        else:
            action = action.model_copy(
                update={"recorded": True, "history_entry_id": reply.history_entry_id, "error": None}
            )
        await self.actions.save(action)
        return action


def _outbox_item(action: FollowupAction, at: datetime) -> OutboxItem:
    return OutboxItem(
        action_id=action.action_id,
        account_id=action.account_id,
        account_name=action.account_name,
        channel=action.draft.channel,
        recipient=action.recipient.address,
        subject=action.draft.subject,
        body=action.draft.body,
        sent_at=at,
        message_id=action.message_id,
    )
