"""Files cut into passages an answer can quote: email sentences, transcript and text lines.

Each passage is a verbatim piece of its file (so a quote of it always checks out), with who
said it and the passage before it (a transcript answer "About $390,000." needs the question
"And your annual payroll?" above it to mean anything).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SENTENCE_END = re.compile(
    r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bSt\.)(?<!\bInc\.)(?<!\bCo\.)"
    r"(?<=[.!?])\s+(?=[A-Z0-9\"'$(])"
)
LONG_LINE = 300
"""Transcript and text lines shorter than this stay whole (one turn, one passage)."""
_SMS_LINE = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2} ([^:]{1,60}): (.+)$")
_TALK_LINE = re.compile(r"^([A-Z][^:]{0,60}): (.+)$")
_SIGNATURE = re.compile(
    r"^(kind regards|best regards|regards|thanks|thank you|cheers|best|sincerely)[,!.]?$",
    re.IGNORECASE,
)


@dataclass(frozen=True, kw_only=True)
class Passage:
    path: str
    text: str
    speaker: str | None
    context: str
    date: str
    channel: str
    position: int


def channel_of(path: str) -> str:
    for channel in ("emails", "calls", "sms"):
        if f"/sources/{channel}/" in path:
            return channel
    return "state" if path.endswith("state.md") else "other"


def passages(path: str, text: str) -> list[Passage]:
    """The quotable passages of one raw.txt (headers give the date; the body gives passages)."""
    head, _, body = text.partition("\n\n")
    headers = dict(_header(line) for line in head.splitlines() if ": " in line)
    date = headers.get("date", "")[:10]
    channel = channel_of(path)
    sender = _name(headers.get("from", ""))
    found: list[Passage] = []
    previous = ""
    if headers.get("subject"):
        subject = headers["subject"]
        found.append(_passage(path, subject, sender, "", date, channel, 0))
    for line in body.splitlines():
        line = line.strip()
        if not line or _SIGNATURE.match(line):
            continue
        speaker, words = _speaker(line, channel, sender)
        whole = channel in ("calls", "sms") and len(words) < LONG_LINE
        for sentence in [words] if whole else _SENTENCE_END.split(words):
            if sentence.strip():
                found.append(
                    _passage(path, sentence.strip(), speaker, previous, date, channel, len(found))
                )
        previous = words
    return found


def _passage(
    path: str, text: str, speaker: str | None, context: str, date: str, channel: str, at: int
) -> Passage:
    return Passage(
        path=path,
        text=text,
        speaker=speaker,
        context=context,
        date=date,
        channel=channel,
        position=at,
    )


def _header(line: str) -> tuple[str, str]:
    key, _, value = line.partition(": ")
    return key.strip().lower(), value.strip()


def _name(address: str) -> str | None:
    name = address.split("<")[0].strip().strip('"')
    return name or None


def _speaker(line: str, channel: str, sender: str | None) -> tuple[str | None, str]:
    if channel == "sms":
        match = _SMS_LINE.match(line)
        if match:
            return match.group(1).strip(), match.group(2).strip()
    if channel == "calls":
        match = _TALK_LINE.match(line)
        if match:
            return match.group(1).strip(), match.group(2).strip()
    return sender, line
