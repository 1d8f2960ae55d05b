"""state.md: the spec's example, lenient reading, and malformed files named by line."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from harper_common.memory import MemoryFormatError, Stage, parse_state, render_state

SPEC_STATE = """---
account_id: "29041"
name: Maple Avenue Dental
stage: Quoted
industry: Dental Practice
location: Austin, TX
insurance_types: [Workers' Compensation, General Liability]
premium: 2600
primary_contact:
  name: Dr. Lisa Reed
  email: lreed@mapleavedental.com
  phone: (512) 555-0134
last_contact: 2026-01-05
next_step: Client confirmation on biBERK quote
pending_actions: [Client review of emailed quote]
version: 7
updated_at: 2026-01-21T22:39:01Z
---
# Maple Avenue Dental

## Notes
- 2026-01-21: Prefers calls after 4pm.
"""


def test_spec_example_parses_into_typed_fields_and_renders_identically() -> None:
    state = parse_state(SPEC_STATE)
    assert state.account_id == "29041"
    assert state.stage is Stage.QUOTED
    assert state.premium == 2600
    assert state.primary_contact is not None
    assert state.primary_contact.phone == "(512) 555-0134"
    assert state.last_contact == date(2026, 1, 5)
    assert state.insurance_types == ["Workers' Compensation", "General Liability"]
    assert render_state(state) == SPEC_STATE


def test_lenient_reader_accepts_any_key_order_aliases_and_minimal_files() -> None:
    text = '---\nversion: 3\nstage: quote pitched\nname: "Cafe: Roma"\naccount_id: 512\n---\n'
    state = parse_state(text)
    assert (state.account_id, state.name, state.stage, state.version) == (
        "512",
        "Cafe: Roma",
        Stage.QUOTED,
        3,
    )
    assert state.premium is None and state.primary_contact is None
    rendered = render_state(state)
    assert rendered.startswith('---\naccount_id: "512"\nname: "Cafe: Roma"\nstage: Quoted\n')


def test_unknown_keys_are_kept_in_order_and_written_back() -> None:
    text = SPEC_STATE.replace(
        "version: 7\n", "renewal_date: 2027-02-01\nversion: 7\ncarriers:\n- biBERK\n- Hiscox\n"
    ).replace("  phone: (512) 555-0134\n", "  phone: (512) 555-0134\n  assistant: Carla\n")
    state = parse_state(text)
    assert list(state.extra) == ["renewal_date", "carriers"]
    assert state.primary_contact is not None
    assert state.primary_contact.extra == {"assistant": "Carla"}
    again = parse_state(render_state(state))
    assert again == state
    assert "carriers:\n- biBERK\n- Hiscox\n" in render_state(state)


def test_values_that_yaml_would_misread_are_quoted() -> None:
    state = parse_state(SPEC_STATE).model_copy(
        update={"name": "Yes", "next_step": "Call re: loss runs # urgent", "industry": "2026-01-01"}
    )
    text = render_state(state)
    assert 'name: "Yes"' in text and 'industry: "2026-01-01"' in text
    assert parse_state(text) == state


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        (
            "---\naccount_id: '1'\nname: A\nstage: Bound\nversion: 1\nlast_contact: 2026-02-30\n---\n",
            6,
            "last_contact: value cannot be read: day is out of range",
        ),
        ("account_id: 1\n", 1, "must start with a '---' line"),
        ("---\naccount_id: '1'\nname: A\n", 1, "never closed"),
        ("---\naccount_id: '1'\nname: [A\nstage: Quoted\n---\n", 4, "not valid YAML"),
        ("---\n- a\n- b\n---\n", 2, "must be a mapping"),
        (
            "---\naccount_id: '1'\nname: A\nstage: Quotd\nversion: 1\n---\n",
            4,
            "'Quotd' is not a known stage",
        ),
        (
            "---\naccount_id: '1'\nstage: Quoted\nversion: 1\n---\n",
            1,
            "required field 'name' is missing",
        ),
        ("---\naccount_id: 'A1'\nname: A\nstage: Quoted\nversion: 1\n---\n", 2, "account_id"),
        ("---\naccount_id: '1'\nname: A\nstage: Quoted\nversion: -1\n---\n", 5, "version"),
    ],
)
def test_malformed_state_names_file_line_and_problem(text: str, line: int, words: str) -> None:
    with pytest.raises(MemoryFormatError) as caught:
        parse_state(text, Path("mem/accounts/1/state.md"))
    error = caught.value
    assert error.path == "mem/accounts/1/state.md"
    assert error.line == line
    assert words in str(error)
    assert str(error).startswith(f"mem/accounts/1/state.md:{line}: ")
