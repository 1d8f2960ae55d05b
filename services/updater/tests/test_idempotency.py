"""Idempotent, deadline-aware writes: a retried request is applied once, a viewer changes nothing,
and no write starts that could not finish before its deadline."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from harper_common.bus.routes import ServiceFailure
from harper_common.memory import read_history, read_state
from harper_common.messages.base import Caller, ErrorCode
from harper_common.messages.query import AccountRef, AgentRequest, IntentInfo, UpdateResponse

SUNNY = AccountRef(account_id="29119", account_name="Sunny Days Childcare")


def request(query: str, **envelope: Any) -> AgentRequest:
    return AgentRequest(
        request_id="r1",
        query=query,
        intent=IntentInfo(intent="update", confidence=0.9, account_name=SUNNY.account_name),
        account=SUNNY,
        **envelope,
    )


@pytest.mark.anyio
async def test_a_retry_with_the_same_key_is_applied_once(kit: Any) -> None:
    memory = kit.memory
    before = read_state(memory.state_path("29119")).version
    ask = request("Mark Sunny Days Childcare premium $2,900", idempotency_key="k-1")
    first = await kit.agent.apply(ask)
    again = await kit.agent.apply(ask)
    assert isinstance(first, UpdateResponse) and isinstance(again, UpdateResponse)
    assert "Already applied" in again.message
    assert again.history_entry_id == first.history_entry_id
    assert [c.field for c in again.changes] == ["premium"]
    assert read_state(memory.state_path("29119")).version == before + 1
    entry = read_history(memory.history_path("29119")).last
    assert entry is not None and any(d.key == "Request" and d.value == "k-1" for d in entry.details)


@pytest.mark.anyio
async def test_another_key_is_another_request(kit: Any) -> None:
    memory = kit.memory
    await kit.agent.apply(request("Mark Sunny Days Childcare premium $3,100", idempotency_key="a"))
    version = read_state(memory.state_path("29119")).version
    await kit.agent.apply(request("Mark Sunny Days Childcare premium $3,200", idempotency_key="b"))
    assert read_state(memory.state_path("29119")).version == version + 1


@pytest.mark.anyio
async def test_a_viewer_cannot_change_an_account(kit: Any) -> None:
    memory = kit.memory
    before = memory.state_path("29119").read_text()
    viewer = Caller(name="casey", role="viewer")
    with pytest.raises(ServiceFailure) as refused:
        await kit.agent.apply(request("Mark Sunny Days Childcare as Bound", caller=viewer))
    assert refused.value.code == ErrorCode.FORBIDDEN
    assert memory.state_path("29119").read_text() == before


@pytest.mark.anyio
async def test_an_update_names_its_caller_in_history(kit: Any) -> None:
    jordan = Caller(name="jordan.hale", role="broker")
    await kit.agent.apply(request("Mark Sunny Days Childcare premium $2,750", caller=jordan))
    entry = read_history(kit.memory.history_path("29119")).last
    assert entry is not None and entry.by == "jordan.hale"


@pytest.mark.anyio
async def test_no_write_starts_too_close_to_the_deadline(kit: Any) -> None:
    memory = kit.memory
    before = memory.state_path("29119").read_text()
    soon = datetime.now(UTC) + timedelta(milliseconds=300)
    with pytest.raises(ServiceFailure) as refused:
        await kit.agent.apply(request("Mark Sunny Days Childcare premium $2,100", deadline=soon))
    assert refused.value.code == ErrorCode.TIMEOUT
    assert memory.state_path("29119").read_text() == before
