"""When an account is due for follow-up, how urgent it is, and on which channel.

Everything comes from one file, the pending-scan skill's ``references/stage-rules.md``: the stage
table (read by ``harper_common.skills.load_stage_rules``) and the urgency table below it (read
here). Nothing restates the numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Final, get_args

from harper_common.memory.stages import FollowUpRule, Stage, canonical_stage
from harper_common.messages.followup import DraftChannel, Urgency
from harper_common.skills import SkillError, load_stage_rules, rules_by_stage, stage_rules_path

URGENCY_HEADER: Final = ("urgency", "days overdue (at least)")
NO_CONTACT: Final = "no contact on record"
URGENCY_ORDER: Final[tuple[Urgency, ...]] = get_args(Urgency)
"""critical, high, normal: most urgent first."""

_ROW = re.compile(r"^\|(?P<cells>.*)\|\s*$")


def draft_channel(rule_channel: str) -> DraftChannel:
    """A stage-rule channel (email, call, sms) as a draft channel (a call becomes a script)."""
    return (
        "call_script" if rule_channel == "call" else "email" if rule_channel == "email" else "sms"
    )


@dataclass(frozen=True)
class UrgencyRules:
    """Fewest days overdue per urgency (most urgent first), and the urgency of no contact."""

    thresholds: tuple[tuple[Urgency, int], ...]
    no_contact: Urgency

    def of(self, days_overdue: int | None) -> Urgency:
        if days_overdue is None:
            return self.no_contact
        for urgency, at_least in self.thresholds:
            if days_overdue >= at_least:
                return urgency
        return self.thresholds[-1][0]


@dataclass(frozen=True)
class Due:
    """An account that is due: how long it has been quiet, by how much it is late, how urgent."""

    stage: Stage
    days_since_contact: int | None
    days_overdue: int | None
    urgency: Urgency
    rule: FollowUpRule


@dataclass(frozen=True)
class FollowupRules:
    stages: dict[Stage, FollowUpRule]
    urgency: UrgencyRules

    def rule(self, stage: str) -> FollowUpRule | None:
        try:
            return self.stages.get(canonical_stage(stage))
        except ValueError:
            return None

    def assess(
        self, stage: str, last_contact: date | None, today: date, min_days: int | None = None
    ) -> Due | None:
        """The account's due state, or None when it is not due (or its stage never is).

        ``min_days`` (the request's ``days_threshold``) replaces the stage's number when given.
        """
        rule = self.rule(stage)
        if rule is None or rule.after_days is None:
            return None
        after = rule.after_days if min_days is None else min_days
        if last_contact is None:
            return Due(rule.stage, None, None, self.urgency.of(None), rule)
        days = (today - last_contact).days
        if days < after:
            return None
        overdue = days - rule.after_days
        return Due(rule.stage, days, overdue, self.urgency.of(max(overdue, 0)), rule)


def load_rules(skills_dir: Path) -> FollowupRules:
    """Both tables of the pending-scan skill's stage rules file; SkillError when malformed."""
    stages = rules_by_stage(load_stage_rules(skills_dir))
    path = stage_rules_path(skills_dir)
    return FollowupRules(stages, parse_urgency(path.read_text(encoding="utf-8"), path))


def parse_urgency(text: str, path: Path | str = "<text>") -> UrgencyRules:
    rows = _urgency_rows(text, path)
    thresholds: list[tuple[Urgency, int]] = []
    no_contact: Urgency | None = None
    for line, urgency, cell in rows:
        if cell.lower() == NO_CONTACT:
            no_contact = urgency
        elif cell.isdigit():
            thresholds.append((urgency, int(cell)))
        else:
            raise SkillError(path, f"days overdue must be a whole number, not {cell!r}", line)
    if [u for u, _ in thresholds] != list(URGENCY_ORDER):
        raise SkillError(path, f"the urgency table needs one row each for {URGENCY_ORDER}")
    if [days for _, days in thresholds] != sorted((d for _, d in thresholds), reverse=True):
        raise SkillError(path, "urgency thresholds must fall from critical to normal")
    if no_contact is None:
        raise SkillError(path, f"the urgency table needs a {NO_CONTACT!r} row")
    return UrgencyRules(tuple(thresholds), no_contact)


def _urgency_rows(text: str, path: Path | str) -> list[tuple[int, Urgency, str]]:
    lines = text.split("\n")
    header = [i for i, line in enumerate(lines) if _cells(line) == list(URGENCY_HEADER)]
    if len(header) != 1:
        raise SkillError(path, f"expected one table headed | {' | '.join(URGENCY_HEADER)} |")
    rows: list[tuple[int, Urgency, str]] = []
    for index in range(header[0] + 2, len(lines)):
        cells = _cells(lines[index])
        if cells is None:
            break
        if len(cells) != 2 or cells[0] not in URGENCY_ORDER:
            raise SkillError(
                path, f"an urgency row is | one of {URGENCY_ORDER} | days |", index + 1
            )
        urgency = next(u for u in URGENCY_ORDER if u == cells[0])
        rows.append((index + 1, urgency, cells[1]))
    return rows


def _cells(line: str) -> list[str] | None:
    match = _ROW.match(line.strip())
    if match is None:
        return None
    return [" ".join(cell.split()).lower() for cell in match["cells"].split("|")]
