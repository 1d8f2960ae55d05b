"""Who an account is: id, name, trade, place, contact, voice, stage, days since last contact.

Everything else about an account (its story, its files) depends only on its plan and the seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from harper_common.demo.industries import Industry
from harper_common.demo.naming import (
    Person,
    company_name,
    email_address,
    is_allowed,
    phone_number,
    random_person,
)
from harper_common.demo.personas import PERSONAS, Voice, pick_weighted
from harper_common.demo.vocabulary import BROKERS, Broker, City
from harper_common.memory.models import Channel
from harper_common.memory.stages import FOLLOW_UP_RULES, STAGES, Stage

STAGE_WEIGHTS: tuple[tuple[Stage, int], ...] = (
    (Stage.NEW_LEAD, 9),
    (Stage.INTAKE, 11),
    (Stage.APPLICATION_RECEIVED, 13),
    (Stage.SUBMITTED, 14),
    (Stage.QUOTED, 21),
    (Stage.BOUND, 10),
    (Stage.CLOSED_WON, 11),
    (Stage.CLOSED_LOST, 11),
)
ACTIVE_STAGES: tuple[Stage, ...] = STAGES[:5]


@dataclass(frozen=True)
class Pins:
    """What a fixed account holds constant instead of drawing it."""

    premium: int | None = None
    carrier: str | None = None
    employees: int | None = None
    plain: bool = False
    """Only the beats every account of the stage has (no optional ones)."""


@dataclass(frozen=True)
class AccountPlan:
    index: int
    account_id: str
    name: str
    trade: Industry
    city: City
    stage: Stage
    lines: tuple[str, ...]
    contact: Person
    title: str
    email: str
    phone: str
    voice: Voice
    preferred: Channel
    broker: Broker
    days_since: int
    """Days between the last contact and the as-of day."""
    injection: bool = False
    pins: Pins = Pins()


def account_rng(seed: int, index: int, purpose: str) -> random.Random:
    """A generator for one account and one purpose; string seeds hash with SHA-512, not salted."""
    return random.Random(f"harper-demo/{seed}/{index}/{purpose}")


def days_since_contact(rng: random.Random, stage: Stage) -> int:
    """Spread so that about half of the active accounts are overdue, some by 30+ days.

    The day that equals the stage's threshold is never drawn, so "overdue" reads the same
    whether a rule means "after N days" or "on day N".
    """
    after = FOLLOW_UP_RULES[stage].after_days
    if after is None:
        return rng.randint(1, 150)
    roll = rng.random()
    if roll < 0.45:
        return rng.randint(0, after - 1)
    if roll < 0.75:
        return rng.randint(after + 1, 29)
    return rng.randint(30, 80)


class Book:
    """Ids and names taken so far (planning runs in index order so that both stay unique)."""

    def __init__(self, ids: Iterable[str], names: Iterable[str]) -> None:
        self.ids: set[str] = set(ids)
        self.names: set[str] = {name_key(name) for name in names}

    def new_id(self, rng: random.Random) -> str:
        while (candidate := str(rng.randint(10000, 99999))) in self.ids:
            pass
        self.ids.add(candidate)
        return candidate

    def new_name(self, rng: random.Random, trade: Industry, city: City) -> str:
        for _ in range(200):
            name = company_name(rng, trade, city)
            if name_key(name) not in self.names and is_allowed(name):
                self.names.add(name_key(name))
                return name
        raise RuntimeError("ran out of company names; add words to the vocabulary")


def name_key(name: str) -> str:
    """Names that differ only by case or a legal suffix count as the same company."""
    folded = name.casefold()
    for suffix in (" llc", " inc.", " co."):
        folded = folded.removesuffix(suffix)
    return folded


@dataclass(frozen=True)
class Sketch:
    """What is decided about an account before its people are drawn."""

    stage: Stage
    trade: Industry
    city: City
    voice: Voice
    name: str | None = None


def draw_plan(index: int, rng: random.Random, book: Book, sketch: Sketch) -> AccountPlan:
    """An account of the sketch's trade and place, with a contact, a broker and a last contact."""
    trade, city = sketch.trade, sketch.city
    name = sketch.name or book.new_name(rng, trade, city)
    contact = random_person(rng, doctor=trade.doctor and rng.random() < 0.7)
    extra = (rng.choice(trade.extra),) if trade.extra and rng.random() < 0.4 else ()
    return AccountPlan(
        index=index,
        account_id=book.new_id(rng),
        name=name,
        trade=trade,
        city=city,
        stage=sketch.stage,
        lines=trade.lines + extra,
        contact=contact,
        title=rng.choice(trade.titles),
        email=email_address(rng, contact, name),
        phone=phone_number(rng, city),
        voice=sketch.voice,
        preferred=pick_weighted(rng, PERSONAS[sketch.voice].channels),
        broker=rng.choice(BROKERS),
        days_since=days_since_contact(rng, sketch.stage),
    )
