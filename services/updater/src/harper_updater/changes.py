"""What an update request asks for: proposed changes (as said) and validated changes (typed).

Both brains propose `ProposedChange` values: the field, the new value in the broker's words and
the words it came from. `validate_change` turns each into a `ValidChange` (canonical stage, a
number for the premium, full names of coverage lines, an ISO date) or refuses it with a message
naming what was wrong. Nothing is written until every change of a request has passed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from harper_common.memory.errors import UnknownStage
from harper_common.memory.models import AccountState
from harper_common.memory.stages import Stage, canonical_stage
from harper_updater.lines import canonical_line
from harper_updater.words import parse_amount, parse_day

ChangeField = Literal[
    "stage",
    "premium",
    "insurance_types_add",
    "insurance_types_remove",
    "next_step",
    "note",
    "contact_name",
    "contact_email",
    "contact_phone",
    "pending_action_add",
    "pending_action_done",
    "last_contact",
]
CHANGE_FIELDS: tuple[str, ...] = ChangeField.__args__  # type: ignore[attr-defined]


class ProposedChange(BaseModel):
    """One change the broker asked for, before it is checked."""

    field: ChangeField = Field(description="Which part of the account changes.")
    value: str = Field(
        max_length=2000,
        description="The new value as the broker gave it: a stage name, an amount such as "
        "'$2,600', a coverage line, the next step, the note text, a contact detail, a pending "
        "action, or a date for last_contact ('today', '2026-11-20').",
    )
    evidence: str = Field(
        max_length=2000,
        description="The broker's own words this change comes from, copied verbatim.",
    )


class InvalidChange(ValueError):
    """A proposed change that cannot be applied; the message says why."""


ChangeValue = Stage | float | int | str | date


@dataclass(frozen=True)
class ValidChange:
    field: ChangeField
    value: ChangeValue
    evidence: str


_EMAIL = re.compile(r"^[\w.+'-]+@[\w-]+(?:\.[\w-]+)+$")
_PHONE_DIGITS = re.compile(r"\d")


def _one_line(text: str, what: str) -> str:
    clean = " ".join(text.split())
    if not clean:
        raise InvalidChange(f"{what} is empty")
    return clean


def validate_change(change: ProposedChange, state: AccountState, today: date) -> ValidChange:
    """The change with a typed value, or InvalidChange naming the field and the problem."""
    value = _typed_value(change, state, today)
    return ValidChange(change.field, value, " ".join(change.evidence.split()))


def _typed_value(change: ProposedChange, state: AccountState, today: date) -> ChangeValue:
    field, raw = change.field, change.value
    if field == "stage":
        try:
            return canonical_stage(raw)
        except UnknownStage as exc:
            raise InvalidChange(f"stage: {exc}") from None
    if field == "premium":
        amount = parse_amount(raw)
        if amount is None:
            raise InvalidChange(f"premium: {raw!r} is not an amount (e.g. $2,600 or 2600)")
        return amount
    if field in ("insurance_types_add", "insurance_types_remove"):
        return canonical_line(raw) or _one_line(raw, "coverage line").title()
    if field == "contact_email":
        email = raw.strip().strip("<>.,;")
        if not _EMAIL.match(email):
            raise InvalidChange(f"contact_email: {raw!r} is not an email address")
        return email
    if field == "contact_phone":
        if len(_PHONE_DIGITS.findall(raw)) < 7:
            raise InvalidChange(f"contact_phone: {raw!r} is not a phone number")
        return _one_line(raw, "contact_phone")
    if field == "last_contact":
        day = parse_day(raw, today)
        if day is None:
            raise InvalidChange(f"last_contact: {raw!r} is not a date (e.g. today, 2026-11-20)")
        return day
    if field == "pending_action_done":
        return _matching_pending(raw, state)
    text = _one_line(raw, field)
    return text[0].upper() + text[1:] if field in ("next_step", "pending_action_add") else text


_WORD = re.compile(r"[a-z0-9]+")
_STOP = {"the", "a", "an", "is", "are", "in", "of", "for", "to", "on", "from", "and", "done"}


def _words(text: str) -> set[str]:
    return {word for word in _WORD.findall(text.lower()) if word not in _STOP}


def best_pending(said: str, pending: list[str]) -> str | None:
    """The pending action sharing the most words with what was said, or None when none does."""
    words = _words(said)
    scored = [(len(words & _words(item)), item) for item in pending]
    best = max(scored, default=(0, ""))
    return best[1] if best[0] else None


def _matching_pending(raw: str, state: AccountState) -> str:
    """The pending action the broker means: the one sharing the most words with what was said."""
    pending = state.pending_actions or []
    best = best_pending(raw, pending)
    if best is None:
        listed = "; ".join(pending) or "none"
        raise InvalidChange(
            f"pending_action_done: no pending action matches {raw!r} (pending: {listed})"
        )
    return best


def validate_all(
    changes: list[ProposedChange], state: AccountState, today: date
) -> list[ValidChange]:
    """Every change validated, or one InvalidChange listing each problem (nothing half-done)."""
    valid: list[ValidChange] = []
    problems: list[str] = []
    for change in changes:
        try:
            valid.append(validate_change(change, state, today))
        except InvalidChange as exc:
            problems.append(str(exc))
    if problems:
        raise InvalidChange("; ".join(problems))
    return valid
