"""Held-out phrasings that `make eval` never saw, each checked once end to end before its fix
and kept here as regressions: fields (L1) and facts (L2) of one named account, and listings
(L3) with a silence filter ("in over a month", "more than 6 weeks", "since September").
Expected values come from the demo book's ground truth.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

from harper_common.demo.truth import AccountTruth, FactKind

if TYPE_CHECKING:  # conftest's types, for annotations only (it is not importable at run time)
    from conftest import AgentFactory, Book, RequestFactory


def _fact(kind: FactKind) -> Callable[[AccountTruth], str]:
    return lambda a: next(f.value for f in a.facts if f.kind == kind)


ONE_ACCOUNT: list[tuple[str, str, Callable[[AccountTruth], str]]] = [
    (
        "how far along is Sunny Days Childcare in the pipeline",
        "Sunny Days Childcare",
        lambda a: f"Stage: {a.stage.value}",
    ),
    ("what phase is Nash Rehab at", "Nash Rehab", lambda a: f"Stage: {a.stage.value}"),
    (
        "give me the main person to talk to at Cascade Ridge Roofing",
        "Cascade Ridge Roofing",
        lambda a: f"contact: {a.contact.name}",
    ),
    (
        "who's the go-to person at Tacoma Cantina",
        "Tacoma Cantina",
        lambda a: f"contact: {a.contact.name}",
    ),
    ("who should I ring at Benchmark Trucking", "Benchmark Trucking", lambda a: a.contact.phone),
    (
        "who's the decision maker at Kestrel Comfort Systems",
        "Kestrel Comfort Systems",
        lambda a: f"contact: {a.contact.name}",
    ),
    ("who do I call at Bayside Hauling", "Bayside Hauling", lambda a: a.contact.email),
    (
        "what are we writing for Bayside Hauling",
        "Bayside Hauling",
        lambda a: ", ".join(a.insurance_types),
    ),
    (
        "who has Maple Avenue Dental's coverage today",
        "Maple Avenue Dental",
        _fact(FactKind.CURRENT_CARRIER),
    ),
    ("who writes them currently", "Nash Rehab", _fact(FactKind.CURRENT_CARRIER)),
    (
        "who insures Indianapolis Janitorial right now",
        "Indianapolis Janitorial",
        _fact(FactKind.CURRENT_CARRIER),
    ),
    ("who are they with today", "Round Rock Fitness", _fact(FactKind.CURRENT_CARRIER)),
    ("what company covers them now", "Tacoma Cantina", _fact(FactKind.CURRENT_CARRIER)),
    ("who do they have coverage with", "Bayside Hauling", _fact(FactKind.CURRENT_CARRIER)),
    ("who runs the show there", "Raven Auto Care", lambda a: f"contact: {a.contact.name}"),
    ("current insurer?", "Salazar Dental Inc.", _fact(FactKind.CURRENT_CARRIER)),
    (
        "what's the headcount over at Westfield Cleaning",
        "Westfield Cleaning",
        _fact(FactKind.EMPLOYEE_COUNT),
    ),
    ("when is Salazar Dental's policy up", "Salazar Dental Inc.", _fact(FactKind.RENEWAL_DATE)),
    ("what did Sandhill Garage get quoted at", "Sandhill Garage", _fact(FactKind.QUOTE_AMOUNT)),
    (
        "which market came back for Jacksonville Air Conditioning",
        "Jacksonville Air Conditioning",
        _fact(FactKind.CARRIER),
    ),
    (
        "what is Arbor Salon & Spa still missing",
        "Arbor Salon & Spa Inc.",
        _fact(FactKind.MISSING_DOCUMENT),
    ),
]


@pytest.mark.anyio
@pytest.mark.parametrize(("question", "name", "value"), ONE_ACCOUNT)
async def test_fresh_phrasings_about_one_account(
    book: Book,
    make_agent: AgentFactory,
    make_request: RequestFactory,
    question: str,
    name: str,
    value: Callable[[AccountTruth], str],
) -> None:
    account = book.truth.account(name)
    answer = await make_agent().handle(make_request(question, account))
    assert value(account).lower() in answer.answer.lower(), answer.answer


def test_current_carrier_is_not_read_as_lines_of_coverage(book: Book) -> None:
    """ "Who has their coverage today" asks for the incumbent, not the lines."""
    from harper_search.state_fields import asked_fields
    from harper_search.topics import asked_topics

    question = "who has 's coverage today"
    assert [t.name for t in asked_topics(question)] == ["current_carrier"]
    assert "coverage" in [f.name for f in asked_fields(question)]  # dropped by the engine


QUIET: list[tuple[str, Callable[[AccountTruth], bool]]] = [
    (
        "quoted clients we haven't talked to in over a month",
        lambda a: a.stage == "Quoted" and a.days_since_contact >= 30,
    ),
    (
        "quoted HVAC shops we haven't touched in two weeks",
        lambda a: (
            a.stage == "Quoted" and a.industry == "HVAC Contractor" and a.days_since_contact >= 14
        ),
    ),
    (
        "law firms that have gone quiet for more than 6 weeks",
        lambda a: a.industry == "Law Firm" and a.days_since_contact >= 42 and a.stage in OPEN,
    ),
    (
        "submitted accounts we haven't heard from in 3 weeks",
        lambda a: a.stage == "Submitted" and a.days_since_contact >= 21,
    ),
    (
        "open deals with no contact since October",
        lambda a: a.stage in OPEN and a.days_since_contact >= 53,
    ),
    (
        "quoted accounts quiet for over two months",
        lambda a: a.stage == "Quoted" and a.days_since_contact >= 60,
    ),
    (
        "quoted accounts not contacted in more than 45 days",
        lambda a: a.stage == "Quoted" and a.days_since_contact >= 45,
    ),
]
OPEN = {"New Lead", "Intake", "Application Received", "Submitted", "Quoted"}


@pytest.mark.anyio
@pytest.mark.parametrize(("question", "matches"), QUIET)
async def test_listings_filter_on_how_long_since_contact(
    book: Book,
    make_agent: AgentFactory,
    make_request: RequestFactory,
    question: str,
    matches: Callable[[AccountTruth], bool],
) -> None:
    expected = {a.name for a in book.truth.accounts if matches(a)}
    answer = await make_agent().handle(make_request(question))
    listed = {a.name for a in book.truth.accounts if f"{a.name} (account {a.id})" in answer.answer}
    assert expected and listed == expected, answer.answer[:400]
