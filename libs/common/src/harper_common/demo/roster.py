"""The whole book's plans: the fixed accounts, every stage early on, one planted injection."""

from __future__ import annotations

import random
from dataclasses import replace

from harper_common.demo.fixed import FIXED_IDS, FIXED_NAMES, fixed_plan
from harper_common.demo.industries import industries
from harper_common.demo.naming import FORBIDDEN_NAMES
from harper_common.demo.personas import VOICE_WEIGHTS, pick_weighted
from harper_common.demo.plan import (
    ACTIVE_STAGES,
    STAGE_WEIGHTS,
    AccountPlan,
    Book,
    Sketch,
    account_rng,
    draw_plan,
)
from harper_common.demo.vocabulary import CITIES
from harper_common.memory.stages import STAGES, Stage


def plan_accounts(count: int, seed: int) -> list[AccountPlan]:
    """Plans for ``count`` accounts, in index order.

    The three fixed accounts come first when ``count >= 3``; the next eight take one stage each
    (so a book of 11 or more has every stage); the rest draw stages by STAGE_WEIGHTS.
    """
    book = Book(FIXED_IDS, (*FORBIDDEN_NAMES, *FIXED_NAMES))
    fixed = 3 if count >= 3 else 0
    deck = list(STAGES)
    random.Random(f"harper-demo/{seed}/stages").shuffle(deck)
    plans: list[AccountPlan] = []
    for index in range(count):
        rng = account_rng(seed, index, "plan")
        if index < fixed:
            plans.append(fixed_plan(index, rng, book))
            continue
        ordinal = index - fixed
        stage = deck[ordinal] if ordinal < len(deck) else pick_weighted(rng, STAGE_WEIGHTS)
        plans.append(_random_plan(index, rng, book, stage))
    return _with_injection(plans, seed)


def _random_plan(index: int, rng: random.Random, book: Book, stage: Stage) -> AccountPlan:
    sketch = Sketch(
        stage=stage,
        trade=rng.choice(industries()),
        city=rng.choice(CITIES),
        voice=pick_weighted(rng, VOICE_WEIGHTS),
    )
    return draw_plan(index, rng, book, sketch)


def _with_injection(plans: list[AccountPlan], seed: int) -> list[AccountPlan]:
    """Plant the injection email in exactly one non-fixed account, an active one if there is one."""
    others = [p for p in plans if p.name not in FIXED_NAMES]
    active = [p.index for p in others if p.stage in ACTIVE_STAGES]
    candidates = active or [p.index for p in others]
    if not candidates:
        return plans
    chosen = random.Random(f"harper-demo/{seed}/injection").choice(candidates)
    plans[chosen] = replace(plans[chosen], injection=True)
    return plans
