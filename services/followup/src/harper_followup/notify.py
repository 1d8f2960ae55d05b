"""Telling the broker what went out in notify-after mode: a notice kept in the follow-up store
(``Notices``, read through ``harper.followup.notices`` and ``GET /followup/notices``) and an event
on ``harper.notify.followup_sent`` for whoever listens (the UI, a chat bridge)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Protocol

from harper_common.messages.followup import (
    FollowupNotice,
    FollowupNoticesReply,
    FollowupNoticesRequest,
)
from harper_followup.store import FollowupAction, Notices

log = logging.getLogger(__name__)

Publish = Callable[[FollowupNotice], Awaitable[None]]


class Notifier(Protocol):
    async def notify(self, action: FollowupAction) -> FollowupNotice: ...


class NoticeBoard:
    """Keeps a notice for each follow-up sent in notify-after mode, then announces it."""

    def __init__(self, notices: Notices, publish: Publish, clock: Callable[[], datetime]) -> None:
        self.notices = notices
        self.publish = publish
        self.clock = clock

    async def notify(self, action: FollowupAction) -> FollowupNotice:
        notice = notice_for(action, self.clock())
        await self.notices.add(notice)  # the record first: an announcement may be missed
        try:
            await self.publish(notice)
        except Exception:  # the notice is kept and listed; only the live event was lost
            log.exception("could not announce the notice for %s", action.action_id)
        return notice

    async def listed(self, request: FollowupNoticesRequest) -> FollowupNoticesReply:
        found = await self.notices.items(request.account_id)
        return FollowupNoticesReply(notices=found[: request.limit], total=len(found))


def notice_for(action: FollowupAction, now: datetime) -> FollowupNotice:
    channel = action.draft.channel
    what = {"email": "an email", "sms": "a text", "call_script": "a call script"}[channel]
    to = action.recipient.name or action.recipient.address or action.account_name
    summary = f"Sent {what} to {to} ({action.account_name}) without review"
    if action.draft.subject:
        summary += f": {action.draft.subject}"
    return FollowupNotice(
        notice_id=f"n-{action.action_id}",
        action_id=action.action_id,
        account_id=action.account_id,
        account_name=action.account_name,
        channel=channel,
        recipient=action.recipient.address,
        subject=action.draft.subject,
        summary=summary,
        sent_at=action.sent_at or now,
        recorded=action.recorded,
    )
