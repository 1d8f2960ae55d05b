"""The field probes ask each field of state.md in our own wordings, with the value to find."""

from __future__ import annotations

from harper_eval.field_probes import SECOND_WORDINGS, WORDINGS, probes, short_name

from harper_common.memory.state import parse_state

STATE = """---
account_id: "501"
name: Reno Kite & Sail Supply LLC
stage: Quoted
location: "Reno, NV"
primary_contact:
  name: Dana Ruiz
  phone: "(775) 555-0100"
other_contacts:
  - name: Joe Pike
    email: joe@example.com
renewal_date: 2027-03-01
version: 1
---
"""


def test_each_field_on_file_is_asked_in_every_wording_with_its_value() -> None:
    asked = probes(parse_state(STATE))
    by_field: dict[str, set[tuple[str, ...]]] = {}
    for probe in asked:
        by_field.setdefault(probe.field, set()).add(probe.wanted)
    assert by_field == {
        "stage": {("Quoted",)},
        "contact": {("Dana Ruiz",)},
        "phone": {("(775) 555-0100",)},
        "location": {("Reno",)},
        "renewal_date": {("2027-03-01",)},
        "contact+phone": {("Dana Ruiz", "(775) 555-0100")},
        "other_person": {("joe@example.com",)},
    }
    stage = [p.question for p in asked if p.field == "stage"]
    assert stage == [w.format(n="reno kite", c="dana ruiz", cf="dana") for w in WORDINGS["stage"]]
    assert "dana's number" in [p.question for p in asked if p.field == "phone"]
    assert [p.question for p in asked if p.field == "other_person"] == ["joe pike email"]


def test_the_short_name_is_two_words_joined_as_written() -> None:
    assert short_name("Reno Kite & Sail Supply LLC") == "reno kite"
    assert short_name("Wag & Whisker Grooming") == "wag & whisker"
    assert short_name("The Pike Family Kites") == "pike family"


def test_the_second_wordings_ask_the_same_fields_in_other_words() -> None:
    asked = probes(parse_state(STATE), SECOND_WORDINGS)
    fields = {probe.field for probe in asked}
    assert fields == {"stage", "contact", "phone", "location", "renewal_date"}
    first = {probe.question for probe in probes(parse_state(STATE))}
    assert not first & {probe.question for probe in asked}
