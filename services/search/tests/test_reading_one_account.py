"""How the local engine reads a question about one account: the fact as it stands now, a
contact's attribute asked tersely, and a description that fits one account."""

from __future__ import annotations

import pytest

from harper_common.memory.models import AccountState, Contact
from harper_common.memory.stages import Stage
from harper_search.listing_reader import acronyms_in
from harper_search.local_brain import one_account_meant
from harper_search.passages import Passage
from harper_search.ranking import findings
from harper_search.state_fields import asks_contact_attribute, names_contact
from harper_search.topics import TOPICS

QUOTE = next(topic for topic in TOPICS if topic.name == "quote_amount")


def said(text: str, date: str, path: str) -> Passage:
    return Passage(
        path=path, text=text, speaker="Darnell", context="", date=date, channel="emails", position=2
    )


def test_of_a_revised_quote_the_newest_comes_first_unless_the_first_is_asked() -> None:
    older = said("TOTAL $48,600 annual premium, quoted by Travelers", "2026-10-15", "a/raw.txt")
    newer = said("REVISED TOTAL $44,150 annual (was $48,600)", "2026-11-05", "b/raw.txt")
    latest = findings(QUOTE, [older, newer], {"quote"})
    assert [f.passage.date for f in latest] == ["2026-11-05", "2026-10-15"]
    earliest = findings(QUOTE, [older, newer], {"quote"}, first=True)
    assert earliest[0].passage.date == "2026-10-15"


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("luis ortega email", True),
        ("jesse at the gym phone #", True),
        ("dana's cell?", True),
        ("what did Justin write in his first email", False),
        ("when did they email", False),
        ("anything in the last email", False),
    ],
)
def test_a_contact_attribute_ends_a_terse_look_up(question: str, asks: bool) -> None:
    assert asks_contact_attribute(question) is asks


def test_a_number_is_the_contacts_when_the_question_names_the_contact() -> None:
    state = AccountState(
        account_id="70204",
        name="Kessler Collision & Auto Body",
        stage=Stage.CLOSED_LOST,
        primary_contact=Contact(name="Duane Kessler", phone="(316) 555-0127"),
        version=1,
    )
    assert names_contact("duane kessler number", state)
    assert not names_contact("latest travelers number", state)


@pytest.mark.parametrize(
    ("question", "one"),
    [
        ("who has the vet's insurance right now", True),
        ("infant ratio at the daycare", True),
        ("the cleaners - what stage", True),
        ("any trucking companies on the books?", False),
        ("which accounts are in the midwest", False),
        ("roofers in Texas", False),
    ],
)
def test_a_description_that_fits_one_account_asks_about_it(question: str, one: bool) -> None:
    assert one_account_meant(question) is one


def test_an_industry_is_named_by_its_initials_written_in_capitals() -> None:
    book = ["IT Managed Services Provider", "Self-Storage Facility", "Collision / Auto Body Shop"]
    assert acronyms_in("how does the MSP back up its data", book) == {
        "MSP": ["IT Managed Services Provider"]
    }
    assert acronyms_in("any SSF accounts", book) == {"SSF": ["Self-Storage Facility"]}
    assert acronyms_in("how many cabs does the body shop run", book) == {}  # a word, not capitals
    assert acronyms_in("GL for the MS accounts", book) == {}  # too short to be sure
