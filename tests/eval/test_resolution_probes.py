"""The resolution probes name each account of a book's roster the ways brokers do."""

from __future__ import annotations

from harper_eval.resolution_probes import probes

ROSTER = [
    {
        "account_id": "501",
        "name": "Reno Kite & Sail Supply LLC",
        "aliases": ["the kite shop"],
        "industry": "Kite Shop",
        "city": "Reno",
        "contacts": [
            {"name": "Dana Ruiz", "email": "dana@renokite.example", "phone": "(775) 555-0100"},
            {"name": "Joe Pike"},
        ],
    }
]


def test_each_kind_of_reference_is_probed_and_the_legal_form_left_out() -> None:
    asked = probes(ROSTER)
    assert {p.kind for p in asked} == {"alias", "name", "typo", "trade", "person", "email", "phone"}
    assert all(p.account_id == "501" for p in asked)
    questions = [p.question for p in asked]
    assert "whats the premium for reno kite & sail supply" in questions
    assert "when did we last talk to Dana at Reno Kite" in questions
    assert "who is dana@renokite.example" in questions
    assert not any("llc" in q.lower() for q in questions)
    assert sum("joe pike" in q.lower() for q in questions) == 2  # a second person: no email


def test_the_probes_are_the_same_on_every_run() -> None:
    assert probes(ROSTER) == probes(ROSTER)
