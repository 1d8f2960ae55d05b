"""Words about a communication: who it is from, a one-line description, an extractive summary.

The summary quotes the communication's own sentences (proportional to its length); it never
follows what they say.
"""

from __future__ import annotations

import re
from email.utils import parseaddr

from harper_common.memory.models import (
    CallTranscript,
    Channel,
    Direction,
    EmailMessage,
    RawCommunication,
    SmsThread,
)

_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_GREETING = re.compile(r"^(hi|hello|hey|dear|good (morning|afternoon|evening))\b", re.IGNORECASE)
_SIGN_OFF = re.compile(r"^(thanks|thank you|best|regards|cheers|sincerely|warm regards)\b", re.I)
_NOUN = {Channel.EMAIL: "email", Channel.CALL: "call", Channel.SMS: "text"}


def _name(header: str | None) -> str:
    if not header:
        return "unknown"
    name, address = parseaddr(header)
    return name or address or header.strip()


def participants_of(raw: RawCommunication) -> list[str]:
    if isinstance(raw, EmailMessage):
        names = [_name(raw.sender), _name(raw.to) if raw.to else ""]
        return [n.replace(",", " ").strip() for n in names if n and n != "unknown"]
    return list(raw.participants)


def describe(raw: RawCommunication, channel: Channel, direction: Direction) -> tuple[str, str]:
    """(evidence lead, "an inbound email from X: "subject"") for the history entry."""
    noun = _NOUN[channel]
    if isinstance(raw, EmailMessage):
        other = _name(raw.sender) if direction is Direction.INBOUND else _name(raw.to)
        lead = f"Email {'from' if direction is Direction.INBOUND else 'to'} {other}"
        subject = " ".join((raw.subject or "").split())
        about = f' about "{subject}"' if subject else ""
        return lead, f"an {direction.value} email {lead.split(' ', 1)[1]}{about}"
    with_whom = ", ".join(raw.participants) or "unknown"
    lead = f"{noun.capitalize()} with {with_whom}"
    return lead, f"an {direction.value} {noun} with {with_whom}"


def _body_lines(raw: RawCommunication) -> list[str]:
    if isinstance(raw, EmailMessage):
        lines = [line.strip() for line in raw.body.split("\n") if line.strip()]
        return [line for line in lines if not _GREETING.match(line) and not _SIGN_OFF.match(line)]
    if isinstance(raw, CallTranscript):
        return [f"{t.speaker}: {t.text}" if t.speaker else t.text for t in raw.turns]
    assert isinstance(raw, SmsThread)
    return [f"{m.speaker}: {m.text}" for m in raw.messages]


def extract_summary(raw: RawCommunication) -> str:
    """About one sentence per 400 characters of body (one to four), quoted from the text."""
    lines = _body_lines(raw)
    text = " ".join(lines)
    count = max(1, min(4, len(text) // 400 + 1))
    sentences = [s for s in _SENTENCE.split(text) if s.strip()][:count]
    lead = ""
    if isinstance(raw, EmailMessage) and raw.subject:
        lead = f'{_name(raw.sender)} wrote about "{" ".join(raw.subject.split())}". '
    summary = lead + " ".join(sentences)
    return summary[:1200].strip() or "(no text)"
