"""The demo generator's parts: plans, beats, channels and names, checked without writing files."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from harper_common.demo.beats import MAX_SOURCES, MOVES_TO, Beat, beats_for, pick_channels
from harper_common.demo.naming import FORBIDDEN_NAMES, email_domain, is_allowed
from harper_common.demo.personas import Voice
from harper_common.demo.plan import days_since_contact
from harper_common.demo.roster import plan_accounts
from harper_common.memory import FOLLOW_UP_RULES, STAGES, Channel, Stage


@pytest.mark.parametrize("stage", STAGES)
def test_every_stage_tells_a_story_of_two_to_eight_beats(stage: Stage) -> None:
    for attempt in range(200):
        beats = beats_for(stage, random.Random(attempt))
        assert 2 <= len(beats) <= MAX_SOURCES
        assert beats[0] is Beat.INQUIRY
        reached = [MOVES_TO[b] for b in beats if b in MOVES_TO]
        if stage is Stage.CLOSED_LOST:
            assert beats[-1] in (Beat.LOST, Beat.NUDGE)
        else:
            assert reached[-1] is stage


def test_the_preferred_channel_is_used_most() -> None:
    rng = random.Random(4)
    for _ in range(300):
        beats = beats_for(Stage.QUOTED, rng)
        preferred = rng.choice(list(Channel))
        channels = pick_channels(beats, rng, Voice.CASUAL, preferred)
        counts = Counter(channels)
        assert all(counts[preferred] > n for ch, n in counts.items() if ch is not preferred)
        assert channels[beats.index(Beat.QUOTE)] is Channel.EMAIL


def test_pinned_channels_stay_put() -> None:
    beats = beats_for(Stage.SUBMITTED, random.Random(1))
    channels = pick_channels(beats, random.Random(2), Voice.CASUAL, Channel.SMS, {0: Channel.EMAIL})
    assert channels[0] is Channel.EMAIL


def test_days_since_contact_never_sits_on_a_threshold() -> None:
    rng = random.Random(9)
    for stage, rule in FOLLOW_UP_RULES.items():
        days = {days_since_contact(rng, stage) for _ in range(500)}
        if rule.after_days is not None:
            assert rule.after_days not in days
            assert min(days) < rule.after_days < max(days)


def test_plans_do_not_depend_on_the_size_of_the_book() -> None:
    small = plan_accounts(30, seed=5)
    large = plan_accounts(90, seed=5)
    assert [(p.account_id, p.name) for p in small] == [(p.account_id, p.name) for p in large[:30]]


def test_small_books_have_no_fixed_accounts_and_big_ones_have_all_three() -> None:
    assert {p.name for p in plan_accounts(2, seed=1)}.isdisjoint({"Maple Avenue Dental"})
    names = [p.name for p in plan_accounts(3, seed=1)]
    assert names == ["Maple Avenue Dental", "Sunny Days Childcare", "Cascade Ridge Roofing"]


def test_exactly_one_plan_carries_the_injection() -> None:
    plans = plan_accounts(40, seed=2)
    assert sum(p.injection for p in plans) == 1
    assert not any(p.injection for p in plans[:3])


def test_names_and_domains() -> None:
    assert email_domain("Maple Avenue Dental") == "mapleavedental.com"
    assert email_domain("Hill Country Trucking LLC") == "hillcountrytrucking.com"
    assert not any(is_allowed(name) for name in FORBIDDEN_NAMES)
    assert not is_allowed("LAKESHORE PEDIATRICS Inc.")
    assert is_allowed("Lakeview Pediatric Dental")
