"""Fields of state.md beyond the format's own are found by the words of their key."""

from __future__ import annotations

from datetime import date

import pytest

from harper_common.memory.state import parse_state
from harper_search.account_engine import AccountEngine, recorded_fields
from harper_search.state_extras import asked_extras, render
from harper_search.state_fields import asked_fields
from harper_search.topics import asked_topics

EXTRA = {
    "renewal_date": date(2027, 3, 15),
    "effective_date": date(2026, 4, 1),
    "incumbent_carrier": "Westfield",
    "expiring_premium": 12400,
    "markets_tried": ["Hanover", "Erie Insurance"],
    "decline_reason": "vacant second floor",
    "loss_notes": None,
    "account_manager": "Lena Varga",
    "broker": "ana.ortiz",
}


@pytest.mark.parametrize(
    ("question", "keys"),
    [
        ("when is their renewal", ["renewal_date"]),
        ("when do they renew", ["renewal_date"]),
        ("eff date?", ["effective_date"]),
        ("incumbent carrier", ["incumbent_carrier"]),
        ("what's the expiring premium", ["expiring_premium"]),
        ("which markets were tried", ["markets_tried"]),
        ("why the decline", ["decline_reason"]),
        ("what is the premium", []),  # "expiring" is not said
        ("what do they pay now", ["expiring_premium"]),  # everyday words for both key words
        ("what do they pay", []),
        ("what stage are they at", []),
        ("loss notes", []),  # no value
        ("who is our account manager", ["account_manager"]),
        ("who handles them for us", ["broker"]),
    ],
)
def test_a_key_is_asked_for_by_its_words(question: str, keys: list[str]) -> None:
    assert [field.key for field in asked_extras(question, EXTRA)] == keys


def test_values_are_said_plainly() -> None:
    assert render(date(2027, 3, 15)) == "2027-03-15"
    assert render(12400) == "12,400"
    assert render(["Hanover", "Erie Insurance"]) == "Hanover; Erie Insurance"
    assert render({"name": "Gail", "role": "Bookkeeper"}) == "name: Gail, role: Bookkeeper"
    assert render([]) == ""


def test_a_question_left_with_only_where_or_what_they_do_asks_place_or_trade() -> None:
    assert [f.name for f in asked_fields("where's")] == ["location"]
    assert [f.name for f in asked_fields("what does do")] == ["industry"]


def test_a_topic_asked_names_the_extra_field_of_its_name() -> None:
    text = (
        '---\naccount_id: "1"\nname: Pine Knot Tavern\nstage: Quoted\n'
        "current_carrier: Westfield\nversion: 1\n---\n"
    )
    state = parse_state(text)
    question = "who are they with right now"
    found = AccountEngine._extras(question, asked_topics(question), state)
    assert [(f.key, f.value) for f in found] == [("current_carrier", "Westfield")]


def test_a_topic_state_md_records_brings_its_field_when_no_field_is_asked() -> None:
    text = (
        '---\naccount_id: "1"\nname: Pine Knot Tavern\nstage: Quoted\npremium: 9200\n'
        "version: 1\n---\n"
    )
    state = parse_state(text)
    quote = asked_topics("what did the quote come in at")
    assert [f.name for f in recorded_fields(quote, state)] == ["premium"]
    decided = asked_topics("have they decided")
    assert [f.name for f in recorded_fields(decided, state)] == ["stage"]
    papers = asked_topics("what paperwork is outstanding")
    assert recorded_fields(papers, state) == []  # no next step on file: nothing to add
