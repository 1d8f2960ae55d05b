"""The demo data's ground truth, and the few derived facts the question sets need."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from harper_common.demo.truth import AccountTruth, GroundTruth
from harper_common.memory import FOLLOW_UP_RULES, canonical_stage

US_STATES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa",
    "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland",
    "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi",
    "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire",
    "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina",
    "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee",
    "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington",
    "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}  # fmt: skip


def load_truth(path: Path) -> GroundTruth:
    return GroundTruth.model_validate_json(path.read_text(encoding="utf-8"))


def days_quiet(last_contact: date, today: date) -> int:
    return (today - last_contact).days


def is_overdue(stage: str, last_contact: date, today: date) -> bool:
    """Due for follow-up on ``today`` by the stage rules (MEMORY_FORMAT.md)."""
    after = FOLLOW_UP_RULES[canonical_stage(stage)].after_days
    return after is not None and days_quiet(last_contact, today) >= after


@dataclass(frozen=True)
class AccountFacts:
    """What an L3 filter looks at, read from the ground truth or from a state.md."""

    id: str
    name: str
    stage: str
    industry: str
    city: str
    state: str
    insurance_types: tuple[str, ...]
    last_contact: date

    @classmethod
    def from_truth(cls, account: AccountTruth) -> AccountFacts:
        return cls(
            account.id,
            account.name,
            str(account.stage),
            account.industry,
            account.city,
            account.state,
            tuple(account.insurance_types),
            account.last_contact,
        )


CLOSED = ("Bound", "Closed Won", "Closed Lost")


@dataclass(frozen=True)
class Reservation:
    """Accounts the writing sets may change; the search set never asks about them (L1/L2)."""

    intent: tuple[AccountTruth, ...]
    update: tuple[AccountTruth, ...]
    followup: tuple[AccountTruth, ...]

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(a.id for a in (*self.intent, *self.update, *self.followup))


def reserve_accounts(truth: GroundTruth, today: date) -> Reservation:
    """Open accounts from the end of the book: 8 for updates, 6 overdue ones for follow-ups,
    16 for the intent probes that route to the updater or the follow-up agent."""
    pool = [a for a in reversed(truth.accounts) if str(a.stage) not in CLOSED and a.facts]
    followup = [a for a in pool if is_overdue(str(a.stage), a.last_contact, today)][:6]
    rest = [a for a in pool if a not in followup]
    return Reservation(tuple(rest[8:24]), tuple(rest[:8]), tuple(followup))
