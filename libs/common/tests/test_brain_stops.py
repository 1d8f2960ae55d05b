"""Every stop reason of the Messages API, the circuit breaker and a model per agent, through the
real `anthropic` SDK against the fake Messages API."""

from __future__ import annotations

from typing import Any

import pytest
from fake_anthropic import Fail, FakeAnthropic, Reply, text
from pydantic import SecretStr

from harper_common.brain import (
    BrainSettings,
    BrainUnavailable,
    Budget,
    ClaudeClient,
    LoopResult,
    ToolCall,
    ToolOutcome,
    run_tool_loop,
)
from harper_common.brain.circuit import CircuitBreaker
from harper_common.brain.loop import CUT_NOTE
from harper_common.brain.prompt import user_message


def settings(fake: FakeAnthropic, **extra: Any) -> BrainSettings:
    return BrainSettings(
        anthropic_api_key=SecretStr("sk-test"),
        anthropic_base_url=fake.base_url,
        claude_timeout_s=5.0,
        claude_max_retries=1,
        claude_retry_base_delay_s=0.001,
        claude_retry_max_delay_s=0.01,
        **extra,
    )


async def nothing(call: ToolCall) -> ToolOutcome:
    return ToolOutcome(content="unused", is_error=True)


async def loop(client: ClaudeClient) -> LoopResult:
    return await run_tool_loop(
        client,
        system="You answer questions.",
        tools=[],
        messages=[user_message("When does the GL policy renew?")],
        execute=nothing,
        budget=Budget(),
    )


def last_user_text(body: dict[str, Any]) -> str:
    content = body["messages"][-1]["content"]
    return content if isinstance(content, str) else content[-1]["text"]


@pytest.mark.anyio
async def test_an_answer_cut_at_max_tokens_is_continued_once(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(content=[text("It renews on")], stop_reason="max_tokens"),
        Reply(content=[text("1 March.")], stop_reason="end_turn"),
    )
    async with ClaudeClient.from_settings(settings(fake)) as client:
        result = await loop(client)
    assert result.outcome == "answered" and result.accepted
    assert result.answer == "It renews on 1 March."
    assert last_user_text(fake.requests[1].body) == CUT_NOTE


@pytest.mark.anyio
async def test_an_answer_cut_twice_is_returned_flagged(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(content=[text("It renews")], stop_reason="max_tokens"),
        Reply(content=[text("on 1")], stop_reason="max_tokens"),
    )
    async with ClaudeClient.from_settings(settings(fake)) as client:
        result = await loop(client)
    assert result.outcome == "cut" and not result.accepted
    assert result.flag is not None and "output limit" in result.flag
    assert result.answer == "It renews on 1"


@pytest.mark.anyio
async def test_a_refusal_is_a_typed_outcome(fake: FakeAnthropic) -> None:
    fake.reset(Reply(content=[text("")], stop_reason="refusal"))
    async with ClaudeClient.from_settings(settings(fake)) as client:
        result = await loop(client)
    assert result.outcome == "refused" and not result.accepted
    assert len(fake.requests) == 1  # not asked again


@pytest.mark.anyio
async def test_a_paused_turn_is_sent_back_to_continue(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(content=[text("Searching…")], stop_reason="pause_turn"),
        Reply(content=[text("It renews on 1 March.")], stop_reason="end_turn"),
    )
    async with ClaudeClient.from_settings(settings(fake)) as client:
        result = await loop(client)
    assert result.outcome == "answered" and result.answer == "It renews on 1 March."
    second = fake.requests[1].body["messages"]
    assert second[-1]["role"] == "assistant"  # the paused turn itself, nothing added after it


@pytest.mark.anyio
async def test_the_circuit_opens_after_failures_and_a_probe_closes_it(
    fake: FakeAnthropic,
) -> None:
    now = [100.0]
    fake.reset(
        *[Fail(status=529, error_type="overloaded_error")] * 4, Reply(content=[text("Back.")])
    )
    async with ClaudeClient.from_settings(settings(fake)) as client:
        client.circuit = CircuitBreaker(failures_to_open=2, cooldown_s=30, clock=lambda: now[0])
        for _ in range(2):
            with pytest.raises(BrainUnavailable):
                await loop(client)
        assert client.circuit.state == "open" and len(fake.requests) == 4
        with pytest.raises(BrainUnavailable, match="next try in 30 s"):
            await loop(client)
        assert len(fake.requests) == 4  # refused at once: the API was not called
        now[0] += 31
        result = await loop(client)  # the probe: one attempt, and it succeeds
    assert result.answer == "Back." and client.circuit.state == "closed"


def test_a_failed_probe_opens_the_circuit_again() -> None:
    now = [0.0]
    circuit = CircuitBreaker(failures_to_open=1, cooldown_s=10, clock=lambda: now[0])
    circuit.failed("overloaded")
    assert circuit.admit() == "refuse"
    now[0] = 11
    assert circuit.admit() == "probe" and circuit.admit() == "refuse"
    circuit.failed("still overloaded")
    assert circuit.state == "open" and circuit.seconds_left() == 10


@pytest.mark.anyio
async def test_each_agent_can_have_its_own_model(fake: FakeAnthropic) -> None:
    chosen = settings(fake, claude_model="claude-big", claude_model_starter="claude-small")
    fake.reset(Reply(content=[text("ok")]), Reply(content=[text("ok")]))
    async with ClaudeClient.from_settings(chosen, agent="starter") as starter:
        await loop(starter)
    async with ClaudeClient.from_settings(chosen, agent="search") as search:
        await loop(search)
    assert [r.body["model"] for r in fake.requests] == ["claude-small", "claude-big"]


@pytest.mark.anyio
async def test_tokens_are_counted_per_agent_for_prometheus(fake: FakeAnthropic) -> None:
    from prometheus_client import REGISTRY

    def counted(kind: str) -> float:
        labels = {"agent": "followup", "kind": kind}
        return REGISTRY.get_sample_value("harper_brain_tokens_total", labels) or 0.0

    before = counted("input"), counted("output")
    fake.reset(Reply(content=[text("ok")]))
    async with ClaudeClient.from_settings(settings(fake), agent="followup") as client:
        await loop(client)
    assert (counted("input"), counted("output")) == (before[0] + 10, before[1] + 5)
