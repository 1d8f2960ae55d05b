"""The beats of an account's story, which of them an account reaches, and on which channel."""

from __future__ import annotations

import random
from collections import Counter
from enum import StrEnum

from harper_common.demo.personas import Voice, pick_weighted
from harper_common.memory.models import Channel
from harper_common.memory.stages import Stage


class Beat(StrEnum):
    """One communication in the life of an account (the keys of ``data/scripts.toml``)."""

    INQUIRY = "inquiry"
    REPLY = "reply"
    INTAKE = "intake"
    APP_REQUEST = "app_request"
    APP_RECEIVED = "app_received"
    SUBMITTED = "submitted"
    UW_QUESTION = "uw_question"
    QUOTE = "quote"
    DISCUSSION = "discussion"
    DECISION = "decision"
    BOUND = "bound"
    WON = "won"
    NUDGE = "nudge"
    LOST = "lost"


MOVES_TO: dict[Beat, Stage] = {
    Beat.INQUIRY: Stage.NEW_LEAD,
    Beat.INTAKE: Stage.INTAKE,
    Beat.APP_RECEIVED: Stage.APPLICATION_RECEIVED,
    Beat.SUBMITTED: Stage.SUBMITTED,
    Beat.QUOTE: Stage.QUOTED,
    Beat.BOUND: Stage.BOUND,
    Beat.WON: Stage.CLOSED_WON,
    Beat.LOST: Stage.CLOSED_LOST,
}
"""The stage an account moves to because of a beat's communication."""

CLIENT_SENDS: frozenset[Beat] = frozenset(
    {Beat.INQUIRY, Beat.INTAKE, Beat.APP_RECEIVED, Beat.DISCUSSION, Beat.DECISION, Beat.LOST}
)
"""Beats whose email is written by the client (the others' by the broker)."""
CLIENT_STARTS_TALK: frozenset[Beat] = CLIENT_SENDS - {Beat.INTAKE}
"""Beats whose call or text thread the client starts."""

_ALL = (Channel.EMAIL, Channel.CALL, Channel.SMS)
ALLOWED: dict[Beat, tuple[Channel, ...]] = {beat: _ALL for beat in Beat} | {
    Beat.QUOTE: (Channel.EMAIL,)
}

GAP_DAYS: dict[Beat, tuple[int, int]] = {
    Beat.INQUIRY: (0, 0),
    Beat.REPLY: (1, 2),
    Beat.INTAKE: (1, 6),
    Beat.APP_REQUEST: (1, 3),
    Beat.APP_RECEIVED: (2, 9),
    Beat.SUBMITTED: (1, 6),
    Beat.UW_QUESTION: (2, 7),
    Beat.QUOTE: (4, 14),
    Beat.DISCUSSION: (1, 6),
    Beat.DECISION: (1, 8),
    Beat.BOUND: (1, 4),
    Beat.WON: (6, 20),
    Beat.NUDGE: (3, 9),
    Beat.LOST: (3, 14),
}
"""Days since the communication before, by the later beat."""

_PATH: tuple[tuple[Beat, float], ...] = (
    (Beat.INQUIRY, 1.0),
    (Beat.REPLY, 0.4),
    (Beat.INTAKE, 1.0),
    (Beat.APP_REQUEST, 0.55),
    (Beat.APP_RECEIVED, 1.0),
    (Beat.SUBMITTED, 1.0),
    (Beat.UW_QUESTION, 0.55),
    (Beat.QUOTE, 1.0),
    (Beat.DISCUSSION, 0.6),
    (Beat.DECISION, 1.0),
    (Beat.BOUND, 1.0),
    (Beat.WON, 1.0),
)
_LAST_BEAT: dict[Stage, Beat] = {stage: beat for beat, stage in MOVES_TO.items()} | {
    Stage.NEW_LEAD: Beat.REPLY
}
_LOST_AFTER: tuple[tuple[Stage, int], ...] = (
    (Stage.INTAKE, 15),
    (Stage.APPLICATION_RECEIVED, 15),
    (Stage.SUBMITTED, 20),
    (Stage.QUOTED, 50),
)
MAX_SOURCES = 8


def beats_for(stage: Stage, rng: random.Random, *, plain: bool = False) -> list[Beat]:
    """The beats an account at ``stage`` went through, oldest first (2 to 8 of them)."""
    if stage is Stage.CLOSED_LOST:
        return _lost_beats(rng)
    chosen: list[tuple[Beat, bool]] = []
    for beat, chance in _PATH:
        optional = chance < 1.0 and not (stage is Stage.NEW_LEAD and beat is Beat.REPLY)
        if not optional or (not plain and rng.random() < chance):
            chosen.append((beat, optional))
        if beat is _LAST_BEAT[stage]:
            break
    return _trim(chosen)


def _lost_beats(rng: random.Random) -> list[Beat]:
    before = pick_weighted(rng, _LOST_AFTER)
    beats = beats_for(before, rng)
    ending = [Beat.LOST] if rng.random() < 0.55 else [Beat.NUDGE] * rng.randint(1, 2)
    optional = {Beat.REPLY, Beat.APP_REQUEST, Beat.UW_QUESTION, Beat.DISCUSSION}
    return _trim([(beat, beat in optional) for beat in beats] + [(b, False) for b in ending])


def _trim(chosen: list[tuple[Beat, bool]]) -> list[Beat]:
    """Drop optional beats, earliest first, until the story fits in MAX_SOURCES."""
    while len(chosen) > MAX_SOURCES:
        first_optional = next(i for i, (_, optional) in enumerate(chosen) if optional)
        del chosen[first_optional]
    return [beat for beat, _ in chosen]


def pick_channels(
    beats: list[Beat],
    rng: random.Random,
    voice: Voice,
    preferred: Channel,
    pinned: dict[int, Channel] | None = None,
) -> list[Channel]:
    """A channel per beat: mostly the preferred one, which ends up the most used.

    ``pinned`` fixes the channel of some beats (by position); those are never switched.
    """
    pinned = pinned or {}
    channels = [_pick_channel(ALLOWED[beat], rng, voice, preferred) for beat in beats]
    channels = [pinned.get(i, ch) for i, ch in enumerate(channels)]
    return _preferred_first(beats, channels, preferred, pinned)


def _preferred_first(
    beats: list[Beat], channels: list[Channel], preferred: Channel, pinned: dict[int, Channel]
) -> list[Channel]:
    """Switch beats to the preferred channel, earliest first, until it is the most used."""
    while True:
        counts = Counter(channels)
        rivals = max((n for ch, n in counts.items() if ch is not preferred), default=0)
        if counts[preferred] > rivals:
            return channels
        switchable = [
            i
            for i, ch in enumerate(channels)
            if ch is not preferred and preferred in ALLOWED[beats[i]] and i not in pinned
        ]
        if not switchable:
            return channels
        channels[switchable[0]] = preferred


def _pick_channel(
    allowed: tuple[Channel, ...], rng: random.Random, voice: Voice, preferred: Channel
) -> Channel:
    if preferred in allowed and rng.random() < 0.7:
        return preferred
    usable = [ch for ch in allowed if not (voice is Voice.FORMAL and ch is Channel.SMS)]
    return rng.choice(usable or list(allowed))
