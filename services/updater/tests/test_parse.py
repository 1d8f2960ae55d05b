"""The local engine's reading of broker commands: aliases, several changes, vague requests."""

from __future__ import annotations

from datetime import date

import pytest

from harper_updater.parse import parse_update

TODAY = date(2026, 11, 22)
NAMES = ["Sunny Days Childcare", "Maple Avenue Dental", "New Company LLC"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Mark Sunny Days Childcare as Quoted, $2,600 premium", [("stage", "Quoted"), ("premium", "$2,600")]),
        ("mark as quoted", [("stage", "quoted")]),
        ("they bound", [("stage", "Bound")]),
        ("move to submission", [("stage", "submission")]),
        ("set the stage to app received", [("stage", "app received")]),
        ("they went with another agent, close it out", [("stage", "Closed Lost")]),
        ("quoted at 2.6k", [("premium", "2.6k")]),
        ("Sunny Days Childcare is quoted now", [("stage", "quoted")]),
        ("Maple Avenue Dental got submitted yesterday", [("stage", "submitted"), ("last_contact", "yesterday")]),
        ("we quoted Maple Avenue Dental", [("stage", "quoted")]),
        ("Maple Avenue Dental was quoted at $4,100", [("premium", "$4,100")]),
        ("add cyber and EPLI to Maple Avenue Dental", [("insurance_types_add", "Cyber Liability"), ("insurance_types_add", "Employment Practices Liability")]),
        ("drop the auto, they sold the trucks", [("insurance_types_remove", "Commercial Auto")]),
        ("next step: chase loss runs", [("next_step", "chase loss runs")]),
        ("loss runs are in", [("pending_action_done", "loss runs")]),
        ("waiting on loss runs from prior carrier", [("pending_action_add", "loss runs from prior carrier")]),
        ("talked to Dr. Reed today", [("last_contact", "today")]),
        ("new contact is Ana Diaz, ana@diaz.com", [("contact_name", "Ana Diaz"), ("contact_email", "ana@diaz.com")]),
        ("bind it eff 2/1", [("note", "Policy effective 2027-02-01"), ("stage", "Bound")]),
        ("Add a note to Sunny Days Childcare: they may add cyber later", [("note", "they may add cyber later")]),
        ("Set premium to 3,100 and mark as bound; next step is deliver policy docs", [("next_step", "deliver policy docs"), ("stage", "bound"), ("premium", "3,100")]),
    ],
)  # fmt: skip
def test_commands_become_changes(query: str, expected: list[tuple[str, str]]) -> None:
    plan = parse_update(query, account_names=NAMES, today=TODAY)
    assert not plan.vague
    assert [(c.field, c.value) for c in plan.changes] == expected
    assert all(c.evidence and c.evidence.lower() in query.lower() for c in plan.changes)


@pytest.mark.parametrize(
    "query",
    [
        "Update this account",
        "Change the status",
        "Make some updates",
        "Update Sunny Days Childcare",
        "Add a note to New Company LLC",
    ],
)
def test_vague_requests(query: str) -> None:
    assert parse_update(query, account_names=NAMES, today=TODAY).vague
