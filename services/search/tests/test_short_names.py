"""A question names its account as people shorten the name ("the kite shop", "reno kite"):
once those words are set aside, what is left says which field of state.md is asked."""

from __future__ import annotations

from pathlib import Path

import pytest
from fake_directory import FakeDirectory

from harper_common.memory.paths import MemoryRoot
from harper_search.account_engine import (
    CARRIER_NUMBER,
    AccountEngine,
    both_ways,
    carrier_number_is_no_phone,
    short_and_full_forms,
    with_full_forms,
    words_beyond,
)
from harper_search.listing_words import parse_listing_words
from harper_search.people import asked_person
from harper_search.question_cues import without_short_name
from harper_search.session import ToolSession
from harper_search.spelling import correct_cues
from harper_search.state_extras import asked_extras
from harper_search.state_fields import asked_fields, asks_contact_attribute
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox
from harper_search.topics import asked_topics

NAME = "Reno Kite & Sail Supply"
CATEGORIES = (
    Path(__file__).resolve().parents[3]
    / "skills/search/description-search/references/categories.md"
)


@pytest.mark.parametrize(
    ("question", "left"),
    [
        ("where is reno kite", "where is"),
        ("reno's carrier", "carrier"),
        ("kite & sail supply email", "email"),
        ("is the kite insured", "is the kite insured"),  # a lone later word may be the topic
        ("sail stage", "sail stage"),
    ],
)
def test_the_name_as_people_shorten_it_is_set_aside(question: str, left: str) -> None:
    assert without_short_name(question, NAME) == left


@pytest.mark.parametrize(
    ("question", "field"),
    [
        ("where is reno kite", "location"),
        ("what does reno kite do", "industry"),
        ("reno kite number?", "contact"),
        ("email for reno kite", "contact"),
        ("reno kite email", "contact"),
    ],
)
def test_what_is_left_asks_the_field(question: str, field: str) -> None:
    assert field in [f.name for f in asked_fields(without_short_name(question, NAME))]


def test_an_attribute_alone_asks_the_contact_but_a_verb_or_a_figure_does_not() -> None:
    assert asks_contact_attribute("email for") and asks_contact_attribute("the number?")
    assert asks_contact_attribute("rosa muñoz email")  # a name written with its accents
    assert not asks_contact_attribute("did they email")
    assert not asks_contact_attribute("premium number")


def test_binding_asks_the_carrier_bound_not_the_current_one() -> None:
    extra = {"carrier": "Westfield", "current_carrier": "Erie Insurance"}
    found = asked_extras("who did they bind with", extra)
    assert [f.key for f in found] == ["carrier"]


@pytest.mark.parametrize(
    ("question", "fields"),
    [
        ("- where and what do they do", ["location", "industry"]),  # "what" holds no "at"
        ("where are we at", ["stage"]),
        ("what do we still owe them", ["next_step"]),
    ],
)
def test_terse_questions_ask_their_fields(question: str, fields: list[str]) -> None:
    assert [f.name for f in asked_fields(question)] == fields


def test_whom_a_person_is_with_asks_the_carrier_not_who_they_are() -> None:
    for question in ("who's dana with right now", "who is dana ruiz insured with"):
        assert asked_person(question) is None
        assert [t.name for t in asked_topics(question)] == ["current_carrier"]
    assert asked_person("who is dana") == "dana"
    assert asked_person("who is dana with the kite shop") == "dana"


def test_a_name_with_a_suffix_before_the_attribute_asks_the_contact() -> None:
    assert asks_contact_attribute("walt pike jr. cell #?")


@pytest.mark.parametrize(
    ("question", "field"),
    [
        ("- bound?", "stage"),
        ("- what town", "location"),
        ("city", "location"),
        ("- what kind of shop", "industry"),
        ("what cov does it need", "coverage"),
        ("what's outstanding on it", "next_step"),
        ("next", "next_step"),
    ],
)
def test_what_is_left_of_a_terse_question_asks_its_field(question: str, field: str) -> None:
    assert field in [f.name for f in asked_fields(question)]


def test_last_contact_asks_the_day_not_the_person() -> None:
    assert [f.name for f in asked_fields("delta lift last contact")] == ["last_contact"]
    assert {f.name for f in asked_fields("last contact and their phone")} == {
        "contact",
        "last_contact",
    }


