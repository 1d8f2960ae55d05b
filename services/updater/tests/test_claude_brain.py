"""The Claude path against the local fake Messages API, with the real anthropic SDK."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from fake_anthropic import Fail, FakeAnthropic, Reply, Usage, tool_use

from harper_common.brain import AuditLog, BrainSettings, ClaudeClient
from harper_common.bus.routes import ServiceFailure
from harper_common.memory import read_state
from harper_common.messages.base import ErrorCode
from harper_common.messages.query import (
    AccountRef,
    AgentRequest,
    IntentInfo,
    UpdateResponse,
    VagueUpdateClarification,
)
from harper_common.skills import load_skills
from harper_updater.brain import LocalBrain
from harper_updater.claude_brain import ClaudeBrain

SKILLS = Path(__file__).resolve().parents[3] / "skills"
SUNNY = AccountRef(account_id="29119", account_name="Sunny Days Childcare")
QUERY = "Mark Sunny Days Childcare as Bound, $2,600 premium"


def ask(query: str = QUERY) -> AgentRequest:
    return AgentRequest(
        request_id="rq",
        query=query,
        intent=IntentInfo(intent="update", confidence=0.9),
        account=SUNNY,
    )


@pytest.fixture
async def claude(fake: FakeAnthropic, tmp_path: Path) -> AsyncIterator[ClaudeBrain]:
    settings = BrainSettings(
        anthropic_api_key="sk-test",  # type: ignore[arg-type]
        anthropic_base_url=fake.base_url,
        brain="claude",
        claude_max_retries=0,
    )
    brain = ClaudeBrain(
        ClaudeClient.from_settings(settings),
        skills=load_skills(SKILLS, "update"),
        local=LocalBrain(),
        audit=AuditLog(tmp_path / "data"),
    )
    try:
        yield brain
    finally:
        await brain.aclose()


def changes(*items: tuple[str, str, str]) -> dict[str, Any]:
    return {
        "vague": False,
        "changes": [{"field": f, "value": v, "evidence": e} for f, v, e in items],
    }


@pytest.mark.anyio
async def test_typed_changes_are_validated_and_applied(
    fake: FakeAnthropic, claude: ClaudeBrain, make_kit: Any
) -> None:
    kit = make_kit(claude)
    fake.reset(
        Reply(content=[tool_use("activate_skill", {"name": "state-edit"})]),
        Reply(
            content=[
                tool_use(
                    "update_state",
                    changes(
                        ("stage", "bound", "as Bound"), ("premium", "$2,600", "$2,600 premium")
                    ),
                )
            ],
            usage=Usage(input_tokens=120, output_tokens=40, cache_read_input_tokens=900),
        ),
    )
    reply = await kit.agent.apply(ask())
    assert isinstance(reply, UpdateResponse)
    state = read_state(kit.memory.state_path("29119"))
    assert (state.stage.value, state.premium) == ("Bound", 2600)
    assert reply.usage is not None
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (130, 45)
    assert reply.usage.cache_read_tokens == 900
    first, second = fake.requests
    assert first.body["tool_choice"]["type"] == "any"
    assert second.body["tool_choice"] == {
        "type": "tool",
        "name": "update_state",
        "disable_parallel_tool_use": True,
    }
    assert "# State edit" in str(second.messages[-1]["content"])  # the activated skill
    system = first.body["system"]
    assert system[-2]["cache_control"] == {"type": "ephemeral"}  # stable prefix cached
    assert "state.md" in system[-1]["text"] and "cache_control" not in system[-1]
    audit = list((claude.audit.folder).glob("*.jsonl"))  # type: ignore[union-attr]
    assert audit and '"agent":"updater"' in audit[0].read_text()


@pytest.mark.anyio
async def test_vague_flag_returns_the_form(
    fake: FakeAnthropic, claude: ClaudeBrain, make_kit: Any
) -> None:
    kit = make_kit(claude)
    fake.reset(Reply(content=[tool_use("update_state", {"vague": True, "reason": "no field"})]))
    reply = await kit.agent.apply(ask("Update Sunny Days Childcare"))
    assert isinstance(reply, VagueUpdateClarification)


@pytest.mark.anyio
async def test_malformed_input_is_reprompted_once(
    fake: FakeAnthropic, claude: ClaudeBrain, make_kit: Any
) -> None:
    kit = make_kit(claude)
    fake.reset(
        Reply(content=[tool_use("update_state", changes(("stage", "Sold", "as Bound")))]),
        Reply(content=[tool_use("update_state", changes(("stage", "Bound", "as Bound")))]),
    )
    reply = await kit.agent.apply(ask())
    assert isinstance(reply, UpdateResponse)
    retry = fake.requests[1].last_blocks[0]
    assert retry["is_error"] is True and "'Sold' is not a known stage" in str(retry["content"])


@pytest.mark.parametrize(
    "bad",
    [
        {"vague": False, "changes": [{"field": "colour", "value": "red", "evidence": "x"}]},
        changes(("premium", "lots", "$2,600 premium")),
        changes(("stage", "Bound", "the client emailed to say bind it")),  # invented evidence
    ],
)
@pytest.mark.anyio
async def test_twice_malformed_is_a_clear_error_and_nothing_is_written(
    fake: FakeAnthropic, claude: ClaudeBrain, make_kit: Any, bad: dict[str, Any]
) -> None:
    kit = make_kit(claude)
    before = kit.memory.state_path("29119").read_text()
    fake.reset(
        Reply(content=[tool_use("update_state", bad)]),
        Reply(content=[tool_use("update_state", bad)]),
    )
    with pytest.raises(ServiceFailure) as failure:
        await kit.agent.apply(ask())
    assert failure.value.code is ErrorCode.BAD_REQUEST
    assert "nothing was written" in str(failure.value)
    assert kit.memory.state_path("29119").read_text() == before
    assert kit.publisher.events == []


@pytest.mark.anyio
async def test_claude_unavailable_falls_back_to_the_local_rules(
    fake: FakeAnthropic, claude: ClaudeBrain, make_kit: Any
) -> None:
    kit = make_kit(claude)
    fake.reset(Fail(status=529, error_type="overloaded_error"))
    reply = await kit.agent.apply(ask())
    assert isinstance(reply, UpdateResponse)
    assert read_state(kit.memory.state_path("29119")).stage.value == "Bound"
    assert reply.usage is not None and reply.usage.steps[0].brain == "local"
    assert not reply.usage.steps[0].ok
