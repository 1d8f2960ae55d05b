"""Recording follow-ups in history (``harper.updater.record_followup``), once per action.

A sent email or text is filed as an outbound source (``sources/emails/...``, ``sources/sms/...``)
and moves ``last_contact``; a call script, a rejected or expired draft, or a dry run is recorded
without a source. The entry carries ``- **Action**: <action_id>``: recording the same action again
writes nothing and answers ``already_recorded``.
"""

from __future__ import annotations

from datetime import UTC, datetime

from harper_common.bus.routes import ServiceFailure
from harper_common.memory.models import (
    AccountState,
    Channel,
    Detail,
    EmailMessage,
    FieldChange,
    History,
    SmsMessage,
    SmsThread,
    SourceSummary,
)
from harper_common.memory.paths import RAW_FILE, SUMMARY_FILE, MemoryRoot
from harper_common.memory.sources import render_raw, render_summary
from harper_common.messages.base import ErrorCode
from harper_common.messages.events import AccountEventKind
from harper_common.messages.record import FollowupRecordReply, FollowupRecordRequest
from harper_updater.communications import free_source_id
from harper_updater.outbox import FileWrite
from harper_updater.writer import AccountWriter, Committed, Draft

ACTION_KEY = "Action"
_NOUN = {"email": "email", "sms": "text", "call_script": "call script"}


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def recorded_entry(history: History, action_id: str) -> str | None:
    for entry in reversed(history.entries):
        if any(d.key == ACTION_KEY and d.value == action_id for d in entry.details):
            return entry.id
    return None


class FollowupRecorder:
    def __init__(self, memory: MemoryRoot, writer: AccountWriter) -> None:
        self.memory = memory
        self.writer = writer

    async def record(self, request: FollowupRecordRequest) -> FollowupRecordReply:
        if not self.memory.state_path(request.account_id).exists():
            raise ServiceFailure(
                ErrorCode.NOT_FOUND,
                f"Account {request.account_id} does not exist; the follow-up was not recorded.",
            )
        found: dict[str, str] = {}

        def mutate(state: AccountState | None, history: History) -> Draft | None:
            assert state is not None
            if (entry_id := recorded_entry(history, request.action_id)) is not None:
                found["entry"] = entry_id
                return None
            return self._draft(state, request)

        by = request.approved_by or "followup"
        result = await self.writer.commit(request.account_id, mutate, by=by)
        if isinstance(result, Committed):
            return FollowupRecordReply(
                account_id=request.account_id,
                history_entry_id=result.entry.id,
                version=result.state.version,
            )
        return FollowupRecordReply(
            account_id=request.account_id,
            history_entry_id=found["entry"],
            version=result.state.version,
            already_recorded=True,
        )

    def _draft(self, state: AccountState, request: FollowupRecordRequest) -> Draft:
        noun = _NOUN[request.channel]
        when = _aware(request.occurred_at).astimezone(UTC)
        details = [Detail(key=ACTION_KEY, value=request.action_id)]
        changes: list[FieldChange] = []
        files: list[FileWrite] = []
        after = state
        reason = " ".join(request.evidence.split())
        evidence = f"Follow-up {request.outcome}: {reason or request.action_id}"
        if request.outcome == "sent":
            if request.channel in ("email", "sms"):
                files, raw_rel = self._source(state, request, when)
                details.insert(0, Detail(key="Source", value=raw_rel))
                evidence = (
                    f"Follow-up {noun} sent to {request.recipient or 'the client'}, {raw_rel}"
                )
            if state.last_contact is None or when.date() > state.last_contact:
                old = state.last_contact.isoformat() if state.last_contact else None
                changes.append(
                    FieldChange(
                        field="last_contact", old_value=old, new_value=when.date().isoformat()
                    )
                )
                after = state.model_copy(update={"last_contact": when.date()})
        return Draft(
            state=after,
            summary=_summary(request, noun, reason),
            changes=changes,
            details=details,
            evidence=evidence,
            kind=AccountEventKind.FOLLOWUP_RECORDED,
            files=files,
            source_path=files[0].path.rsplit("/", 1)[0] if files else None,
        )

    def _source(
        self, state: AccountState, request: FollowupRecordRequest, when: datetime
    ) -> tuple[list[FileWrite], str]:
        sender = " ".join((request.approved_by or "Broker").split()) or "Broker"
        recipient = " ".join((request.recipient or "Client").split()) or "Client"
        if request.channel == "email":
            channel = Channel.EMAIL
            raw = render_raw(
                EmailMessage(
                    sender=sender,
                    to=recipient,
                    date=when,
                    subject=" ".join((request.subject or "").split()) or None,
                    body=request.body if request.body.endswith("\n") else request.body + "\n",
                )
            )
        else:
            channel = Channel.SMS
            line = SmsMessage(
                sent_at=when.replace(tzinfo=None, second=0, microsecond=0),
                speaker=sender.replace(":", " "),
                text=" ".join(request.body.split()) or "(empty)",
            )
            raw = render_raw(
                SmsThread(date=when, participants=[sender, recipient], messages=[line])
            )
        source_id, _ = free_source_id(self.memory, state.account_id, channel, when, raw)
        folder = self.memory.source_dir(state.account_id, channel, source_id)
        rel = folder.relative_to(self.memory.root).as_posix()
        summary = SourceSummary(
            channel=channel,
            date=when,
            direction="outbound",  # type: ignore[arg-type]
            participants=[recipient, sender],
            body=f"Follow-up sent to {recipient}: " + " ".join(request.body.split())[:300] + "\n",
        )
        files = [
            FileWrite(path=f"{rel}/{RAW_FILE}", text=raw),
            FileWrite(path=f"{rel}/{SUMMARY_FILE}", text=render_summary(summary)),
        ]
        return files, f"{rel.split('/', 2)[2]}/{RAW_FILE}"


def _summary(request: FollowupRecordRequest, noun: str, reason: str) -> str:
    why = f" ({reason})" if reason else ""
    if request.outcome == "sent":
        subject = " ".join((request.subject or "").split())
        about = f' "{subject}"' if subject else ""
        return f"Sent a follow-up {noun}{about}{why}."
    if request.outcome == "rejected":
        by = f" by {request.approved_by}" if request.approved_by else ""
        return f"Follow-up {noun} rejected{by}; nothing was sent{why}."
    if request.outcome == "expired":
        return f"Follow-up {noun} draft expired without approval; nothing was sent{why}."
    return f"Follow-up {noun} drafted in a dry run; nothing was sent{why}."