def test_a_four_letter_typo_is_read_only_when_it_is_no_word() -> None:
    assert correct_cues("reno kite phne") == "reno kite phone"
    assert correct_cues("stge?") == "stage?"
    assert correct_cues("the sage green sign") == "the sage green sign"  # "sage" is a word
    assert correct_cues("who writes it today") == "who writes it today"
    assert [t.name for t in asked_topics("who writes today")] == ["current_carrier"]


def test_a_word_english_knows_is_no_typo_of_a_cue_word() -> None:
    assert correct_cues("they declined umbrella cover") == "they declined umbrella cover"
    assert correct_cues("prize for the raffle") == "prize for the raffle"
    assert correct_cues("renwal date") == "renewal date"  # no English word: a typo
    assert correct_cues("undrwriter note") == "underwriter note"
    assert [t.name for t in asked_topics("who insures right now")] == ["current_carrier"]


def test_a_short_word_of_the_trade_also_asks_its_full_forms() -> None:
    words = parse_listing_words(CATEGORIES.read_text(encoding="utf-8"))
    shorthand = {short: also for short, also in words.shorthand}
    assert "COI" in shorthand["cert"] and "certificate" in shorthand["cert"]
    query = with_full_forms("needs a cert by when", shorthand)
    assert query.startswith("needs a cert by when") and "COI" in query
    assert with_full_forms("the renewal date", shorthand) == "the renewal date"


def test_a_full_form_of_one_word_also_asks_its_short_form() -> None:
    words = parse_listing_words(CATEGORIES.read_text(encoding="utf-8"))
    forms = both_ways(words.shorthand)
    assert "ded" in forms["deductible"]
    assert "deductible" in forms["ded"]
    assert short_and_full_forms("what deductible does heartland have", forms) == "ded"
    # a fuller form of several words is never a question word: it adds nothing
    assert "certificate of insurance" not in forms


def test_a_short_form_in_the_files_is_a_shared_word_but_asks_nothing() -> None:
    from datetime import UTC, datetime

    from harper_common.messages.index import PassageHit
    from harper_search.passage_answers import best_units

    def hit(text: str, n: int) -> PassageHit:
        return PassageHit(
            account_id="7",
            path=f"accounts/7/sources/sms/sms_{n}/raw.txt",
            channel="sms",
            date=datetime(2026, 9, n, tzinfo=UTC),
            text=text,
            score=0.1,
        )

    hits = [hit("They said the same limits as ours.", 1), hit("yep 2500 ded on theirs", 2)]
    question = "what is their deductible"

    def score_of_ded(also: str) -> float:
        units = best_units(question, hits, keep=2, also=also)
        return next(u.score for u in units if "ded" in u.text)

    assert score_of_ded("ded") > score_of_ded("")


def kite_shop(folder: Path) -> tuple[FakeDirectory, ToolSession]:
    """A memory root with one account (7, Reno Kite Shop), and a session over it whose
    directory records the passage queries asked."""
    state = '---\naccount_id: "7"\nname: Reno Kite Shop\nstage: Quoted\nversion: 1\n---\n'
    (folder / "accounts/7/sources").mkdir(parents=True, exist_ok=True)
    (folder / "accounts/7/state.md").write_text(state, encoding="utf-8")
    directory = FakeDirectory()
    session = ToolSession(Toolbox(MemoryRoot(folder), directory, []), new_budget(), Quiet())
    return directory, session


@pytest.mark.anyio
async def test_a_carriers_number_is_asked_of_the_files_as_its_quote(tmp_path: Path) -> None:
    directory, session = kite_shop(tmp_path)
    await AccountEngine().answer(session, "7", "Reno Kite Shop", "what was hartford's number")
    await AccountEngine().answer(session, "7", "Reno Kite Shop", "number of kites on the wall")
    assert directory.asked[0].endswith(" quote") and "quote" not in directory.asked[1]
    assert not CARRIER_NUMBER.search("number of trucks at erie")


class Quiet:
    async def step(self, _: object) -> None:
        return None


