"""The follow-up rules read from the pending-scan skill: due at each stage's boundary, urgency at
each threshold, both tables parsed from the one file, malformed tables refused."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest

from harper_common.memory import FOLLOW_UP_RULES, Stage
from harper_common.skills import SkillError, stage_rules_path
from harper_followup.rules import FollowupRules, draft_channel, load_rules, parse_urgency

TODAY = date(2026, 11, 22)
SKILLS = Path(__file__).resolve().parents[3] / "skills"


@pytest.fixture(scope="module")
def rules() -> FollowupRules:
    return load_rules(SKILLS)


def test_the_stage_table_is_the_memory_formats(rules: FollowupRules) -> None:
    assert rules.stages == FOLLOW_UP_RULES


@pytest.mark.parametrize("stage", [s for s, r in FOLLOW_UP_RULES.items() if r.after_days])
def test_an_account_is_due_from_its_stages_number_of_days(
    rules: FollowupRules, stage: Stage
) -> None:
    after = FOLLOW_UP_RULES[stage].after_days
    assert after is not None
    just_before = TODAY - timedelta(days=after - 1)
    on_the_day = TODAY - timedelta(days=after)
    assert rules.assess(stage.value, just_before, TODAY) is None
    due = rules.assess(stage.value, on_the_day, TODAY)
    assert due is not None
    assert due.days_since_contact == after
    assert due.days_overdue == 0
    assert due.urgency == "normal"


@pytest.mark.parametrize("stage", ["Bound", "Closed Won", "Closed Lost"])
def test_closed_stages_are_never_due(rules: FollowupRules, stage: str) -> None:
    assert rules.assess(stage, TODAY - timedelta(days=400), TODAY) is None
    assert rules.assess(stage, None, TODAY) is None


@pytest.mark.parametrize(
    ("days_quiet", "urgency"),
    [(2, "normal"), (6, "normal"), (7, "high"), (15, "high"), (16, "critical"), (48, "critical")],
)
def test_urgency_follows_days_overdue(rules: FollowupRules, days_quiet: int, urgency: str) -> None:
    # Quoted is due after 2 days: overdue = days_quiet - 2; high from 5, critical from 14.
    due = rules.assess("Quoted", TODAY - timedelta(days=days_quiet), TODAY)
    assert due is not None and due.urgency == urgency


def test_aliases_and_no_contact(rules: FollowupRules) -> None:
    due = rules.assess("Quote Pitched", TODAY - timedelta(days=3), TODAY)
    assert due is not None and due.stage is Stage.QUOTED
    unknown = rules.assess("Submission", None, TODAY)
    assert unknown is not None and unknown.days_since_contact is None
    assert unknown.urgency == "high"
    assert rules.assess("Nonsense", None, TODAY) is None


def test_days_threshold_replaces_the_stages_number(rules: FollowupRules) -> None:
    one_day = TODAY - timedelta(days=1)
    assert rules.assess("Quoted", one_day, TODAY) is None
    assert rules.assess("Quoted", one_day, TODAY, min_days=1) is not None
    assert rules.assess("Submitted", TODAY - timedelta(days=6), TODAY, min_days=10) is None


def test_channels_become_draft_channels() -> None:
    assert [draft_channel(c) for c in ("call", "email", "sms")] == ["call_script", "email", "sms"]


def test_the_urgency_table_is_read_from_the_stage_rules_file() -> None:
    text = stage_rules_path(SKILLS).read_text(encoding="utf-8")
    urgency = parse_urgency(text)
    assert urgency.thresholds == (("critical", 14), ("high", 5), ("normal", 0))
    changed = parse_urgency(text.replace("| critical | 14 |", "| critical | 30 |"))
    assert changed.of(29) == "high" and changed.of(30) == "critical"


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("| high | 5 |", "| high | five |", "whole number"),
        ("| high | 5 |", "| urgent | 5 |", "urgency row"),
        ("| critical | 14 |", "| critical | 2 |", "fall"),
        ("| high | no contact on record |\n", "", "no contact on record"),
        ("| urgency | days overdue (at least) |", "| level | days |", "expected one table"),
    ],
)
def test_a_malformed_urgency_table_is_refused(old: str, new: str, problem: str) -> None:
    text = stage_rules_path(SKILLS).read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(SkillError, match=problem):
        parse_urgency(text.replace(old, new, 1), "stage-rules.md")
