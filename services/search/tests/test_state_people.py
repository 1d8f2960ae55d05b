"""People of state.md besides the primary contact answer for themselves: "chris pike phone" gives
Chris Pike's phone, "who is the shop manager" gives the person with that role; a question that
names or describes none of them still gets the primary contact."""

from __future__ import annotations

from pathlib import Path

import pytest
from fake_directory import FakeDirectory

from harper_common.bus.progress import NoProgress
from harper_common.memory.paths import MemoryRoot
from harper_common.memory.state import parse_state
from harper_search.account_engine import AccountEngine, role_beyond_state
from harper_search.session import ToolSession
from harper_search.state_fields import asked_fields
from harper_search.state_people import people_asked
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox

ACCOUNT = "40002"
NAME = "Pike Family Kites"
STATE = f"""---
account_id: "{ACCOUNT}"
name: {NAME}
stage: Quoted
industry: Kite Shop
location: "Reno, NV"
primary_contact:
  name: Dana Pike
  email: dana@pikekites.example
  phone: "(775) 555-0100"
other_contacts:
  - name: "Christopher Pike"
    email: chris@pikekites.example
    phone: "(775) 555-0101"
    role: Shop manager
  - name: "Theo Marsh"
    role: Delivery driver
  - name: "Dr. Inés Vallejo"
    phone: "(775) 555-0102"
    role: "Owner, bookkeeper (CPA)"
version: 2
---
# {NAME}
"""
STATE_PATH = f"accounts/{ACCOUNT}/state.md"


def _people(question: str) -> list[str]:
    return [p.name for p in people_asked(question, parse_state(STATE))]


def test_a_person_is_asked_by_name_short_name_or_role() -> None:
    assert _people("chris pike phone") == [
        "Christopher Pike"
    ]  # a short form, the family name shared
    assert _people("ines vallejo email") == ["Dr. Inés Vallejo"]  # accents may be left out
    assert _people("dana's cell") == ["Dana Pike"]
    assert _people("who is the shop manager") == ["Christopher Pike"]
    assert _people("who's the owner there") == ["Dr. Inés Vallejo"]
    assert _people("who is the manager of the account") == []  # "shop manager" is not said
    assert _people("pike family kites phone") == []  # the account's name names nobody
    assert _people("who's the contact there") == []  # "the" is no short form of "Theo"
    assert _people("ines vallejo email") == _people("inés vallejo email")


@pytest.fixture
def memory(tmp_path: Path) -> MemoryRoot:
    (tmp_path / f"accounts/{ACCOUNT}/sources").mkdir(parents=True)
    (tmp_path / STATE_PATH).write_text(STATE, encoding="utf-8")
    return MemoryRoot(tmp_path)


async def _answer(memory: MemoryRoot, question: str) -> str:
    session = ToolSession(Toolbox(memory, FakeDirectory(), []), new_budget(), NoProgress())
    draft = await AccountEngine().answer(session, ACCOUNT, NAME, question)
    assert STATE_PATH in draft.citations
    return draft.answer


@pytest.mark.anyio
async def test_the_person_asked_for_is_answered_not_the_primary_contact(
    memory: MemoryRoot,
) -> None:
    answer = await _answer(memory, "chris pike phone")
    assert "Christopher Pike (Shop manager)" in answer and "(775) 555-0101" in answer, answer
    assert "(775) 555-0100" not in answer  # not the primary contact's number
    answer = await _answer(memory, "who is the bookkeeper")
    assert "Dr. Inés Vallejo" in answer and "(775) 555-0102" in answer, answer


@pytest.mark.anyio
async def test_a_contact_question_naming_nobody_gets_the_primary_contact(
    memory: MemoryRoot,
) -> None:
    answer = await _answer(memory, "who do i call there")
    assert "Primary contact: Dana Pike" in answer and "Christopher Pike" not in answer, answer
    stage = await _answer(memory, "pike kites stage")
    assert "Stage: Quoted" in stage and "Christopher Pike" not in stage, stage


def test_a_role_no_person_of_state_holds_is_asked_of_the_files() -> None:
    """ "who is the dispatcher": no one of state.md has that role, so the files are read (a
    note or an email may name them); roles state.md knows, or the contact's, are not."""
    state = parse_state(STATE)
    contact = [f for f in asked_fields("who is the dispatcher") if f.name == "contact"]
    assert contact  # the question reads as a contact question
    assert role_beyond_state("who is the dispatcher", state, contact)
    assert not role_beyond_state("who is the shop manager", state, contact)
    assert not role_beyond_state("who is their owner", state, contact)
    assert not role_beyond_state("who is our primary person", state, contact)
