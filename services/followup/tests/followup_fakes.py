"""Fakes shared by the follow-up agent's tests: a settable clock and the updater's side of
UPDATER_RECORD_FOLLOWUP behind the HistoryRecorder seam."""

from __future__ import annotations

from datetime import UTC, datetime

from harper_common.bus.client import BusError
from harper_common.messages.base import ErrorCode, ErrorReply
from harper_common.messages.record import FollowupRecordReply, FollowupRecordRequest

START = datetime(2026, 11, 22, 15, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


class ScriptedRecorder:
    """The updater's side of UPDATER_RECORD_FOLLOWUP: one entry per action id, or a failure."""

    def __init__(self) -> None:
        self.requests: list[FollowupRecordRequest] = []
        self.entries: dict[str, str] = {}
        self.down = False

    async def record(self, request: FollowupRecordRequest) -> FollowupRecordReply:
        self.requests.append(request)
        if self.down:
            raise BusError(ErrorReply(code=ErrorCode.UNAVAILABLE, message="updater is down"))
        already = request.action_id in self.entries
        entry = self.entries.setdefault(
            request.action_id, f"2026-11-22T15:00:0{len(self.entries)}Z"
        )
        return FollowupRecordReply(
            account_id=request.account_id,
            history_entry_id=entry,
            version=6,
            already_recorded=already,
        )
