"""How a contact writes (and how the broker writes back): four voices and their letterheads."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from harper_common.memory.models import Channel

_T = TypeVar("_T")


class Voice(StrEnum):
    FORMAL = "formal"
    """Letters: "Dear …", full sentences, a signature block, "Best regards"."""
    FRIENDLY = "friendly"
    """Warm and quick: "Hi Jordan!", "Thanks so much!"."""
    CASUAL = "casual"
    """Brief, lower case, from a job site: "k thx", "got it 👍"."""
    DETAILED = "detailed"
    """Relationship builders: long emails, context, questions about the family."""


@dataclass(frozen=True)
class Persona:
    voice: Voice
    formality: str
    length: str
    tone: str
    channels: tuple[tuple[Channel, int], ...]
    """Weights of the preferred channel a contact of this voice picks."""


PERSONAS: dict[Voice, Persona] = {
    Voice.FORMAL: Persona(
        Voice.FORMAL, "formal", "medium", "courteous", ((Channel.EMAIL, 8), (Channel.CALL, 2))
    ),
    Voice.FRIENDLY: Persona(
        Voice.FRIENDLY,
        "informal",
        "short",
        "warm",
        ((Channel.EMAIL, 4), (Channel.SMS, 3), (Channel.CALL, 3)),
    ),
    Voice.CASUAL: Persona(
        Voice.CASUAL, "casual", "brief", "terse", ((Channel.SMS, 7), (Channel.CALL, 3))
    ),
    Voice.DETAILED: Persona(
        Voice.DETAILED, "semi-formal", "long", "personable", ((Channel.EMAIL, 6), (Channel.CALL, 4))
    ),
}

VOICE_WEIGHTS: tuple[tuple[Voice, int], ...] = (
    (Voice.FORMAL, 25),
    (Voice.FRIENDLY, 30),
    (Voice.CASUAL, 25),
    (Voice.DETAILED, 20),
)


@dataclass(frozen=True)
class Letterhead:
    """How one writer opens and closes an email."""

    greeting: str
    opener: str
    closing: str
    signature: str


@dataclass(frozen=True)
class Writer:
    """Who writes: the names a letterhead needs."""

    first: str
    full: str
    salute: str
    """How a formal letter addresses them: "Dr. Reed", "Ms. Alvarez"."""
    title: str
    company: str
    phone: str
    broker: bool = False


def pick_weighted(rng: random.Random, weighted: tuple[tuple[_T, int], ...]) -> _T:
    """One item of ``(item, weight)`` pairs."""
    items = [item for item, _ in weighted]
    return rng.choices(items, weights=[weight for _, weight in weighted])[0]


def letterhead(voice: Voice, writer: Writer, reader: Writer, rng: random.Random) -> Letterhead:
    """A letterhead in ``voice`` for ``writer`` writing to ``reader``; drawn once per pair."""
    return _LETTERHEADS[voice](writer, reader, rng)


def _formal(writer: Writer, reader: Writer, rng: random.Random) -> Letterhead:
    return Letterhead(
        f"Dear {reader.salute},",
        "",
        rng.choice(("Best regards,", "Kind regards,", "Sincerely,")),
        f"{writer.full}\n{writer.title}\n{writer.company}\n{writer.phone}",
    )


def _friendly(writer: Writer, reader: Writer, rng: random.Random) -> Letterhead:
    return Letterhead(
        rng.choice((f"Hi {reader.first}!", f"Hey {reader.first}!", f"Hi {reader.first},")),
        "",
        rng.choice(("Thanks so much!", "Thanks a bunch!", "Thank you!!")),
        writer.first,
    )


def _casual(writer: Writer, reader: Writer, rng: random.Random) -> Letterhead:
    if writer.broker:
        return Letterhead(
            f"{reader.first} -", "", rng.choice(("Thanks", "Let me know")), writer.first
        )
    return Letterhead(
        rng.choice(("", f"{reader.first} -", "hey")),
        "",
        rng.choice(("thx", "k thx", "thanks")),
        rng.choice((f"- {writer.first[0]}", "Sent from my iPhone", writer.first.lower())),
    )


def _detailed(writer: Writer, reader: Writer, rng: random.Random) -> Letterhead:
    return Letterhead(
        f"Hi {reader.first},",
        rng.choice(_DETAILED_OPENERS),
        rng.choice(("Warmly,", "All the best,", "With thanks,")),
        f"{writer.full}\n{writer.title}, {writer.company}",
    )


_DETAILED_OPENERS = (
    "I hope your week is off to a good start.",
    "I hope you and the family are doing well.",
    "Thanks again for all your help so far; I really appreciate it.",
)
_LETTERHEADS: dict[Voice, Callable[[Writer, Writer, random.Random], Letterhead]] = {
    Voice.FORMAL: _formal,
    Voice.FRIENDLY: _friendly,
    Voice.CASUAL: _casual,
    Voice.DETAILED: _detailed,
}


def compose_letter(head: Letterhead, paragraphs: list[str]) -> str:
    """An email body: greeting, opener, paragraphs, closing and signature, ending in a newline."""
    blocks = [head.greeting] if head.greeting else []
    if head.opener:
        blocks.append(head.opener)
    blocks.extend(paragraphs)
    blocks.append(f"{head.closing}\n{head.signature}")
    return "\n\n".join(blocks) + "\n"
