"""The numbers and names an account's story is about: size, carriers, documents, premium."""

from __future__ import annotations

import random
from dataclasses import dataclass

from harper_common.demo.naming import money
from harper_common.demo.plan import AccountPlan
from harper_common.demo.vocabulary import CYBER_ONLY, DIRECT_WRITERS, RIVAL_AGENCIES

_POLICY_PREFIX = {
    "The Hartford": "HTF",
    "Travelers": "TRV",
    "Liberty Mutual": "LMI",
    "Employers": "EIG",
    "biBERK": "BBK",
    "Coalition": "COA",
}


@dataclass(frozen=True)
class Deal:
    employees: int
    payroll: int
    current_carrier: str
    documents: tuple[str, ...]
    """What the client has not sent yet when the application comes back."""
    markets: tuple[str, ...]
    """Carriers the account is submitted to; ``carrier`` is one of them."""
    uw_carrier: str
    question: str
    carrier: str
    premium: int
    concern: str
    competitor: str | None
    competitor_premium: int | None
    lost_to: str
    policy: str
    deposit: int


def draw_deal(plan: AccountPlan, rng: random.Random) -> Deal:
    trade = plan.trade
    employees = plan.pins.employees or rng.randint(*trade.staff)
    current = rng.choice([c for c in _package_carriers(plan) if c != plan.pins.carrier])
    markets = _markets(plan, rng, current)
    carrier = plan.pins.carrier or rng.choice(markets)
    premium = plan.pins.premium or _premium(plan, rng, employees)
    concern = rng.choice([c for c in trade.concerns if money(premium) not in c] or trade.concerns)
    competitor, rival = _competitor(rng, markets, current, premium, concern)
    return Deal(
        employees=employees,
        payroll=round(employees * rng.randint(*trade.pay), -4) or 10000,
        current_carrier=current,
        documents=tuple(rng.sample(trade.documents, rng.choice((1, 1, 2)))),
        markets=markets,
        uw_carrier=rng.choice(markets),
        question=rng.choice(trade.questions),
        carrier=carrier,
        premium=premium,
        concern=concern,
        competitor=competitor,
        competitor_premium=rival,
        lost_to=rng.choice(RIVAL_AGENCIES),
        policy=_policy_number(rng, carrier),
        deposit=max(premium // 4, 100),
    )


def _markets(plan: AccountPlan, rng: random.Random, current: str) -> tuple[str, ...]:
    """Two or three carriers other than the current one (the pinned carrier always among them)."""
    pool = [c for c in _package_carriers(plan) if c not in (current, plan.pins.carrier)]
    picked = rng.sample(pool, min(len(pool), rng.choice((2, 3))))
    if plan.pins.carrier is not None:
        picked[0] = plan.pins.carrier
    return tuple(picked)


def _policy_number(rng: random.Random, carrier: str) -> str:
    return f"{_POLICY_PREFIX.get(carrier, carrier[:3].upper())}-{rng.randint(10**6, 10**7 - 1)}"


def _package_carriers(plan: AccountPlan) -> list[str]:
    """The trade's carriers that write a whole package (cyber specialists left out)."""
    return [c for c in plan.trade.carriers if c not in CYBER_ONLY]


def _premium(plan: AccountPlan, rng: random.Random, employees: int) -> int:
    """Bigger for bigger payrolls and for each extra line; rounded to $50."""
    low, high = plan.trade.premium
    smallest, largest = plan.trade.staff
    size = (employees - smallest) / max(1, largest - smallest)
    base = low + (high - low) * (0.7 * size + 0.3 * rng.random())
    base *= 1 + 0.12 * (len(plan.lines) - len(plan.trade.lines))
    return max(500, round(base / 50) * 50)


def _competitor(
    rng: random.Random, markets: tuple[str, ...], current: str, premium: int, concern: str
) -> tuple[str | None, int | None]:
    """Sometimes someone else offers a lower price: a direct writer or another agency."""
    if rng.random() >= 0.4:
        return None, None
    direct = [c for c in DIRECT_WRITERS if c not in markets and c != current]
    return rng.choice([*direct, *RIVAL_AGENCIES]), _rival_premium(rng, premium, concern)


def _rival_premium(rng: random.Random, premium: int, concern: str) -> int:
    """A lower price from elsewhere, never written inside the concern ("the $2,500 deductible")."""
    rival = round(premium * rng.uniform(0.8, 0.95) / 50) * 50
    while rival >= premium or money(rival) in concern:
        rival -= 50
    return rival
