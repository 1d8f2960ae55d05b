"""Read and write a source's raw.txt (email, call, SMS) and summary.md (MEMORY_FORMAT.md)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from harper_common.memory import frontmatter as fm
from harper_common.memory._validation import format_error
from harper_common.memory.errors import MemoryFormatError
from harper_common.memory.models import (
    CallTranscript,
    Channel,
    Direction,
    EmailMessage,
    Header,
    RawCommunication,
    SmsMessage,
    SmsThread,
    SourceSummary,
    Turn,
)
from harper_common.memory.raw_forms import readable_raw

_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9-]*):[ \t]?(.*)$")
_SPEAKER = re.compile(r"^([^\s:](?:[^:\r\n]{0,78}[^\s:])?): (.*)$")
SMS_STAMP = (
    r"(?:\d{4}-\d{2}-\d{2}[ T]|\[?\d{1,2}[/.]\d{1,2}[/.]\d{2,4},? "
    r"|\[?[A-Z][a-z]{2,8}\.? \d{1,2},? \d{4},? )"
    r"\d{1,2}:\d{2}(?::\d{2})?(?: ?[AaPp]\.?[Mm]\.?(?!\w))?Z?(?:\]| -)?"
)
"""The time an SMS line opens with: 'YYYY-MM-DD HH:MM' as the contract writes it, as a phone
export writes it ('2026-11-20 6:20 PM', seconds, a 'T', a 'Z'), or as a chat app exports a
thread ('[11/20/26, 6:20:15 PM]', '11/20/2026, 18:20 -', 'Nov 20, 2026 6:20 PM -'; the day
first where the phone's region writes it so: '20/11/2026, 18:20 -', '[20.11.26, 18:20:15]')."""
_DAY_FIRST_STAMP = re.compile(r"^\[?(\d{1,2})/\d{1,2}/\d{2,4}")
TURN_CLOCK = r"\[?\d{1,2}(?::\d{2}){1,2}(?:\.\d+)?\]?"
"""A recording's clock before a transcript's turn ("[00:17]", "00:00:17"): digits with colons,
so a line that opens with a number ("12 Main St") has none."""
_SMS_LINE = re.compile(rf"^({SMS_STAMP}) ([^\s:](?:[^:\r\n]{{0,78}}[^\s:])?): (.*)$")
_HALF_OF_DAY = re.compile(r" ?([AaPp])\.?[Mm]\.?$")
_M = TypeVar("_M", bound=BaseModel)
_SUMMARY_KEYS = ("channel", "date", "direction", "participants")
_HEADER_FIELDS: dict[Channel, dict[str, str]] = {
    Channel.EMAIL: {"from": "sender", "to": "to", "date": "date", "subject": "subject"},
    Channel.CALL: {"date": "date", "participants": "participants", "duration": "duration"},
    Channel.SMS: {"date": "date", "participants": "participants"},
}

_HEADER_OF_FIELD: dict[str, str] = {
    field: name for channel in _HEADER_FIELDS.values() for name, field in channel.items()
}


def _iso(moment: datetime) -> str:
    text = moment.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


# --- raw.txt ---------------------------------------------------------------------------------


def parse_raw(text: str, channel: Channel, path: Path | str | None = None) -> RawCommunication:
    """Parse raw.txt of the given channel; raise MemoryFormatError naming the line. A file as
    another tool saves it (an .eml, a transcription service's export) is read in the contract's
    form (``readable_raw``), and the lines named are lines of that form."""
    text = readable_raw(fm.plain_text(text), channel)
    headers, body_start = _read_headers(text.split("\n"), path)
    fields, others = _split_headers(headers, channel, path)
    lines = text.split("\n")
    if channel is Channel.EMAIL:
        body = "\n".join(lines[body_start:])
        return _validate(
            EmailMessage, {**fields, "other_headers": others, "body": body}, path, headers
        )
    content = lines[body_start:]
    if content and content[-1] == "":
        content.pop()
    if channel is Channel.CALL:
        turns = [_turn(line) for line in content]
        return _validate(
            CallTranscript, {**fields, "other_headers": others, "turns": turns}, path, headers
        )
    dated = fields.get("date")
    near = dated if isinstance(dated, datetime) else None
    messages = _sms_messages(content, body_start, path, near)
    return _validate(
        SmsThread, {**fields, "other_headers": others, "messages": messages}, path, headers
    )


def _read_headers(
    lines: list[str], path: Path | str | None
) -> tuple[list[tuple[int, str, str]], int]:
    headers: list[tuple[int, str, str]] = []
    last = len(lines) - 1
    for index, line in enumerate(lines):
        if index == last and line == "":
            break  # the newline ending the file is not a blank line
        if not line.strip():
            if not headers:
                raise MemoryFormatError(path, index + 1, "raw.txt must start with header lines")
            return headers, index + 1
        match = _HEADER.match(line)
        if not match:
            raise MemoryFormatError(
                path,
                index + 1,
                f"expected a header line 'Name: value' or a blank line, got {line!r}",
            )
        headers.append((index + 1, match.group(1), match.group(2)))
    raise MemoryFormatError(path, len(lines), "no blank line after the headers")


def _split_headers(
    headers: list[tuple[int, str, str]], channel: Channel, path: Path | str | None
) -> tuple[dict[str, Any], list[Header]]:
    known = _HEADER_FIELDS[channel]
    if channel is Channel.EMAIL and not any(name.lower() == "date" for _, name, _ in headers):
        known = {**known, "sent": "date"}  # an Outlook export says when it was sent instead
    fields: dict[str, Any] = {}
    others: list[Header] = []
    for line, name, value in headers:
        field = known.get(name.lower())
        if field is None:
            others.append(Header(name=name, value=value))
        elif field == "date":
            fields["date"] = _header_date(value, line, path)
        elif field == "participants":
            fields["participants"] = [p.strip() for p in value.split(",") if p.strip()]
        else:
            fields[field] = value
    return fields, others


def header_moment(value: str) -> datetime | None:
    """The moment a ``Date:`` header gives: ISO 8601 as the contract writes it, or the RFC 2822
    form a mail client exports ("Tue, 18 Nov 2026 16:05:00 -0600"); a moment without a zone is
    UTC, as sources are written. None when it is neither."""
    text = value.strip()
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        found = parsed_with(text, _WRITTEN_MOMENTS)  # before RFC 2822: it would drop a "PM"
        if found is None:
            try:
                found = parsedate_to_datetime(text)
            except (TypeError, ValueError, IndexError):
                return None
        moment = found
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def sent_moment(headers: Mapping[str, str]) -> datetime | None:
    """When a raw.txt's headers (lower-case names) say it was sent: its ``Date:``, or, without
    one, the ``Sent:`` line of an Outlook export (``header_moment``); None when neither does."""
    value = headers.get("date") or headers.get("sent", "")
    return header_moment(value) if value.strip() else None


_WRITTEN_MOMENTS = (
    "%A, %B %d, %Y %I:%M %p",
    "%a, %b %d, %Y %I:%M %p",
    "%B %d, %Y %I:%M %p",
    "%m/%d/%Y %I:%M %p",
    "%m/%d/%Y %H:%M",
)
"""How mail programs write a moment for people ("Tuesday, November 18, 2026 4:05 PM", the
``Sent:`` line of an Outlook message), US order."""


def parsed_with(text: str, forms: Sequence[str]) -> datetime | None:
    """``text`` read by the first of the ``strptime`` forms that fits it; None when none does."""
    for form in forms:
        try:
            return datetime.strptime(text, form)
        except ValueError:
            continue
    return None


def _header_date(value: str, line: int, path: Path | str | None) -> datetime:
    moment = header_moment(value)
    if moment is None:
        raise MemoryFormatError(
            path, line, f"Date must be ISO 8601 (e.g. 2026-01-05T14:03:00Z), got {value!r}"
        )
    return moment


def _turn(line: str) -> Turn:
    match = _SPEAKER.match(line)
    return (
        Turn(speaker=match.group(1), text=match.group(2))
        if match
        else Turn(speaker=None, text=line)
    )


def _sms_messages(
    content: list[str], first_line: int, path: Path | str | None, near: datetime | None
) -> list[SmsMessage]:
    messages: list[SmsMessage] = []
    day_first = writes_the_day_first(content, near)
    for offset, line in enumerate(content):
        if not line.strip():
            continue
        match = _SMS_LINE.match(line)
        if match:
            sent_at = _sms_time(match.group(1), first_line + offset + 1, path, day_first)
            messages.append(
                SmsMessage(sent_at=sent_at, speaker=match.group(2), text=match.group(3))
            )
        elif messages:
            last = messages[-1]
            messages[-1] = last.model_copy(update={"text": f"{last.text} {line.strip()}"})
        else:
            raise MemoryFormatError(
                path,
                first_line + offset + 1,
                f"expected 'YYYY-MM-DD HH:MM Speaker: words', got {line!r}",
            )
    return messages


_SMS_FORMS = (
    *("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"),
    *("%m/%d/%y %H:%M", "%m/%d/%y %H:%M:%S", "%m/%d/%Y %H:%M", "%m/%d/%Y %H:%M:%S"),
    *("%b %d %Y %H:%M", "%B %d %Y %H:%M", "%b %d %Y %H:%M:%S", "%B %d %Y %H:%M:%S"),
)
_DAY_FIRST_FORMS = ("%d/%m/%y %H:%M", "%d/%m/%y %H:%M:%S", "%d/%m/%Y %H:%M", "%d/%m/%Y %H:%M:%S")


def writes_the_day_first(lines: Sequence[str], near: datetime | None = None) -> bool:
    """Whether a thread's stamps put the day before the month: one of them opens with a number
    no month has ("20/11/2026": then "11/12/2026" in it is the 11th of December too), or,
    with ``near`` (the thread's Date), its first stamp read day first is the nearer day
    ("05/11/2026" in a thread dated 2026-11-05)."""
    stamps = [found for line in lines if (found := _DAY_FIRST_STAMP.match(line))]
    if any(int(found.group(1)) > 12 for found in stamps):
        return True
    if near is None or not stamps:
        return False
    day = stamps[0].group(0).lstrip("[")
    readings = [parsed_with(day, (f"%{a}/%{b}/%{y}",)) for a, b in ("md", "dm") for y in "Yy"]
    month_first = next((r for r in readings[:2] if r is not None), None)
    day_first = next((r for r in readings[2:] if r is not None), None)
    if month_first is None or day_first is None:
        return day_first is not None
    target = near.replace(tzinfo=None)
    return abs(day_first - target) < abs(month_first - target)


def sms_moment(stamp: str, day_first: bool = False) -> datetime | None:
    """The moment an SMS line's ``SMS_STAMP`` names, as written (no zone); None when it names
    no real day and time. Numbers with slashes are month first unless ``day_first`` (the
    thread says so: `writes_the_day_first`) or no month is that number; with dots ("20.11.26"),
    day first."""
    text = stamp.strip().lstrip("[").removesuffix("-").strip().rstrip("]")
    text = text.replace("T", " ").removesuffix("Z").replace(",", "")
    half = _HALF_OF_DAY.search(text)
    text = text[: half.start()] if half else text
    day, _, clock = text.partition(" ")
    if "." in day and day[:1].isdigit():  # "20.11.26"
        day_first, text = True, f"{day.replace('.', '/')} {clock}"
    text = re.sub(r"^([A-Za-z]{3,9})\.", r"\1", text)  # "Nov. 20 2026"
    forms = (*_DAY_FIRST_FORMS, *_SMS_FORMS) if day_first else (*_SMS_FORMS, *_DAY_FIRST_FORMS)
    moment = parsed_with(text, forms)
    if moment is None or half is None:
        return moment
    if not 1 <= moment.hour <= 12:
        return None
    afternoon = half.group(1).lower() == "p"
    return moment.replace(hour=moment.hour % 12 + (12 if afternoon else 0))


def _sms_time(text: str, line: int, path: Path | str | None, day_first: bool) -> datetime:
    moment = sms_moment(text, day_first)
    if moment is None:
        raise MemoryFormatError(path, line, f"{text!r} is not a real date and time")
    return moment.replace(second=0, microsecond=0)  # the format keeps a message to the minute


def _validate(
    model: type[_M],
    values: dict[str, Any],
    path: Path | str | None,
    headers: list[tuple[int, str, str]],
) -> _M:
    lines = {name.lower(): line for line, name, _ in headers}
    reverse = _HEADER_OF_FIELD
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        error = format_error(exc, path, lambda key: lines.get(reverse.get(key, key), 1))
        if exc.errors()[0]["type"] == "missing":
            header = reverse.get(str(exc.errors()[0]["loc"][0]), "?").capitalize()
            error = MemoryFormatError(path, 1, f"required header '{header}:' is missing")
        raise error from None


def render_raw(raw: RawCommunication) -> str:
    """raw.txt as Harper writes it: headers, a blank line, then the body or the lines."""
    if isinstance(raw, EmailMessage):
        head = [f"From: {raw.sender}"]
        head += [f"To: {raw.to}"] if raw.to is not None else []
        head += [f"Date: {_iso(raw.date)}"]
        head += [f"Subject: {raw.subject}"] if raw.subject is not None else []
        return _head(head, raw.other_headers) + raw.body
    head = [f"Date: {_iso(raw.date)}", f"Participants: {', '.join(raw.participants)}"]
    if isinstance(raw, CallTranscript):
        head += [f"Duration: {raw.duration}"] if raw.duration is not None else []
        lines = [t.text if t.speaker is None else f"{t.speaker}: {t.text}" for t in raw.turns]
    else:
        lines = [f"{m.sent_at:%Y-%m-%d %H:%M} {m.speaker}: {m.text}" for m in raw.messages]
    return _head(head, raw.other_headers) + "".join(line + "\n" for line in lines)


def _head(lines: list[str], others: list[Header]) -> str:
    return "\n".join([*lines, *(f"{h.name}: {h.value}" for h in others)]) + "\n\n"


# --- summary.md ------------------------------------------------------------------------------


_CHANNEL_WORDS: dict[str, Channel] = {
    **dict.fromkeys(("email", "e-mail", "mail"), Channel.EMAIL),
    **dict.fromkeys(("call", "phone", "phone call", "voice", "transcript"), Channel.CALL),
    **dict.fromkeys(("sms", "text", "texts", "text message", "message"), Channel.SMS),
}
"""How other tools name a summary's channel (any case)."""
_DIRECTION_WORDS: dict[str, Direction] = {
    **dict.fromkeys(("inbound", "in", "incoming", "received"), Direction.INBOUND),
    **dict.fromkeys(("outbound", "out", "outgoing", "sent"), Direction.OUTBOUND),
}
"""How other tools name a summary's direction (any case)."""


def as_moment(value: Any) -> Any:
    """A frontmatter value that says when (a summary's ``date``, a state's ``updated_at``) as a
    moment: a timestamp without a zone, or a day alone, is UTC (midnight), as sources are
    written; a text is read like a Date header; anything else is left for validation to name."""
    if isinstance(value, str):
        value = header_moment(value) or value
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=UTC)
    return value


