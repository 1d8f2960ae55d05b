"""Pipeline stages, their aliases and their follow-up rules (MEMORY_FORMAT.md, "Stages")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from harper_common.memory.errors import UnknownStage


class Stage(StrEnum):
    """The canonical pipeline stages, in pipeline order. Always written with these names."""

    NEW_LEAD = "New Lead"
    INTAKE = "Intake"
    APPLICATION_RECEIVED = "Application Received"
    SUBMITTED = "Submitted"
    QUOTED = "Quoted"
    BOUND = "Bound"
    CLOSED_WON = "Closed Won"
    CLOSED_LOST = "Closed Lost"


STAGES: tuple[Stage, ...] = tuple(Stage)

_ALIASES: dict[str, Stage] = {
    "new": Stage.NEW_LEAD,
    "lead": Stage.NEW_LEAD,
    "new lead": Stage.NEW_LEAD,
    "prospect": Stage.NEW_LEAD,
    "intake": Stage.INTAKE,
    "qualification": Stage.INTAKE,
    "qualifying": Stage.INTAKE,
    "application": Stage.APPLICATION_RECEIVED,
    "app": Stage.APPLICATION_RECEIVED,
    "app received": Stage.APPLICATION_RECEIVED,
    "application received": Stage.APPLICATION_RECEIVED,
    "submission": Stage.SUBMITTED,
    "submitted": Stage.SUBMITTED,
    "sub": Stage.SUBMITTED,
    "submitted to carrier": Stage.SUBMITTED,
    "submitted to market": Stage.SUBMITTED,
    "quote": Stage.QUOTED,
    "quoted": Stage.QUOTED,
    "quote pitched": Stage.QUOTED,
    "quote sent": Stage.QUOTED,
    "proposal": Stage.QUOTED,
    "bound": Stage.BOUND,
    "bind": Stage.BOUND,
    "binding": Stage.BOUND,
    "policy bound": Stage.BOUND,
    "closed won": Stage.CLOSED_WON,
    "won": Stage.CLOSED_WON,
    "closed lost": Stage.CLOSED_LOST,
    "lost": Stage.CLOSED_LOST,
    "dead": Stage.CLOSED_LOST,
}

_SPACES = re.compile(r"[\s_\-]+")


def canonical_stage(text: str) -> Stage:
    """Map a stage name or alias (any case, extra spaces, hyphens) to its canonical stage."""
    key = _SPACES.sub(" ", text.strip().strip(".").lower()).strip()
    if key in _ALIASES:
        return _ALIASES[key]
    known = ", ".join(stage.value for stage in STAGES)
    raise UnknownStage(f"{text!r} is not a known stage (expected one of: {known})")


@dataclass(frozen=True)
class FollowUpRule:
    """When an account in a stage is due for follow-up, and by which channels."""

    stage: Stage
    after_days: int | None
    """Days without contact before a follow-up is due; None means never."""
    channels: tuple[str, ...]
    """Channels to use, first choice first (email, call, sms)."""


FOLLOW_UP_RULES: dict[Stage, FollowUpRule] = {
    rule.stage: rule
    for rule in (
        FollowUpRule(Stage.NEW_LEAD, 2, ("email",)),
        FollowUpRule(Stage.INTAKE, 2, ("email",)),
        FollowUpRule(Stage.APPLICATION_RECEIVED, 3, ("email", "call")),
        FollowUpRule(Stage.SUBMITTED, 5, ("email",)),
        FollowUpRule(Stage.QUOTED, 2, ("call", "email")),
        FollowUpRule(Stage.BOUND, None, ()),
        FollowUpRule(Stage.CLOSED_WON, None, ()),
        FollowUpRule(Stage.CLOSED_LOST, None, ()),
    )
}
