"""One writer, no lost update: the account lock, consecutive versions, the outbox relay."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest

from harper_common.memory import check_memory, read_history, read_state, verify_chain
from harper_common.messages.query import AccountRef, AgentRequest, IntentInfo, UpdateResponse
from harper_updater.agent import UpdaterAgent
from harper_updater.relay import Relay
from harper_updater.writer import AccountWriter

SUNNY = AccountRef(account_id="29119", account_name="Sunny Days Childcare")


def note(n: int) -> AgentRequest:
    return AgentRequest(
        request_id=f"r{n}",
        query=f"add a note: call number {n}",
        intent=IntentInfo(intent="update", confidence=0.9),
        account=SUNNY,
    )


@pytest.mark.anyio
async def test_concurrent_updates_to_one_account_all_land_in_order(kit: Any, memory: Any) -> None:
    before = read_state(memory.state_path("29119")).version
    # a second replica: its own writer and in-process locks, the same lock files
    second = UpdaterAgent(replace(kit.agent.deps, writer=AccountWriter(memory, kit.publisher)))
    agents = [kit.agent, second]
    replies = await asyncio.gather(*(agents[n % 2].apply(note(n)) for n in range(40)))
    assert all(isinstance(r, UpdateResponse) for r in replies)
    state = read_state(memory.state_path("29119"))
    assert state.version == before + 40
    for n in range(40):
        assert f": call number {n}\n" in state.body
    history = read_history(memory.history_path("29119"))
    assert verify_chain(history) == []
    versions = [e.version for e in kit.publisher.events]
    assert versions == list(range(before + 1, before + 41))
    assert check_memory(memory.root).ok


@pytest.mark.anyio
async def test_an_unpublished_write_is_published_by_the_relay_once(kit: Any, memory: Any) -> None:
    kit.publisher.fail = True
    reply = await kit.agent.apply(note(1))
    assert isinstance(reply, UpdateResponse) and not reply.qdrant_updated
    assert kit.publisher.events == []
    kit.publisher.fail = False
    relay = Relay(kit.agent.deps.writer)
    assert await relay.run_once() == 1
    assert await relay.run_once() == 0
    [event] = kit.publisher.events
    assert event.version == read_state(memory.state_path("29119")).version


@pytest.mark.anyio
async def test_a_write_cut_short_is_rolled_forward(kit: Any, memory: Any) -> None:
    state_path, history_path = memory.state_path("29119"), memory.history_path("29119")
    old_state, old_history = state_path.read_text(), history_path.read_text()
    kit.publisher.fail = True
    await kit.agent.apply(note(2))
    new_state, new_history = state_path.read_text(), history_path.read_text()
    state_path.write_text(old_state)  # as if the process died before replacing the files
    history_path.write_text(old_history)
    kit.publisher.fail = False
    assert await Relay(kit.agent.deps.writer).run_once() == 1
    assert (state_path.read_text(), history_path.read_text()) == (new_state, new_history)
    assert check_memory(memory.root).ok


@pytest.mark.anyio
async def test_the_relay_skips_an_event_the_stream_already_holds(kit: Any, memory: Any) -> None:
    await kit.agent.apply(note(3))
    published = list(kit.publisher.events)
    kit.publisher.fail = True
    await kit.agent.apply(note(4))
    kit.publisher.fail = False
    kit.publisher.events.append(
        published[0].model_copy(update={"version": published[0].version + 1})
    )  # the stream got it, the record's removal did not happen
    assert await Relay(kit.agent.deps.writer).run_once() == 0
    assert not list((memory.root / ".updater" / "outbox").iterdir())
