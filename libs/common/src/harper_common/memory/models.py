"""Typed models of everything in an account folder (MEMORY_FORMAT.md)."""

from __future__ import annotations

import math
import re
from datetime import date, datetime, timedelta
from enum import StrEnum
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

from harper_common.memory.stages import Stage, canonical_stage

ACCOUNT_ID_PATTERN = r"^[0-9]+$"
SOURCE_ID_PATTERN = r"^[a-z0-9_-]+$"

_ACCOUNT_ID = re.compile(ACCOUNT_ID_PATTERN.strip("^$"))
_SOURCE_ID = re.compile(SOURCE_ID_PATTERN.strip("^$"))


def is_account_id(text: str) -> bool:
    """A string of digits, and nothing else (no trailing newline either)."""
    return _ACCOUNT_ID.fullmatch(text) is not None


def is_source_id(text: str) -> bool:
    """Made of a-z, 0-9, '_' and '-' only."""
    return _SOURCE_ID.fullmatch(text) is not None


AccountId = Annotated[str, StringConstraints(pattern=ACCOUNT_ID_PATTERN)]
SourceId = Annotated[str, StringConstraints(pattern=SOURCE_ID_PATTERN, max_length=120)]
OneLine = Annotated[str, StringConstraints(pattern=r"^[^\r\n]*$")]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class Channel(StrEnum):
    EMAIL = "email"
    CALL = "call"
    SMS = "sms"

    @property
    def folder(self) -> str:
        """The folder under ``sources/`` that holds this channel's sources."""
        return {"email": "emails", "call": "calls", "sms": "sms"}[self.value]

    @classmethod
    def from_folder(cls, folder: str) -> Channel:
        for channel in cls:
            if channel.folder == folder:
                return channel
        raise ValueError(f"{folder!r} is not a sources folder (emails, calls, sms)")


class Direction(StrEnum):
    INBOUND = "inbound"
    OUTBOUND = "outbound"


class Contact(_Model):
    """The account's primary contact. Unknown keys under it are kept in ``extra``."""

    name: OneLine | None = None
    email: OneLine | None = None
    phone: OneLine | None = None
    extra: dict[str, Any] = Field(default_factory=dict)