def parse_summary(text: str, path: Path | str | None = None) -> SourceSummary:
    """Parse summary.md; unknown frontmatter keys are kept."""
    doc = fm.split_frontmatter(text, path)
    values: dict[str, Any] = {key: doc.fields[key] for key in _SUMMARY_KEYS if key in doc.fields}
    if isinstance(values.get("participants"), str):
        values["participants"] = [p.strip() for p in values["participants"].split(",")]
    if "date" in values:
        values["date"] = as_moment(values["date"])
    for key, words in (("channel", _CHANNEL_WORDS), ("direction", _DIRECTION_WORDS)):
        if isinstance(values.get(key), str):
            values[key] = words.get(" ".join(values[key].split()).lower(), values[key])
    values["extra"] = {k: v for k, v in doc.fields.items() if k not in _SUMMARY_KEYS}
    if values.get("direction") is not None and not isinstance(values["direction"], Direction):
        values["extra"]["direction"] = values.pop("direction")  # optional: kept as written
    values["body"] = doc.body
    try:
        return SourceSummary.model_validate(values)
    except ValidationError as exc:
        raise format_error(exc, path, doc.line_of) from None


def render_summary(summary: SourceSummary) -> str:
    lines = [f"channel: {summary.channel.value}", f"date: {fm.timestamp(summary.date)}"]
    if summary.direction is not None:
        lines.append(f"direction: {summary.direction.value}")
    if summary.participants is not None:
        lines.append(f"participants: {fm.flow_list(summary.participants)}")
    for key, value in summary.extra.items():
        lines.extend(fm.other_value(key, value))
    return fm.join_frontmatter(lines, summary.body)