def test_a_carriers_number_is_its_quote_not_a_phone() -> None:
    question = "has Travelers got a number for the shop"
    asked = asked_fields(question)
    assert [f.name for f in asked] == ["contact"]  # read alone, "number" asks a phone
    assert carrier_number_is_no_phone(asked, question) == []
    phone = asked_fields("travelers number and the owner's cell")
    kept = carrier_number_is_no_phone(phone, "travelers number and the owner's cell")
    assert [f.name for f in kept] == ["contact"]
    plain = asked_fields("owner's number")
    assert [f.name for f in carrier_number_is_no_phone(plain, "owner's number")] == ["contact"]


def _email(folder: Path, stamp: str, sender: str, body: str) -> None:
    raw = folder / f"accounts/7/sources/emails/email_{stamp}/raw.txt"
    raw.parent.mkdir(parents=True, exist_ok=True)
    head = f"From: {sender} <x@kites.example>\nTo: Ana Ruiz <ana@agency.example>\n"
    raw.write_text(f"{head}Date: 2026-10-0{stamp[-1]}T09:00:00Z\nSubject: kites\n\n{body}\n")


@pytest.mark.anyio
async def test_a_name_in_every_file_leaves_the_passage_query(tmp_path: Path) -> None:
    """The owner writes every email: their name finds each file alike, so a short question
    about them searches by its other words; a name the files seldom hold stays in."""
    _email(tmp_path, "20261001_0901", "Rick Olsen", "Rick here. Got your card at the kite fair.")
    _email(tmp_path, "20261002_0902", "Rick Olsen", "Rick again. Sending the payroll Monday.")
    _email(tmp_path, "20261003_0903", "Mo Haddad", "Mo, the bookkeeper. Rick asked me to write.")
    directory, session = kite_shop(tmp_path)
    await AccountEngine().answer(session, "7", "Reno Kite Shop", "where did rick get our card")
    await AccountEngine().answer(session, "7", "Reno Kite Shop", "what did mo write about")
    assert "rick" not in directory.asked[0].lower() and "card" in directory.asked[0]
    assert "mo" in directory.asked[1].lower().split()


def test_words_beyond_the_fields_asked_are_what_else_the_question_says() -> None:
    question = "what's the status of the propane tank by the shed"
    fields = asked_fields(question)
    assert [f.name for f in fields] == ["stage"]  # "status" reads as the stage
    assert asked_fields("how far is the propane tank from the shed") == []  # a distance
    assert {"propane", "tank", "shed"} <= words_beyond(question, fields, [])
    assert words_beyond("what's their address", asked_fields("what's their address"), []) == set()
    assert len(words_beyond("is it bound yet", asked_fields("is it bound yet"), [])) < 2
    fell = "where'd the guest fall at the pool last june"
    assert {"guest", "fall"} <= words_beyond(fell, asked_fields(fell), [])


@pytest.mark.anyio
async def test_a_question_saying_more_than_a_field_reads_the_files_too(tmp_path: Path) -> None:
    directory, session = kite_shop(tmp_path)
    engine = AccountEngine()
    await engine.answer(session, "7", "Reno Kite Shop", "what stage is it at")
    assert directory.asked == []  # the stage alone: state.md answers
    await engine.answer(session, "7", "Reno Kite Shop", "how far is the propane tank from the shed")
    assert directory.asked and "propane" in directory.asked[0]


@pytest.mark.anyio
async def test_a_kind_of_answer_no_field_gives_reads_the_files(tmp_path: Path) -> None:
    """ "why do they carry gl" names a line, but asks why: the lines of coverage give no reason."""
    directory, session = kite_shop(tmp_path)
    engine = AccountEngine()
    await engine.answer(session, "7", "Reno Kite Shop", "what lines do they have")
    assert directory.asked == []
    await engine.answer(session, "7", "Reno Kite Shop", "why do they carry gl")
    assert directory.asked and "gl" in directory.asked[0].lower()


def test_a_question_opening_with_when_asks_no_field_that_gives_no_day() -> None:
    assert [f.name for f in asked_fields("how do we reach them")] == ["contact"]
    assert asked_fields("when should we reach out again") == []
    assert [f.name for f in asked_fields("when did i last reach them")] == ["last_contact"]