class AccountState(_Model):
    """state.md: the account's current fields (frontmatter) and free notes (body)."""

    account_id: AccountId
    name: Annotated[OneLine, StringConstraints(min_length=1)]
    stage: Stage
    industry: OneLine | None = None
    location: OneLine | None = None
    insurance_types: list[OneLine] | None = None
    premium: int | float | None = None
    primary_contact: Contact | None = None
    last_contact: date | None = None
    next_step: OneLine | None = None
    pending_actions: list[OneLine] | None = None
    version: int = Field(ge=0)
    updated_at: datetime | None = None
    extra: dict[str, Any] = Field(default_factory=dict)
    """Frontmatter keys Harper does not know, in the order they were read."""
    body: str = ""
    """Everything after the closing fence: the title and the notes, kept byte for byte."""

    @field_validator("stage", mode="before")
    @classmethod
    def _stage_alias(cls, value: Any) -> Any:
        return canonical_stage(value) if isinstance(value, str) else value

    @field_validator("premium")
    @classmethod
    def _premium_sane(cls, value: int | float | None) -> int | float | None:
        if value is not None and (isinstance(value, bool) or not math.isfinite(value) or value < 0):
            raise ValueError("premium must be a non-negative number")
        return value

    @field_validator("updated_at")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        if value is not None and value.tzinfo is None:
            raise ValueError("updated_at must carry a timezone (write it in UTC with a 'Z')")
        return value

    @field_validator("name", "industry", "location", "next_step")
    @classmethod
    def _not_blank(cls, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise ValueError("must not be blank")
        return value


_BULLET_KEY = re.compile(r"^[^*\s:](?:[^*\r\n:]*[^*\s:])?$")
_RESERVED_KEYS = ("evidence", "previous")


def _not_reserved(key: str) -> str:
    if key.lower() in _RESERVED_KEYS:
        raise ValueError(f"{key!r} is reserved for the Evidence and Previous lines")
    return key


_STRUCTURAL = re.compile(r"^(## |- \*\*|---[ \t]*$)")


class FieldChange(_Model):
    """One field's change in a history entry: ``- **field**: old → new`` (None is written '–')."""

    field: Annotated[str, StringConstraints(pattern=_BULLET_KEY.pattern)]
    old_value: str | None = None
    new_value: str | None = None

    _field_free = field_validator("field")(_not_reserved)


class Detail(_Model):
    """A history bullet that is not a change, e.g. ``- **Source**: sources/emails/…/raw.txt``."""

    key: Annotated[str, StringConstraints(pattern=_BULLET_KEY.pattern)]
    value: str

    _key_free = field_validator("key")(_not_reserved)


class HistoryEntry(_Model):
    """One entry of history.md, headed by its UTC timestamp id and linked to the one before."""

    id: str
    summary: str = ""
    changes: list[FieldChange] = Field(default_factory=list)
    details: list[Detail] = Field(default_factory=list)
    evidence: str | None = None
    by: str | None = None
    """Who asked for the change: a key's name, or a service for automatic entries."""
    previous: str | None = None

    @field_validator("id", "previous")
    @classmethod
    def _timestamp_id(cls, value: str | None) -> str | None:
        if value is not None:
            parse_entry_id(value)
        return value

    @field_validator("summary")
    @classmethod
    def _summary_is_prose(cls, value: str) -> str:
        if value != value.strip() or "\r" in value:
            raise ValueError("summary must not start or end with blank space")
        for line in value.split("\n"):
            if _STRUCTURAL.match(line):
                raise ValueError(f"summary line {line!r} would read as a heading, bullet or rule")
        if "\n\n\n" in value:
            raise ValueError("summary paragraphs are separated by one blank line")
        return value

    @property
    def at(self) -> datetime:
        return parse_entry_id(self.id)


def parse_entry_id(text: str) -> datetime:
    """The moment a history entry id names; ids are UTC ISO 8601 timestamps."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"{text!r} is not an ISO 8601 timestamp") from None
    if moment.utcoffset() != timedelta(0):
        raise ValueError(f"{text!r} must be a UTC timestamp ending in 'Z'")
    return moment


class History(_Model):
    """history.md: optional text before the first entry, then entries oldest first."""

    preamble: str = ""
    entries: list[HistoryEntry] = Field(default_factory=list)
    entry_lines: list[int] = Field(default_factory=list, exclude=True)
    """File line of each entry's heading, when parsed from a file (for error reports)."""

    @property
    def last(self) -> HistoryEntry | None:
        return self.entries[-1] if self.entries else None


class SourceSummary(_Model):
    """summary.md of one source: channel, date, direction, participants and a short summary."""

    channel: Channel
    date: datetime
    direction: Direction | None = None
    participants: list[OneLine] | None = None
    extra: dict[str, Any] = Field(default_factory=dict)
    body: str = ""

    @field_validator("date")
    @classmethod
    def _aware(cls, value: datetime) -> datetime:
        if value.tzinfo is None:
            raise ValueError("date must carry a timezone (write it in UTC with a 'Z')")
        return value


_HEADER_NAME = r"^[A-Za-z][A-Za-z0-9-]*$"
_NAME_IN_LIST = r"^[^,\r\n]*[^,\s]$|^[^,\s]$"


class Header(_Model):
    name: Annotated[str, StringConstraints(pattern=_HEADER_NAME)]
    value: OneLine


class EmailMessage(_Model):
    """raw.txt of an email: From, To, Date, Subject headers, a blank line, then the body."""

    sender: OneLine
    to: OneLine | None = None
    date: datetime
    subject: OneLine | None = None
    other_headers: list[Header] = Field(default_factory=list)
    body: str = ""


SPEAKER_PATTERN = r"^[^\s:](?:[^:\r\n]{0,78}[^\s:])?$"
Speaker = Annotated[str, StringConstraints(pattern=SPEAKER_PATTERN)]
_SPOKEN_LINE = re.compile(r"^[^\s:](?:[^:\r\n]{0,78}[^\s:])?: ")


class Turn(_Model):
    """One transcript line: ``Speaker: words``; a line with no speaker keeps ``speaker=None``."""

    speaker: Speaker | None
    text: OneLine

    @model_validator(mode="after")
    def _unspoken_line_reads_back(self) -> Turn:
        if self.speaker is None and _SPOKEN_LINE.match(self.text):
            raise ValueError(
                f"a line without a speaker must not look like 'Speaker: words': {self.text!r}"
            )
        return self


class CallTranscript(_Model):
    """raw.txt of a call: Date, Participants, Duration headers, a blank line, the transcript."""

    date: datetime
    participants: list[Annotated[str, StringConstraints(pattern=_NAME_IN_LIST)]]
    duration: OneLine | None = None
    other_headers: list[Header] = Field(default_factory=list)
    turns: list[Turn] = Field(default_factory=list)


class SmsMessage(_Model):
    """One text message line: ``YYYY-MM-DD HH:MM Speaker: words``.

    The line carries no zone, so ``sent_at`` is naive: Harper writes UTC (the thread's ``Date``
    header is the aware timestamp); lines written by hand are kept as written.
    """

    sent_at: datetime
    speaker: Speaker
    text: OneLine

    @field_validator("sent_at")
    @classmethod
    def _to_the_minute(cls, value: datetime) -> datetime:
        if value.second or value.microsecond or value.tzinfo is not None:
            raise ValueError("an SMS line carries local time to the minute (YYYY-MM-DD HH:MM)")
        return value


class SmsThread(_Model):
    """raw.txt of an SMS thread: Date, Participants headers, a blank line, one message a line."""

    date: datetime
    participants: list[Annotated[str, StringConstraints(pattern=_NAME_IN_LIST)]]
    other_headers: list[Header] = Field(default_factory=list)
    messages: list[SmsMessage] = Field(default_factory=list)


RawCommunication = EmailMessage | CallTranscript | SmsThread


class Source(_Model):
    """One communication: ``sources/<channel folder>/<source_id>/`` with raw.txt and summary.md."""

    source_id: SourceId
    channel: Channel
    raw: RawCommunication
    summary: SourceSummary
