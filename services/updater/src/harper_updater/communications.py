"""Filing incoming communications (``harper.updater.communication``) and the unmatched queue.

The account comes from ``account_id``, else the sender's email (an email's From address when no
email is given), else the phone number. The communication is written as
``sources/<channel>/<source_id>/raw.txt`` + ``summary.md``, ``last_contact`` moves to its date
when that is newer, and a history entry cites the file. Its text is never read for commands.
No account, or more than one: it waits in the unmatched queue, listed by
``harper.updater.unmatched``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from email.utils import parseaddr

from harper_common.auth.roles import require
from harper_common.bus.routes import ServiceFailure
from harper_common.memory.errors import MemoryFormatError
from harper_common.memory.models import (
    AccountState,
    Channel,
    Detail,
    Direction,
    EmailMessage,
    FieldChange,
    History,
    RawCommunication,
    SourceSummary,
)
from harper_common.memory.paths import RAW_FILE, SUMMARY_FILE, MemoryRoot
from harper_common.memory.sources import parse_raw, render_raw, render_summary
from harper_common.messages.base import ErrorCode
from harper_common.messages.communications import (
    CommunicationFiled,
    CommunicationRequest,
    CommunicationUnmatched,
)
from harper_common.messages.events import AccountEventKind
from harper_updater.contacts import ContactBook
from harper_updater.outbox import FileWrite
from harper_updater.source_text import describe, extract_summary, participants_of
from harper_updater.unmatched import UnmatchedQueue
from harper_updater.writer import SERVICE_NAME, AccountWriter, Committed, Draft


def free_source_id(
    memory: MemoryRoot, account_id: str, channel: Channel, when: datetime, raw_text: str
) -> tuple[str, bool]:
    """A free source id for this moment, or (id, True) when this very raw.txt is filed there."""
    base = f"{channel.value}_{when.astimezone(UTC):%Y%m%d_%H%M}"
    for n in range(1, 1000):
        source_id = base if n == 1 else f"{base}_{n}"
        raw_path = memory.source_dir(account_id, channel, source_id) / RAW_FILE
        if not raw_path.parent.exists():
            return source_id, False
        if raw_path.exists() and raw_path.read_text(encoding="utf-8") == raw_text:
            return source_id, True
    raise ServiceFailure(ErrorCode.CONFLICT, f"Too many sources named {base}.")


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class CommunicationDesk:
    def __init__(
        self,
        memory: MemoryRoot,
        writer: AccountWriter,
        contacts: ContactBook,
        unmatched: UnmatchedQueue,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.memory = memory
        self.writer = writer
        self.contacts = contacts
        self.unmatched = unmatched
        self.clock = clock

    async def file(
        self, request: CommunicationRequest
    ) -> CommunicationFiled | CommunicationUnmatched:
        require(request.caller, "broker", "Filing a communication")
        raw = self._parse(request)
        email = request.email or _counterpart_email(raw, request.direction)
        if request.account_id is not None:
            if not self.memory.state_path(request.account_id).exists():
                raise ServiceFailure(
                    ErrorCode.NOT_FOUND,
                    f"Account {request.account_id} does not exist; the communication was not "
                    "filed.",
                    fix="Send the right account_id, or leave it out to match by email or phone.",
                )
            return await self._file(request, raw, request.account_id, "account_id")
        found, how = await self.contacts.find(email, request.phone)
        if len(found) == 1:
            return await self._file(request, raw, next(iter(found)), how)
        reason = (
            f"{len(found)} accounts share that {how}" if found else "no account has that sender"
        )
        item = await self.unmatched.put(request, email, reason, self.clock())
        return CommunicationUnmatched(
            unmatched_id=item.unmatched_id,
            message=f"No single account matches this {request.channel.value} ({reason}); it is "
            "kept in the unmatched queue.",
        )

    @staticmethod
    def _parse(request: CommunicationRequest) -> RawCommunication:
        try:
            return parse_raw(request.raw, request.channel, f"<{request.channel.value}>")
        except MemoryFormatError as exc:
            raise ServiceFailure(
                ErrorCode.BAD_REQUEST,
                f"The {request.channel.value} is not in the raw.txt format: {exc}",
                fix="Send raw.txt as MEMORY_FORMAT.md defines it for the channel "
                "(header lines, a blank line, then the body).",
            ) from None

    async def _file(
        self, request: CommunicationRequest, raw: RawCommunication, account_id: str, how: str
    ) -> CommunicationFiled:
        raw_text = render_raw(raw)
        when = _aware(raw.date)
        summary = SourceSummary(
            channel=request.channel,
            date=when,
            direction=request.direction,
            participants=participants_of(raw) or None,
            body=(" ".join((request.summary or extract_summary(raw)).split())) + "\n",
        )
        chosen: dict[str, str] = {}

        def mutate(state: AccountState | None, _history: History) -> Draft | None:
            if state is None:
                raise ServiceFailure(ErrorCode.NOT_FOUND, f"Account {account_id} is gone.")
            source_id, exists = free_source_id(
                self.memory, account_id, request.channel, when, raw_text
            )
            chosen["id"] = source_id
            if exists:
                return None
            return self._draft(state, request, raw, source_id, raw_text, summary)

        by = request.caller.name if request.caller else request.filed_by or SERVICE_NAME
        result = await self.writer.commit(account_id, mutate, by=by)
        source_path = self._source_rel(account_id, request, chosen["id"])
        if not isinstance(result, Committed):
            return CommunicationFiled(
                account_id=account_id,
                account_name=result.state.name,
                source_id=chosen["id"],
                source_path=source_path,
                version=result.state.version,
                already_filed=True,
                matched_by=how,  # type: ignore[arg-type]
            )
        return CommunicationFiled(
            account_id=account_id,
            account_name=result.state.name,
            source_id=chosen["id"],
            source_path=source_path,
            files_modified=result.files_modified,
            history_entry_id=result.entry.id,
            version=result.state.version,
            matched_by=how,  # type: ignore[arg-type]
        )

    def _source_rel(self, account_id: str, request: CommunicationRequest, source_id: str) -> str:
        folder = self.memory.source_dir(account_id, request.channel, source_id)
        return folder.relative_to(self.memory.root).as_posix()

    def _draft(
        self,
        state: AccountState,
        request: CommunicationRequest,
        raw: RawCommunication,
        source_id: str,
        raw_text: str,
        summary: SourceSummary,
    ) -> Draft:
        rel = self._source_rel(state.account_id, request, source_id)
        raw_rel = f"{rel.split('/', 2)[2]}/{RAW_FILE}"
        day = _aware(raw.date).astimezone(UTC).date()
        changes: list[FieldChange] = []
        after = state
        if state.last_contact is None or day > state.last_contact:
            old = state.last_contact.isoformat() if state.last_contact else None
            changes.append(
                FieldChange(field="last_contact", old_value=old, new_value=day.isoformat())
            )
            after = state.model_copy(update={"last_contact": day})
        who, what = describe(raw, request.channel, request.direction)
        return Draft(
            state=after,
            summary=f"Filed {what}.",
            changes=changes,
            details=[Detail(key="Source", value=raw_rel)],
            evidence=f"{who}, {raw_rel}",
            kind=AccountEventKind.COMMUNICATION_FILED,
            files=[
                FileWrite(path=f"{rel}/{RAW_FILE}", text=raw_text),
                FileWrite(path=f"{rel}/{SUMMARY_FILE}", text=render_summary(summary)),
            ],
            source_path=rel,
        )


def _counterpart_email(raw: RawCommunication, direction: Direction) -> str | None:
    if not isinstance(raw, EmailMessage):
        return None
    header = raw.sender if direction is Direction.INBOUND else (raw.to or "")
    return parseaddr(header)[1] or None
