"""An account's storyline: its communications in time, and where it stands on the as-of day."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cached_property

from harper_common.demo.beats import (
    CLIENT_SENDS,
    CLIENT_STARTS_TALK,
    GAP_DAYS,
    MOVES_TO,
    Beat,
    beats_for,
    pick_channels,
)
from harper_common.demo.deal import Deal, draw_deal
from harper_common.demo.plan import AccountPlan, account_rng
from harper_common.memory.models import Channel, Direction
from harper_common.memory.stages import Stage


@dataclass(frozen=True)
class Moment:
    """One communication: a beat on a channel at a time, maybe moving the account's stage."""

    beat: Beat
    channel: Channel
    at: datetime
    moves_to: Stage | None

    @property
    def direction(self) -> Direction:
        client = CLIENT_SENDS if self.channel is Channel.EMAIL else CLIENT_STARTS_TALK
        return Direction.INBOUND if self.beat in client else Direction.OUTBOUND

    @cached_property
    def source_id(self) -> str:
        return f"{self.channel.value}_{self.at:%Y%m%d_%H%M}"

    @cached_property
    def raw_path(self) -> str:
        """Relative to the account folder."""
        return f"sources/{self.channel.folder}/{self.source_id}/raw.txt"


@dataclass(frozen=True)
class Story:
    plan: AccountPlan
    deal: Deal
    moments: tuple[Moment, ...]
    renewal: date
    effective: date | None
    quiet: bool
    """Closed Lost because the client stopped answering (rather than choosing another agency)."""

    @property
    def beats(self) -> frozenset[Beat]:
        return frozenset(m.beat for m in self.moments)

    @property
    def premium(self) -> int | None:
        """The premium state.md shows: set once a quote is in."""
        return self.deal.premium if Beat.QUOTE in self.beats else None

    @property
    def last_contact(self) -> date:
        return self.moments[-1].at.date()


def build_story(plan: AccountPlan, seed: int, as_of: date) -> Story:
    rng = account_rng(seed, plan.index, "story")
    beats = beats_for(plan.stage, rng, plain=plan.pins.plain)
    pinned = {0: Channel.EMAIL} if plan.injection else None
    channels = pick_channels(beats, rng, plan.voice, plan.preferred, pinned)
    times = _timeline(beats, rng, as_of - timedelta(days=plan.days_since))
    quiet = plan.stage is Stage.CLOSED_LOST and beats[-1] is Beat.NUDGE
    moves = [MOVES_TO.get(beat) for beat in beats]
    if quiet:
        moves[-1] = Stage.CLOSED_LOST
    moments = tuple(map(Moment, beats, channels, times, moves))
    deal = draw_deal(plan, rng)
    renewal = _renewal(moments, rng)
    return Story(plan, deal, moments, renewal, _effective(moments, renewal), quiet)


def _timeline(beats: list[Beat], rng: random.Random, last_day: date) -> list[datetime]:
    """A time for each beat, the last on ``last_day``, each at least a day after the one before."""
    days = [last_day]
    for beat in reversed(beats[1:]):
        days.append(days[-1] - timedelta(days=rng.randint(*GAP_DAYS[beat])))
    days.reverse()
    return [_working_time(day, rng) for day in days]


def _working_time(day: date, rng: random.Random) -> datetime:
    """Business hours across US time zones, in UTC (13:00 to 21:59)."""
    moment = time(rng.randint(13, 21), rng.randint(0, 59), tzinfo=UTC)
    return datetime.combine(day, moment)


def _renewal(moments: tuple[Moment, ...], rng: random.Random) -> date:
    """The current policy's renewal: the first of a month one to four months after first contact."""
    return _first_of_next_month(moments[0].at.date() + timedelta(days=rng.randint(20, 110)))


def _effective(moments: tuple[Moment, ...], renewal: date) -> date | None:
    """Coverage starts at renewal, or on the first of the next month if renewal has passed."""
    decided = [m.at.date() for m in moments if m.beat in (Beat.DECISION, Beat.BOUND)]
    if not decided:
        return None
    if renewal > decided[0] + timedelta(days=2):
        return renewal
    return _first_of_next_month(decided[0])


def _first_of_next_month(day: date) -> date:
    return date(day.year + day.month // 12, day.month % 12 + 1, 1)
