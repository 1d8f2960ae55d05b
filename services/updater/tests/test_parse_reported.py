"""Phrasings the evaluation found read as vague: an application received, "mark bound", a logged
report of a document, and a next step that itself contains "to"."""

from __future__ import annotations

from datetime import date

import pytest

from harper_updater.parse import parse_update

TODAY = date(2026, 11, 22)
NAMES = ["Blue Ridge Comfort Systems", "Prairie Wind Physio", "Daniels Freight"]
PENDING = ["Payroll report for 2025", "Signed ACORD application", "Loss runs from prior carrier"]


def _changes(query: str, pending: list[str] | None = PENDING) -> list[tuple[str, str]]:
    plan = parse_update(query, account_names=NAMES, today=TODAY, pending=pending)
    assert not plan.vague, query
    return [(c.field, c.value) for c in plan.changes]


@pytest.mark.parametrize(
    "query",
    [
        "Blue Ridge Comfort Systems app received today, update the stage",
        "Sycamore Mechanical LLC app received today, update the stage",
        "application came in today for Daniels Freight",
        "the signed app is back today",
        "got the signed application from Prairie Wind Physio today",
    ],
)
def test_an_application_received_moves_the_stage_and_dates_the_contact(query: str) -> None:
    changes = _changes(query)
    assert ("stage", "Application Received") in changes
    assert ("last_contact", "today") in changes
    assert ("pending_action_done", "Signed ACORD application") in changes


def test_an_application_received_without_a_matching_pending_action_closes_nothing() -> None:
    changes = _changes("Daniels Freight app received", pending=["Loss runs"])
    assert changes == [("stage", "Application Received")]


@pytest.mark.parametrize(
    ("query", "stage"),
    [
        ("bluewater bookkeeping signed - mark bound", "bound"),
        ("Prarie Wind Physio signed - mark bound", "bound"),
        ("mark Daniels Freight quoted", "quoted"),
        ("mark it closed lost", "closed lost"),
        ("flag Daniels Freight submitted", "submitted"),
    ],
)
def test_mark_with_a_bare_stage_is_a_stage_change(query: str, stage: str) -> None:
    assert _changes(query) == [("stage", stage)]


@pytest.mark.parametrize(
    ("query", "note"),
    [
        ("log that prairie wind physio emailed the payroll report", "Prairie wind physio emailed the payroll report"),
        ("log that Twin Oaks Accounting Grup Inc. emailed the payroll report", "Twin Oaks Accounting Grup Inc. emailed the payroll report"),
        ("record that Daniels Freight sent over the payroll report", "Daniels Freight sent over the payroll report"),
        ("Prairie Wind Physio uploaded the payroll report", "Prairie Wind Physio uploaded the payroll report"),
    ],
)  # fmt: skip
def test_a_reported_document_is_a_note_and_closes_its_pending_action(query: str, note: str) -> None:
    assert _changes(query) == [
        ("note", note),
        ("pending_action_done", "Payroll report for 2025"),
    ]


def test_a_reported_document_nobody_asked_for_is_only_a_note() -> None:
    assert _changes("log that they emailed the fleet list", pending=PENDING) == [
        ("note", "They emailed the fleet list")
    ]


def test_a_logged_sentence_is_not_read_for_other_changes() -> None:
    changes = _changes("log that Daniels Freight said a premium of $5k is too high")
    assert changes == [("note", "Daniels Freight said a premium of $5k is too high")]


def test_a_reported_document_beside_a_stage_change() -> None:
    assert _changes("Daniels Freight sent over the loss runs, mark submitted") == [
        ("stage", "submitted"),
        ("note", "Daniels Freight sent over the loss runs"),
        ("pending_action_done", "Loss runs from prior carrier"),
    ]


@pytest.mark.parametrize(
    ("query", "step"),
    [
        ("change the next step for Daniels Freight to send loss runs to the underwriter", "send loss runs to the underwriter"),
        ("change next step for Daniels Freight to send loss runs to underwriter", "send loss runs to underwriter"),
        ("next step on Daniels Freight is to send it to market", "send it to market"),
        ("update the next step to call the underwriter", "call the underwriter"),
        ("set the next step for Prairie Wind Physio to: email the app to the carrier", "email the app to the carrier"),
    ],
)  # fmt: skip
def test_the_next_step_is_everything_after_its_first_to(query: str, step: str) -> None:
    assert _changes(query) == [("next_step", step)]


@pytest.mark.parametrize(
    "query",
    ["log that we emailed the payroll report to the carrier", "we sent the payroll report over"],
)
def test_what_the_broker_sent_is_a_note_that_closes_nothing(query: str) -> None:
    changes = _changes(query)
    assert [field for field, _ in changes] == ["note"]


def test_sent_to_someone_is_not_a_document() -> None:
    changes = _changes("quote sent to the client, next step: wait for the decision")
    assert ("next_step", "wait for the decision") in changes
    assert not any(field == "pending_action_done" for field, _ in changes)
