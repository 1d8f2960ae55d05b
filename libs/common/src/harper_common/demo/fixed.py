"""The three accounts every book of three or more holds: the spec's examples, always the same."""

from __future__ import annotations

import random
from dataclasses import replace

from harper_common.demo.industries import industry
from harper_common.demo.naming import Person
from harper_common.demo.personas import Voice, pick_weighted
from harper_common.demo.plan import (
    ACTIVE_STAGES,
    STAGE_WEIGHTS,
    AccountPlan,
    Book,
    Pins,
    Sketch,
    draw_plan,
)
from harper_common.demo.vocabulary import BROKERS, CITIES, PACIFIC_NORTHWEST, City
from harper_common.memory.models import Channel
from harper_common.memory.stages import Stage

MAPLE_ID = "29041"
SUNNY_ID = "29119"
FIXED_IDS = (MAPLE_ID, SUNNY_ID)
FIXED_NAMES = ("Maple Avenue Dental", "Sunny Days Childcare", "Cascade Ridge Roofing")


def fixed_plan(index: int, rng: random.Random, book: Book) -> AccountPlan:
    """Account ``index`` (0, 1 or 2) of the fixed three."""
    if index == 0:
        return maple()
    if index == 1:
        return sunny(rng)
    return cascade(rng, book)


def _city(name: str) -> City:
    return next(city for city in CITIES if city.name == name)


def maple() -> AccountPlan:
    """Maple Avenue Dental exactly as the product spec shows it: quoted, and 48 days quiet."""
    return AccountPlan(
        index=0,
        account_id=MAPLE_ID,
        name="Maple Avenue Dental",
        trade=industry("dental"),
        city=_city("Austin"),
        stage=Stage.QUOTED,
        lines=("Workers' Compensation", "General Liability"),
        contact=Person("Lisa", "Reed", female=True, doctor=True),
        title="Practice Owner",
        email="lreed@mapleavedental.com",
        phone="(512) 555-0134",
        voice=Voice.FORMAL,
        preferred=Channel.EMAIL,
        broker=BROKERS[0],
        days_since=48,
        pins=Pins(premium=2600, carrier="biBERK", employees=6, plain=True),
    )


def sunny(rng: random.Random) -> AccountPlan:
    """Sunny Days Childcare: a quoted childcare center in Texas, contacted yesterday."""
    return AccountPlan(
        index=1,
        account_id=SUNNY_ID,
        name="Sunny Days Childcare",
        trade=industry("childcare"),
        city=_city("San Antonio"),
        stage=Stage.QUOTED,
        lines=("Workers' Compensation", "General Liability", "Abuse & Molestation"),
        contact=Person("Maria", "Alvarez", female=True),
        title="Director",
        email="maria@sunnydayschildcare.com",
        phone="(210) 555-0187",
        voice=Voice.FRIENDLY,
        preferred=Channel.EMAIL,
        broker=BROKERS[1],
        days_since=1,
        pins=Pins(carrier=rng.choice(("Guard", "The Hartford", "CNA"))),
    )


def cascade(rng: random.Random, book: Book) -> AccountPlan:
    """Cascade Ridge Roofing: a roofer in the Pacific Northwest who texts from the roof."""
    active = tuple(pair for pair in STAGE_WEIGHTS if pair[0] in ACTIVE_STAGES)
    sketch = Sketch(
        stage=pick_weighted(rng, active),
        trade=industry("roofing"),
        city=rng.choice(PACIFIC_NORTHWEST),
        voice=Voice.CASUAL,
        name=FIXED_NAMES[2],
    )
    return replace(draw_plan(2, rng, book, sketch), preferred=Channel.SMS)
