"""Pipeline stages, their aliases and their follow-up rules (MEMORY_FORMAT.md, "Stages").

The aliases are data: the ``stages`` of the shared vocabulary (``harper_common.vocabulary``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from harper_common.memory.errors import UnknownStage
from harper_common.vocabulary import VOCABULARY_FILE, VocabularyError, vocabulary


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


def _aliases() -> dict[str, Stage]:
    """Every stage's name and aliases (lowercase), from the shared vocabulary."""
    entries = vocabulary().stages
    if tuple(entry.name for entry in entries) != tuple(stage.value for stage in STAGES):
        raise VocabularyError(VOCABULARY_FILE, "stages must be the canonical stages, in order")
    return {
        " ".join(word.lower().split()): Stage(entry.name)
        for entry in entries
        for word in (entry.name, *entry.aliases)
    }


_ALIASES: dict[str, Stage] = _aliases()

_SPACES = re.compile(r"[\s_\-]+")


def _key(text: str) -> str:
    return _SPACES.sub(" ", text.strip().strip(".").lower()).strip()


def canonical_stage(text: str) -> Stage:
    """Map a stage name or alias (any case, extra spaces, hyphens) to its canonical stage."""
    key = _key(text)
    if key in _ALIASES:
        return _ALIASES[key]
    known = ", ".join(stage.value for stage in STAGES)
    raise UnknownStage(f"{text!r} is not a known stage (expected one of: {known})")


STAGE_NOT_SAID = Stage.NEW_LEAD
"""What a reader takes a stage written in no words of any stage to be ("Pending", "Stage 3"):
the start of the pipeline, so the account is still read (its people, files and facts) rather
than left out of every answer."""


def stage_in_words(text: str) -> Stage | None:
    """The stage a stage written in other words says: the one whose name or alias is said
    first as whole words ("Won - bound 11/1" -> Closed Won, "lost to State Farm" -> Closed
    Lost), the longer on the same word; None when no stage's words are in it."""
    said = " ".join(re.findall(r"[a-z]+", text.lower()))
    best: tuple[int, int, Stage] | None = None
    for alias, stage in _ALIASES.items():
        for match in re.finditer(rf"(?<![a-z]){re.escape(alias)}(?![a-z])", said):
            key = (match.start(), -len(alias), stage)
            if best is None or key[:2] < best[:2]:
                best = key
            break
    return best[2] if best is not None else None


def known_stage(text: str) -> Stage | None:
    """The stage ``text`` names or is an alias of (`canonical_stage`); None when none."""
    return _ALIASES.get(_key(text))


def read_stage(text: str) -> Stage:
    """A stage as a reader that never writes takes it: its name or an alias, else the stage
    its words say (`stage_in_words`), else `STAGE_NOT_SAID`."""
    return known_stage(text) or stage_in_words(text) or STAGE_NOT_SAID


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
