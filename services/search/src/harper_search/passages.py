"""Files cut into passages an answer can quote: email sentences (wrapped lines joined), list
items (and each list with its lead-in), transcript and text lines.

Each passage is a verbatim piece of its file (so a quote of it always checks out), with who
said it and the passage before it (a transcript answer "About $390,000." needs the question
"And your annual payroll?" above it to mean anything).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime

from harper_common.memory.sentences import SENTENCE_BREAK
from harper_common.memory.sources import SMS_STAMP, TURN_CLOCK, sent_moment

_SENTENCE_END = re.compile(SENTENCE_BREAK)
_LIST_ITEM = re.compile(r"^(?:\d{1,2}[.)]|[-*•])\s+\S")
"""A numbered or bulleted item of a list."""
_FORWARDED = re.compile(r"^(?:from|to|cc|sent|date|subject):\s", re.IGNORECASE)
"""A header line of a forwarded or quoted message inside an email's body."""
_WROTE = re.compile(r"^>*\s*On\b.{4,160}\bwrote:\s*$")
"""The line a reply puts above the message it quotes ("On Wed, Jun 24, 2026, Ann <...> wrote:")."""
_LEAD_IN_LIST = re.compile(r":\s+(?:\d{1,2}[.)]|[-*•])\s+\S")
LONG_LINE = 300
"""Transcript and text lines shorter than this stay whole (one turn, one passage)."""
_SMS_LINE = re.compile(rf"^{SMS_STAMP} ([^:]{{1,60}}): (.+)$")
_TALK_LINE = re.compile(rf"^(?:{TURN_CLOCK}\s*)?([A-Z][^:]{{0,60}}): (.+)$")
"""A transcript's turn, after the recording's clock when it has one ("[00:17] ", "00:00:17 ")."""
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
    card: bool = False
    """The writer's signature card (name, title, numbers): backs a contact detail, says nothing."""


def channel_of(path: str) -> str:
    for channel in ("emails", "calls", "sms"):
        if f"/sources/{channel}/" in path:
            return channel
    return "state" if path.endswith("state.md") else "other"


def passages(path: str, text: str) -> list[Passage]:
    """The quotable passages of one raw.txt (headers give the date; the body gives passages)."""
    head, _, body = text.partition("\n\n")
    headers = _headers(head)
    moment = sent_moment(headers)
    date = moment.date().isoformat() if moment is not None else ""  # as written, in its zone
    channel = channel_of(path)
    sender = _name(headers.get("from", ""))
    found: list[Passage] = []
    previous = ""
    if headers.get("subject"):
        subject = headers["subject"]
        found.append(_passage(path, subject, sender, "", date, channel, 0))
    talk = channel in ("calls", "sms")
    lines = [(line, False) for line in body.splitlines()] if talk else _units(body, sender)
    for line, card in lines:
        line = line.strip()
        if not line or _SIGNATURE.match(line):
            continue
        forwarded = _FORWARDED.match(line)
        if forwarded and line.lower().startswith("from:") and channel == "emails":
            sender = _name(line.partition(":")[2]) or sender  # a forwarded message's writer
        speaker, words = _speaker(line, channel, sender)
        short_turn = channel in ("calls", "sms") and len(words) < LONG_LINE
        whole = short_turn or _LIST_ITEM.match(words) is not None
        for sentence in [words] if whole else _SENTENCE_END.split(words):
            if sentence.strip():
                at = len(found)
                found.append(
                    _passage(path, sentence.strip(), speaker, previous, date, channel, at, card)
                )
        previous = words
    return _with_lists(found)


def is_header(passage: Passage) -> bool:
    """A header line of a message forwarded or quoted in an email ("Subject: ..."): where it
    came from, not what anyone said."""
    return _FORWARDED.match(passage.text) is not None or _WROTE.match(passage.text) is not None


def carries_list(text: str) -> bool:
    """A lead-in joined with the list that follows it ("please provide: 1. ... 2. ...")."""
    return _LEAD_IN_LIST.search(text) is not None


def _units(body: str, sender: str | None = None) -> list[tuple[str, bool]]:
    """An email's body as units people wrote: a paragraph's wrapped lines joined, each list item
    (with its own wrapped lines) apart, a forwarded header line or a sign-off alone; the name and
    title lines under a sign-off, or under the writer's full name alone on its line (a card:
    "Marcus Odom" / "Account Executive | ..."), are left out (a signature is nobody's answer),
    but the card is kept whole and marked, for what it backs (the writer's number)."""
    units: list[list[str]] = []
    cards: set[int] = set()
    signing = False  # the lines after a sign-off ("Thanks,") up to a blank line: name, title
    carding = False  # the lines of the writer's card, up to a blank line
    name = (sender or "").strip().lower()
    for raw in body.splitlines():
        line = raw.strip()
        if signing and line and not _FORWARDED.match(line):
            continue
        if carding and line and not _FORWARDED.match(line):
            units[-1].append(line)
            continue
        if name and " " in name and line.lower() == name:
            carding = True  # the writer's card starts with their full name alone
            cards.add(len(units))
            units.append([line])
            continue
        carding = False
        signing = bool(_SIGNATURE.match(line)) or (signing and bool(line))
        alone = _LIST_ITEM.match(line) or _FORWARDED.match(line) or _SIGNATURE.match(line)
        if not line or alone or not units or not units[-1] or _ends_unit(units[-1][-1]):
            units.append([])
        if line:
            units[-1].append(line)
    return [(" ".join(unit), at in cards) for at, unit in enumerate(units) if unit]


def _ends_unit(line: str) -> bool:
    """A line after which a new unit starts: a header, a sign-off, or a list's lead-in."""
    return bool(_FORWARDED.match(line) or _SIGNATURE.match(line) or line.endswith(":"))


def _with_lists(found: list[Passage]) -> list[Passage]:
    """A lead-in ("please provide:") carries the list that follows it, so the answer to "what
    do they need" quotes the items, not only the sentence announcing them."""
    out = list(found)
    for at, passage in enumerate(found):
        if not passage.text.endswith(":"):
            continue
        items = []
        for item in found[at + 1 :]:
            if not _LIST_ITEM.match(item.text):
                break
            items.append(item.text)
        if items:
            out[at] = replace(passage, text=" ".join([passage.text, *items]))
    return out


def _passage(
    path: str,
    text: str,
    speaker: str | None,
    context: str,
    date: str,
    channel: str,
    at: int,
    card: bool = False,
) -> Passage:
    return Passage(
        path=path,
        text=text,
        speaker=speaker,
        context=context,
        date=date,
        channel=channel,
        position=at,
        card=card,
    )


def _header(line: str) -> tuple[str, str]:
    key, _, value = line.partition(": ")
    return key.strip().lower(), value.strip()


def sent_at(text: str) -> datetime | None:
    """When a raw.txt says it was sent (``sent_moment`` of its headers); None without."""
    head, _, _ = text.partition("\n\n")
    return sent_moment(_headers(head))


def _headers(head: str) -> dict[str, str]:
    """A raw.txt's header lines by lower-case name."""
    return dict(_header(line) for line in head.splitlines() if ": " in line)


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
