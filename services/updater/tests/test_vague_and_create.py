"""Vague requests get the form and a session; the filled form applies exactly what was filled.
New accounts: created after /confirm, indexed, then the original request carries on."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import JsonValue

from harper_common.bus.routes import ServiceFailure
from harper_common.memory import check_memory, read_history, read_state
from harper_common.messages.base import ErrorCode
from harper_common.messages.events import AccountEventKind
from harper_common.messages.query import (
    AccountRef,
    AgentRequest,
    IntentInfo,
    NewAccountDetails,
    UpdateResponse,
    VagueUpdateClarification,
    VagueUpdateForm,
)
from harper_updater.create import AccountCreator

SUNNY = AccountRef(account_id="29119", account_name="Sunny Days Childcare")
INTENT = IntentInfo(intent="update", confidence=0.9)


def ask(query: str, **extra: Any) -> AgentRequest:
    return AgentRequest(request_id="r", query=query, intent=INTENT, **extra)


@pytest.mark.parametrize(
    "query",
    [
        "Update Sunny Days Childcare",
        "Change the status",
        "Make some updates",
        "Update this account",
    ],
)
@pytest.mark.anyio
async def test_vague_requests_get_the_form_with_current_values(kit: Any, query: str) -> None:
    before = kit.memory.state_path("29119").read_text()
    reply = await kit.agent.apply(ask(query, account=SUNNY))
    assert isinstance(reply, VagueUpdateClarification)
    fields = {f.id: f for f in reply.clarification_fields}
    assert list(fields) == ["stage", "insurance_types", "next_step", "note"]
    assert fields["stage"].current_value == "Quoted"
    assert fields["stage"].options is not None and "Closed Lost" in fields["stage"].options
    assert fields["insurance_types"].type == "multi-select"
    assert "Abuse & Molestation" in (fields["insurance_types"].current_value or [])
    session = await kit.sessions.get(reply.session_id)
    assert session is not None and session.kind == "vague_update"
    assert (session.account_id, session.original_query) == ("29119", query)
    assert kit.memory.state_path("29119").read_text() == before


def clarified(form: dict[str, JsonValue]) -> AgentRequest:
    return ask(
        "Update Sunny Days Childcare",
        account=SUNNY,
        session_id="s1",
        clarification=VagueUpdateForm.model_validate(form),
    )


@pytest.mark.anyio
async def test_the_filled_form_applies_exactly_what_was_filled(kit: Any) -> None:
    reply = await kit.agent.clarified(
        clarified({"stage": "Bound", "note": "Policy bound effective 2/1/2026", "next_step": ""})
    )
    assert isinstance(reply, UpdateResponse)
    assert [(c.field, c.old_value, c.new_value) for c in reply.changes] == [
        ("stage", "Quoted", "Bound"),
        ("note", "", "Policy bound effective 2/1/2026"),
    ]
    assert reply.message == (
        "Updated Sunny Days Childcare: stage: Bound, note: Policy bound effective 2/1/2026"
    )
    state = read_state(kit.memory.state_path("29119"))
    assert state.stage.value == "Bound"
    assert state.next_step == "Client confirmation on The Hartford quote"
    entry = read_history(kit.memory.history_path("29119")).last
    assert entry is not None and entry.evidence is not None
    assert "clarification form: stage: Bound" in entry.evidence


@pytest.mark.parametrize(
    ("form", "says"),
    [
        ({}, "empty"),
        ({"stage": "  ", "note": ""}, "empty"),
        ({"stage": "Sold"}, "'Sold' is not a known stage"),
    ],
)
@pytest.mark.anyio
async def test_an_empty_or_wrong_form_is_refused_and_nothing_written(
    kit: Any, form: dict[str, JsonValue], says: str
) -> None:
    before = kit.memory.state_path("29119").read_text()
    with pytest.raises(ServiceFailure) as failure:
        await kit.agent.clarified(clarified(form))
    assert failure.value.code is ErrorCode.BAD_REQUEST
    assert says in str(failure.value)
    assert kit.memory.state_path("29119").read_text() == before


class NoNames:
    async def lookup(self, name: str, limit: int = 5) -> list[Any]:
        return []


def new_account(query: str, session_id: str = "sess1", **details: JsonValue) -> AgentRequest:
    return ask(
        query,
        session_id=session_id,
        new_account=NewAccountDetails.model_validate(
            {"account_name": "New Company LLC", **details}
        ),
    )


@pytest.mark.anyio
async def test_create_then_carry_on_with_the_note(kit: Any) -> None:
    creator = AccountCreator(kit.agent, NoNames())
    highest = max(int(i) for i in kit.memory.account_ids())
    reply = await creator.create(
        new_account(
            "Add a note to New Company LLC",
            industry="Healthcare",
            location="Austin, TX",
            primary_email="contact@newcompany.com",
            primary_phone="(512) 555-1234",
            insurance_types=["Workers' Compensation", "GL"],
            notes="Referred by existing client",
        )
    )
    new_id = reply.account_id
    assert new_id == str(highest + 1)
    assert reply.message.startswith(f"Created new account: New Company LLC (ID: {new_id})")
    state = read_state(kit.memory.state_path(new_id), new_id)
    assert (state.version, state.stage.value, state.location) == (2, "New Lead", "Austin, TX")
    assert state.insurance_types == ["Workers' Compensation", "General Liability"]
    assert state.primary_contact is not None
    assert state.primary_contact.email == "contact@newcompany.com"
    assert "- 2026-11-22: Referred by existing client" in state.body
    history = read_history(kit.memory.history_path(new_id))
    first, second = history.entries
    assert first.previous is None and second.previous == first.id
    assert first.summary == "Account opened for New Company LLC (New Lead) at the broker's request."
    assert [c.field for c in second.changes] == ["note"]
    kinds = [(e.kind, e.version) for e in kit.publisher.events]
    assert kinds == [(AccountEventKind.CREATED, 1), (AccountEventKind.STATE_CHANGED, 2)]
    assert kit.index.waits[0] == (new_id, 1)
    assert reply.qdrant_updated and reply.history_entry_id == second.id
    assert check_memory(kit.memory.root).ok

    again = await creator.create(new_account("Add a note to New Company LLC"))
    assert again.account_id == new_id and "already created" in again.message
    assert len(kit.publisher.events) == 2


@pytest.mark.anyio
async def test_create_carries_on_with_a_stage_change(kit: Any) -> None:
    creator = AccountCreator(kit.agent, NoNames())
    reply = await creator.create(
        new_account("Mark New Company LLC as Quoted, $2,600 premium", session_id="s2")
    )
    state = read_state(kit.memory.state_path(reply.account_id), reply.account_id)
    assert (state.stage.value, state.premium, state.version) == ("Quoted", 2600, 2)


@pytest.mark.anyio
async def test_create_refuses_an_existing_name_and_bad_details(kit: Any) -> None:
    class Taken:
        async def lookup(self, name: str, limit: int = 5) -> list[Any]:
            from harper_common.messages.index import NameMatch

            return [NameMatch(account_id="29119", account_name=name, score=1.0, exact=True)]

    with pytest.raises(ServiceFailure) as taken:
        await AccountCreator(kit.agent, Taken()).create(new_account("Add New Company LLC"))
    assert taken.value.code is ErrorCode.CONFLICT
    with pytest.raises(ServiceFailure) as bad:
        await AccountCreator(kit.agent, NoNames()).create(ask("Add New Company LLC"))
    assert bad.value.code is ErrorCode.BAD_REQUEST and "No details" in str(bad.value)
    assert kit.publisher.events == []
