"""How the local engine reads a question about one account: the fact as it stands now, a
contact's attribute asked tersely, and a description that fits one account."""

from __future__ import annotations

import pytest

from harper_common.memory.models import AccountState, Contact
from harper_common.memory.stages import Stage
from harper_search.account_engine import referring_phrase
from harper_search.line_names import said_in_full
from harper_search.listing_reader import acronyms_in
from harper_search.local_brain import one_account_meant
from harper_search.passages import Passage
from harper_search.ranking import findings
from harper_search.state_fields import asked_fields, asks_contact_attribute, names_contact
from harper_search.topics import TOPICS

QUOTE = next(topic for topic in TOPICS if topic.name == "quote_amount")


def said(text: str, date: str, path: str) -> Passage:
    return Passage(
        path=path, text=text, speaker="Marco", context="", date=date, channel="emails", position=2
    )


def test_of_a_revised_quote_the_newest_comes_first_unless_the_first_is_asked() -> None:
    older = said("Premium $31,200 annual, quoted by Markel", "2026-10-15", "a/raw.txt")
    newer = said("Updated premium $28,900 annual (was $31,200)", "2026-11-05", "b/raw.txt")
    latest = findings(QUOTE, [older, newer], {"quote"})
    assert [f.passage.date for f in latest] == ["2026-11-05", "2026-10-15"]
    earliest = findings(QUOTE, [older, newer], {"quote"}, first=True)
    assert earliest[0].passage.date == "2026-10-15"


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("ana ruiz email", True),
        ("sam at the florist phone #", True),
        ("marta's cell?", True),
        ("what did the owner write in her first email", False),
        ("when did they email", False),
        ("anything in the last email", False),
    ],
)
def test_a_contact_attribute_ends_a_terse_look_up(question: str, asks: bool) -> None:
    assert asks_contact_attribute(question) is asks


def test_a_number_is_the_contacts_when_the_question_names_the_contact() -> None:
    state = AccountState(
        account_id="40112",
        name="Finch Brothers Garage",
        stage=Stage.CLOSED_LOST,
        primary_contact=Contact(name="Gerald Finch", phone="(555) 555-0199"),
        version=1,
    )
    assert names_contact("gerald finch number", state)
    assert not names_contact("the new markel number", state)


@pytest.mark.parametrize(
    ("question", "one"),
    [
        ("who writes the florist's liability these days", True),
        ("oven count at the bakery", True),
        ("roofers - what stage", True),
        ("any movers in our book?", False),
        ("which accounts are in the midwest", False),
        ("roofers in Texas", False),
    ],
)
def test_a_description_that_fits_one_account_asks_about_it(question: str, one: bool) -> None:
    assert one_account_meant(question) is one


def test_an_industry_is_named_by_its_initials_written_in_capitals() -> None:
    book = ["Commercial Solar Installer", "Mobile Pet Grooming", "Collision / Auto Body Shop"]
    assert acronyms_in("who insures the CSI crew", book) == {"CSI": ["Commercial Solar Installer"]}
    assert acronyms_in("any MPG accounts", book) == {"MPG": ["Mobile Pet Grooming"]}
    assert acronyms_in("how many cabs does the body shop run", book) == {}  # a word, not capitals
    assert acronyms_in("GL for the MS accounts", book) == {}  # too short to be sure


@pytest.mark.parametrize(
    ("question", "describes", "phrase"),
    [
        ("how many trucks does the moving company run", "Moving Company Fresno", "moving company"),
        ("did that bakery in Fresno sign", "Bakery Fresno", "bakery in Fresno"),
        ("how much of their work is snow", "Landscaping & Snow Removal Fargo", ""),
        ("what did the owner say", "Bakery Fresno", ""),
        ("what's the revenue of the print shop", "Print & Copy Commercial Printing", "print shop"),
        ("what did they say about the office", "Bakery Fresno", ""),
    ],
)
def test_the_phrase_a_question_names_its_account_by_is_set_aside(
    question: str, describes: str, phrase: str
) -> None:
    """Only words after "the"/"that" that all describe the account: "snow" said as what is
    asked stays in the question."""
    assert referring_phrase(question, describes) == phrase


@pytest.mark.parametrize(
    ("question", "asks_stage"),
    [
        ("is the bakery bound yet", True),
        ("are they quoted already", True),
        ("has it been submitted", True),
        ("is the roof fixed", False),
    ],
)
def test_a_yes_no_question_about_a_stage_asks_the_stage(question: str, asks_stage: bool) -> None:
    assert ("stage" in [f.name for f in asked_fields(question)]) is asks_stage


@pytest.mark.parametrize(
    ("question", "asks_lines"),
    [
        ("does the marina have general liability", True),
        ("are they quoting WC for the crew", True),
        ("is E&O part of the package", True),
        ("do they carry cyber?", True),
        ("what did they say about general liability", False),  # no yes/no: the files answer
        ("does the owner still run the forklift", False),  # names no line
    ],
)
def test_a_yes_no_question_naming_a_line_asks_the_lines(question: str, asks_lines: bool) -> None:
    assert ("coverage" in [f.name for f in asked_fields(question)]) is asks_lines


def test_a_line_written_in_shorthand_is_said_in_full() -> None:
    assert said_in_full("WC") == "WC (Workers' Compensation)"
    assert said_in_full("E&O") == "E&O (Professional Liability)"
    assert said_in_full("General Liability") == "General Liability"
    assert said_in_full("Products Liability") == "Products Liability"  # words: as written
    assert said_in_full("Umbrella / Excess") == "Umbrella / Excess"  # no shorthand: as written
