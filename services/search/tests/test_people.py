"""'Who is <person>' about one account: the person as the files introduce them."""

from __future__ import annotations

import pytest

from harper_search.passages import passages
from harper_search.people import asked_person, introduce

EMAIL = "accounts/40001/sources/emails/email_20260301_0900/raw.txt"
CALL = "accounts/40001/sources/calls/call_20260210_1500/raw.txt"
SIGNED = """From: Dana Whitlock <dana@example.com>
To: Sam Ortiz <sam@agency.example>
Date: 2026-03-01T09:00:00Z
Subject: forms

Hi Sam,

Marco is out this week, so here are the signed forms.

Dana Whitlock
Controller, Birchwood Millwork
(555) 555-0144
"""
SPOKEN = """Date: 2026-02-10T15:00:00Z
Participants: Sam Ortiz, Rhea Patel

Sam Ortiz: Thanks for calling.
Rhea Patel: I run the front desk, Marco asked me to call about the renewal.
"""


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("who's Dana at Birchwood", "Dana"),
        ("who is rhea patel?", "rhea patel"),
        ("who is the contact", None),
        ("who was on the call", None),
        ("what did Dana send", None),
    ],
)
def test_a_who_is_question_names_a_person(question: str, name: str | None) -> None:
    assert asked_person(question) == name


def test_a_signer_is_introduced_by_the_lines_under_their_signed_name() -> None:
    read = {EMAIL: SIGNED, CALL: SPOKEN}
    found = passages(EMAIL, SIGNED) + passages(CALL, SPOKEN)
    met = introduce("dana", read, found)
    assert met is not None and met.name == "Dana Whitlock" and met.path == EMAIL
    assert met.signature == ("Controller, Birchwood Millwork", "(555) 555-0144")


def test_a_caller_is_introduced_by_what_they_said_first() -> None:
    read = {EMAIL: SIGNED, CALL: SPOKEN}
    found = passages(EMAIL, SIGNED) + passages(CALL, SPOKEN)
    met = introduce("Rhea", read, found)
    assert met is not None and met.signature == ()
    assert met.first_said is not None and "front desk" in met.first_said.text
    assert introduce("Quentin", read, found) is None
