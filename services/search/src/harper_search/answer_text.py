"""How extractive answers read: one line per field or topic, quotes verbatim, files named.

Every quoted passage is copied from the file it names, so the evidence checker can verify it.
"""

from __future__ import annotations

from collections.abc import Sequence

from harper_search.passages import Passage
from harper_search.ranking import Finding

_CHANNEL = {"emails": "email", "calls": "call", "sms": "text"}


def where(passage: Passage) -> str:
    """ "email of 2026-10-05, accounts/29041/sources/emails/email_20261005_1903/raw.txt"."""
    return f"{_CHANNEL.get(passage.channel, passage.channel)} of {passage.date}, {passage.path}"


def quote(passage: Passage) -> str:
    """The passage in quotes with who said it; a transcript answer comes with its question."""
    said = f'{passage.speaker}: "{passage.text}"' if passage.speaker else f'"{passage.text}"'
    context = passage.context.strip()
    if context.endswith("?") and passage.channel in ("calls", "sms") and len(context) < 200:
        return f'asked "{context}", {said}'
    return said


def field_line(label: str, value: str | None, state_path: str, support: Passage | None) -> str:
    shown = value if value else "not recorded"
    line = f"- {label}: {shown} (state.md, {state_path})"
    if support is not None:
        line += f"; backed by {quote(support)} ({where(support)})"
    return line


def topic_lines(label: str, answers: Sequence[Finding], files_read: int) -> list[str]:
    if not answers:
        return [f"- {label}: not found in the {files_read} source files I read."]
    return [f"- {label}: {quote(f.passage)} ({where(f.passage)})" for f in answers]


SAYS_SOMETHING = 4
"""Words a passage of a message needs to stand for it ("Morning Kyle," does not)."""


def says_something(passage: Passage) -> bool:
    """A passage of a message's body (not its headers, not a signature card) of a few words at
    least."""
    return passage.position > 0 and not passage.card and len(passage.text.split()) >= SAYS_SOMETHING


def overview_line(path: str, found: Sequence[Passage], contact: str | None = None) -> str:
    """The newest communication: the client's own words first when we know the client."""
    body = [p for p in found if says_something(p)]
    if not body:
        return f"- Latest communication: {path}"
    theirs = [p for p in body if contact and p.speaker == contact]
    shown = (theirs or body)[:3]
    quotes = "; ".join(quote(p) for p in shown)
    return f"- Latest communication: {quotes} ({where(shown[0])})"
