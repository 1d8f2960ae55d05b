""" "Who is Jill?" about one account: the person as the files introduce them.

A person's role is rarely said in a sentence; it is in how they sign ("Jill Amundsen / Office
Manager, Keystone IT Solutions"), in the header of what they sent, or in how others speak of
them. For a question that asks who someone is, the person is matched to the people the
account's files know (email senders, call speakers, text senders) by name, and the answer gives
the lines under their signature and the first thing they wrote, each with its file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from harper_search.passages import Passage
from harper_search.terms import STOP_WORDS

WHO_IS = re.compile(
    r"^\W*who(?:'s|’s| is| was|s)\s+(?P<name>[^?,.!]+?)"
    r"(?:\s+(?:at|from|with|for|over at|on)\b.*)?\W*$",
    re.IGNORECASE,
)
WITH_WHOM = re.compile(
    r"\bwith(?:\s+(?:right\s+)?(?:now|currently|today|these days|at the moment))?\W*$", re.I
)
""""who's Ana with (right now)": whom Ana is with (her carrier), not who Ana is."""
SIGNATURE_LINES = 2
"""Lines under a signed name that say who they are (title, company)."""


@dataclass(frozen=True)
class Introduction:
    """A person of the account's files and where the files say who they are."""

    name: str
    path: str
    signature: tuple[str, ...]
    first_said: Passage | None


def asked_person(question: str) -> str | None:
    """The name a "who is ..." question asks about ("jill", "Brent Ostrowski"), or None."""
    match = WHO_IS.match(question.strip())
    if match is None or WITH_WHOM.search(question):
        return None
    name = match.group("name").strip()
    words = name.split()
    if not 1 <= len(words) <= 3 or words[0].lower() in STOP_WORDS:
        return None  # "who is the contact", "who was on the call": not a person by name
    return name


def introduce(name: str, read: dict[str, str], found: list[Passage]) -> Introduction | None:
    """The files' person whose name holds every word of ``name``: their signature's lines
    (from the newest file they signed) and the first passage they said."""
    wanted = [w.lower() for w in name.split()]
    spoken = [p for p in found if p.speaker and _holds(p.speaker, wanted)]
    full = max((p.speaker for p in spoken if p.speaker), key=len, default=None)
    first = spoken[-1] if spoken else None  # found is newest first
    for path, text in read.items():  # newest first
        signed = _signature(text, wanted)
        if signed is not None:
            return Introduction(signed[0], path, signed[1], first)
    if first is not None:
        return Introduction(full or name, first.path, (), first)
    return None


def _holds(speaker: str, wanted: list[str]) -> bool:
    have = [w.lower().strip(".,") for w in speaker.split()]
    return all(w in have for w in wanted)


def _signature(text: str, wanted: list[str]) -> tuple[str, tuple[str, ...]] | None:
    """The name as signed on a line of its own, and the lines under it."""
    lines = [line.strip() for line in text.splitlines()]
    for index, line in enumerate(lines):
        words = [w.lower() for w in line.split()]
        if not words or len(words) > 4 or not all(w in words for w in wanted):
            continue
        if ":" in line or "@" in line:
            continue  # a header or an address, not a signature
        under = [u for u in lines[index + 1 : index + 1 + SIGNATURE_LINES] if u]
        if under and not any(u.endswith((".", "?", "!")) for u in under):
            return line, tuple(under)
    return None
