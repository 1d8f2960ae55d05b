"""The Claude brain's plumbing, driven through the real `anthropic` SDK against a fake Messages API.

No test needs the internet: `FakeAnthropic` replays scripted responses on a loopback port and
records every request body, so these tests assert on what the brain actually sent.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anthropic
import httpx
import pytest
from fake_anthropic import Fail, FakeAnthropic, Reply, Usage, text, tool_use
from pydantic import BaseModel, Field, SecretStr

from harper_common.brain import (
    AnswerRejected,
    AuditLog,
    BrainAuthError,
    BrainEvent,
    BrainRequestError,
    BrainSettings,
    BrainTimeout,
    BrainUnavailable,
    Budget,
    BudgetExhausted,
    ClaudeClient,
    LoopResult,
    Retrying,
    RunAudit,
    TextDelta,
    TokenUsage,
    ToolCall,
    ToolCallReady,
    ToolFinished,
    ToolOutcome,
    ToolSpec,
    ToolUseStarted,
    run_tool_loop,
)
from harper_common.brain.loop import BUDGET_NOTE
from harper_common.brain.prompt import user_message


def make_client(
    fake: FakeAnthropic, *, key: str = "sk-test", timeout_s: float = 5.0, retries: int = 2
) -> ClaudeClient:
    settings = BrainSettings(
        anthropic_api_key=SecretStr(key),
        anthropic_base_url=fake.base_url,
        claude_timeout_s=timeout_s,
        claude_max_retries=retries,
        claude_retry_base_delay_s=0.001,
        claude_retry_max_delay_s=0.01,
    )
    return ClaudeClient.from_settings(settings)


async def run_loop(fake: FakeAnthropic, **options: Any) -> LoopResult:
    """The tool loop with this module's defaults, each overridable."""
    defaults: dict[str, Any] = {
        "system": SYSTEM,
        "tools": TOOLS,
        "messages": QUESTION,
        "execute": Recorder().execute,
        "budget": Budget(),
    }
    async with make_client(fake) as client:
        return await run_tool_loop(client, **(defaults | options))


class ReadFile(BaseModel):
    """Read one file of the account folder."""

    path: str = Field(description="Path inside the account folder.")
    max_lines: int = 200


class SearchFiles(BaseModel):
    """Search the account's files."""

    query: str


class Triage(BaseModel):
    intent: str
    confidence: float


READ = ToolSpec(name="read_file", description="Read a file.", input_model=ReadFile)
SEARCH = ToolSpec(name="search_files", description="Search files.", input_model=SearchFiles)
TOOLS = [READ, SEARCH]
SYSTEM = ["You are Harper.", "<available_skills>...</available_skills>"]
QUESTION = [user_message("When does the GL policy renew?")]


class Recorder:
    """Collects tool executions and brain events."""

    def __init__(self) -> None:
        self.executed: list[ToolCall] = []
        self.events: list[BrainEvent] = []

    async def execute(self, call: ToolCall) -> ToolOutcome:
        self.executed.append(call)
        match call.args:
            case ReadFile(path=path):
                return ToolOutcome(content=f"contents of {path}")
            case SearchFiles(query=query):
                return ToolOutcome(content=f"hits for {query}: policies/gl.md")
        return ToolOutcome(content="unexpected", is_error=True)

    async def on_event(self, event: BrainEvent) -> None:
        self.events.append(event)

    def of(self, kind: type[object]) -> list[object]:
        return [event for event in self.events if isinstance(event, kind)]


def tool_results(blocks: list[dict[str, object]]) -> list[dict[str, object]]:
    return [block for block in blocks if block["type"] == "tool_result"]


@pytest.mark.anyio
async def test_tool_loop_runs_two_tools_then_answers(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(
            content=[
                text("Let me look."),
                tool_use("search_files", {"query": "GL renewal"}, call_id="t1"),
            ]
        ),
        Reply(content=[tool_use("read_file", {"path": "policies/gl.md"}, call_id="t2")]),
        Reply(content=[text("It renews on 1 March [source: policies/gl.md].")]),
    )
    rec = Recorder()
    result = await run_loop(
        fake,
        execute=rec.execute,
    )
    assert result.answer == "It renews on 1 March [source: policies/gl.md]."
    assert result.accepted and result.flag is None and not result.budget_exhausted
    assert [call.args for call in rec.executed] == [
        SearchFiles(query="GL renewal"),
        ReadFile(path="policies/gl.md"),
    ]
    assert result.turns == 3 and len(fake.requests) == 3
    second = fake.requests[1]
    assert second.messages[-2]["content"][-1] == {
        "type": "tool_use",
        "id": "t1",
        "name": "search_files",
        "input": {"query": "GL renewal"},
    }
    [result_block] = tool_results(second.last_blocks)
    assert result_block["tool_use_id"] == "t1" and result_block["is_error"] is False
    assert result_block["content"] == "hits for GL renewal: policies/gl.md"
    assert [step.name for step in result.steps] == [
        "model_turn",
        "tool_call",
        "model_turn",
        "tool_call",
        "model_turn",
    ]
    assert all(request.body["stream"] is True for request in fake.requests)


@pytest.mark.anyio
async def test_budget_exhaustion_forces_an_answer_without_tool_use(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(
            content=[
                tool_use("read_file", {"path": "a.md"}),
                tool_use("read_file", {"path": "b.md"}),
            ]
        ),
        Reply(content=[tool_use("search_files", {"query": "renewal"})]),
        Reply(content=[text("From a.md: renews in March. I could not check b.md.")]),
    )
    rec = Recorder()
    budget = Budget(total=3, per_tool={"read_file": 1})
    result = await run_loop(
        fake,
        execute=rec.execute,
        budget=budget,
        on_event=rec.on_event,
    )
    assert result.budget_exhausted and result.accepted
    assert result.answer.startswith("From a.md")
    assert [call.input for call in rec.executed] == [{"path": "a.md"}, {"query": "renewal"}]
    refused = tool_results(fake.requests[1].last_blocks)[1]
    assert refused["is_error"] is True and "read_file limit reached" in str(refused["content"])
    final = fake.requests[2]
    assert final.body["tool_choice"] == {"type": "none"}
    assert final.last_blocks[-1]["text"] == BUDGET_NOTE
    assert "tool_choice" not in fake.requests[0].body
    assert rec.of(BudgetExhausted) == [BudgetExhausted(tool_calls=3)]


@pytest.mark.anyio
async def test_a_spent_token_budget_forces_an_answer_like_spent_tool_calls(
    fake: FakeAnthropic,
) -> None:
    fake.reset(
        Reply(content=[tool_use("read_file", {"path": "a.md"})]),
        Reply(
            content=[tool_use("read_file", {"path": "b.md"})],
            usage=Usage(input_tokens=70, output_tokens=40),
        ),
        Reply(content=[text("From a.md: renews in March; b.md not read.")]),
    )
    rec = Recorder()
    budget = Budget(total=15, tokens=100)
    result = await run_loop(fake, execute=rec.execute, budget=budget, on_event=rec.on_event)
    assert [call.input for call in rec.executed] == [{"path": "a.md"}]  # b.md came too late
    assert budget.tokens_used == (10 + 5) + (70 + 40) + (10 + 5)  # every turn is charged
    assert budget.exhausted_by == "100 tokens"
    refused = tool_results(fake.requests[2].last_blocks)[0]
    assert refused["is_error"] is True and "budget exhausted (100 tokens)" in str(
        refused["content"]
    )
    assert fake.requests[2].body["tool_choice"] == {"type": "none"}
    assert fake.requests[2].last_blocks[-1]["text"] == BUDGET_NOTE
    assert "tool_choice" not in fake.requests[1].body
    assert result.budget_exhausted and result.accepted


@pytest.mark.anyio
async def test_a_model_that_keeps_calling_tools_after_the_budget_still_ends(
    fake: FakeAnthropic,
) -> None:
    fake.reset(
        Reply(content=[tool_use("read_file", {"path": "a.md"})]),
        Reply(content=[text("Still curious."), tool_use("read_file", {"path": "b.md"})]),
        Reply(content=[tool_use("read_file", {"path": "c.md"})]),
    )
    rec = Recorder()
    result = await run_loop(
        fake,
        execute=rec.execute,
        budget=Budget(total=1),
    )
    assert len(fake.requests) == 3 and len(rec.executed) == 1
    assert not result.accepted and result.flag is not None and "kept calling tools" in result.flag
    not_run = tool_results(fake.requests[2].last_blocks)[0]
    assert not_run["is_error"] is True and "budget exhausted" in str(not_run["content"])


@pytest.mark.anyio
async def test_final_check_rejects_an_answer_and_the_loop_asks_again(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(content=[text("It renews in March.")]),
        Reply(content=[text("It renews in March [source: policies/gl.md].")]),
    )
    rec = Recorder()

    async def needs_source(answer: str) -> str | None:
        return None if "[source:" in answer else "cite the file you read, as [source: path]"

    result = await run_loop(
        fake,
        execute=rec.execute,
        on_event=rec.on_event,
        final_check=needs_source,
    )
    assert result.accepted and result.answer.endswith("[source: policies/gl.md].")
    reprompt = fake.requests[1].last_blocks[-1]["text"]
    assert "not accepted" in reprompt and "cite the file you read" in reprompt
    assert rec.of(AnswerRejected) == [
        AnswerRejected(reason="cite the file you read, as [source: path]", rejections=1)
    ]


@pytest.mark.anyio
async def test_final_check_gives_up_after_its_limit_and_flags_the_answer(
    fake: FakeAnthropic,
) -> None:
    fake.reset(Reply(content=[text("No idea.")]), Reply(content=[text("Still no idea.")]))

    async def never(answer: str) -> str | None:
        return "no source"

    result = await run_loop(
        fake,
        final_check=never,
        max_rejections=1,
    )
    assert len(fake.requests) == 2
    assert (result.answer, result.accepted, result.flag) == ("Still no idea.", False, "no source")


@pytest.mark.anyio
async def test_malformed_tool_input_goes_back_as_an_error_and_costs_budget(
    fake: FakeAnthropic,
) -> None:
    fake.reset(
        Reply(content=[tool_use("read_file", {"max_lines": "many"}, call_id="bad")]),
        Reply(content=[tool_use("delete_everything", {}, call_id="unknown")]),
        Reply(content=[text("Sorry, I could not read the file.")]),
    )
    rec = Recorder()
    budget = Budget(total=5)
    result = await run_loop(
        fake,
        execute=rec.execute,
        budget=budget,
    )
    assert rec.executed == [] and budget.spent == 2 and result.accepted
    [invalid] = tool_results(fake.requests[1].last_blocks)
    assert invalid["tool_use_id"] == "bad" and invalid["is_error"] is True
    assert "invalid input for read_file" in str(invalid["content"])
    assert "path: Field required" in str(invalid["content"])
    assert "max_lines: Input should be a valid integer" in str(invalid["content"])
    [unknown] = tool_results(fake.requests[2].last_blocks)
    assert unknown["is_error"] is True and "unknown tool delete_everything" in str(
        unknown["content"]
    )
    assert [step.ok for step in result.steps if step.name == "tool_call"] == [False, False]


@pytest.mark.anyio
async def test_a_tool_that_raises_is_reported_to_the_model(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(content=[tool_use("read_file", {"path": "a.md"})]),
        Reply(content=[text("Could not read a.md.")]),
    )

    async def broken(call: ToolCall) -> ToolOutcome:
        raise OSError("disk on fire")

    async with make_client(fake) as client:
        result = await run_tool_loop(
            client, system=SYSTEM, tools=TOOLS, messages=QUESTION, execute=broken, budget=Budget()
        )
    [failed] = tool_results(fake.requests[1].last_blocks)
    assert failed["is_error"] is True and "OSError: disk on fire" in str(failed["content"])
    assert result.answer == "Could not read a.md."


@pytest.mark.anyio
async def test_rate_limit_is_retried_after_retry_after(fake: FakeAnthropic) -> None:
    fake.reset(
        Fail(status=429, error_type="rate_limit_error", retry_after=0.05),
        Reply(content=[text("ok")]),
    )
    rec = Recorder()
    async with make_client(fake) as client:
        turn = await client.turn(system=SYSTEM, messages=QUESTION, on_event=rec.on_event)
    assert turn.text == "ok" and turn.attempts == 2 and len(fake.requests) == 2
    [retry] = rec.of(Retrying)
    assert (
        isinstance(retry, Retrying) and retry.attempt == 1 and retry.delay_s == pytest.approx(0.05)
    )
    assert "429" in retry.reason


@pytest.mark.anyio
async def test_overload_and_errors_inside_the_stream_are_retried(fake: FakeAnthropic) -> None:
    fake.reset(
        Fail(status=529, error_type="overloaded_error"),
        Reply(content=[text("partial"), text("never sent")], stream_error="overloaded_error"),
        Reply(content=[text("whole answer")]),
    )
    rec = Recorder()
    async with make_client(fake, retries=2) as client:
        turn = await client.turn(system=SYSTEM, messages=QUESTION, on_event=rec.on_event)
    assert turn.text == "whole answer" and turn.attempts == 3 and len(fake.requests) == 3
    reasons = [event.reason for event in rec.events if isinstance(event, Retrying)]
    assert len(reasons) == 2 and "529" in reasons[0] and "overloaded_error" in reasons[1]
    deltas = "".join(event.text for event in rec.events if isinstance(event, TextDelta))
    assert deltas == "partial" + "whole answer"


@pytest.mark.anyio
async def test_server_errors_exhaust_the_retries_into_brain_unavailable(
    fake: FakeAnthropic,
) -> None:
    fake.reset(*[Fail(status=500) for _ in range(3)])
    async with make_client(fake, retries=2) as client:
        with pytest.raises(BrainUnavailable, match="after 3 attempt") as caught:
            await client.turn(system=SYSTEM, messages=QUESTION)
    assert caught.value.attempts == 3 and len(fake.requests) == 3


@pytest.mark.anyio
async def test_a_slow_answer_times_out_and_is_retried(fake: FakeAnthropic) -> None:
    fake.reset(Reply(content=[text("too late")], delay_s=5.0), Reply(content=[text("on time")]))
    async with make_client(fake, timeout_s=0.5) as client:
        turn = await client.turn(system=SYSTEM, messages=QUESTION)
    assert turn.text == "on time" and turn.attempts == 2 and len(fake.requests) == 2


@pytest.mark.anyio
async def test_a_stream_that_stalls_times_out_and_is_retried(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(content=[text("stalls after the first words")], stall_s=5.0),
        Reply(content=[text("fine")]),
    )
    rec = Recorder()
    async with make_client(fake, timeout_s=0.5) as client:
        turn = await client.turn(system=SYSTEM, messages=QUESTION, on_event=rec.on_event)
    assert turn.text == "fine" and turn.attempts == 2
    [retry] = rec.of(Retrying)
    assert isinstance(retry, Retrying) and retry.attempt == 1


@pytest.mark.anyio
async def test_timeouts_on_every_attempt_raise_brain_timeout(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(content=[text("late")], delay_s=5.0), Reply(content=[text("late")], delay_s=5.0)
    )
    async with make_client(fake, timeout_s=0.5, retries=1) as client:
        with pytest.raises(BrainTimeout, match="timed out"):
            await client.turn(system=SYSTEM, messages=QUESTION)
    assert len(fake.requests) == 2


@pytest.mark.anyio
async def test_a_wrong_key_is_a_clear_error_and_never_retried(fake: FakeAnthropic) -> None:
    fake.reset(Reply(content=[text("unreachable")]))
    async with make_client(fake, key="sk-wrong", retries=3) as client:
        with pytest.raises(BrainAuthError, match="check ANTHROPIC_API_KEY") as caught:
            await client.turn(system=SYSTEM, messages=QUESTION)
    assert caught.value.status == 401
    assert len(fake.requests) == 1 and fake.requests[0].api_key == "sk-wrong"


@pytest.mark.anyio
async def test_a_bad_request_is_not_retried(fake: FakeAnthropic) -> None:
    fake.reset(Fail(status=400, error_type="invalid_request_error", message="messages: empty"))
    async with make_client(fake, retries=3) as client:
        with pytest.raises(BrainRequestError, match="messages: empty"):
            await client.turn(system=SYSTEM, messages=QUESTION)
    assert len(fake.requests) == 1


@pytest.mark.anyio
async def test_a_retry_after_longer_than_allowed_gives_up_at_once(fake: FakeAnthropic) -> None:
    fake.reset(Fail(status=429, error_type="rate_limit_error", retry_after=600))
    async with make_client(fake, retries=3) as client:
        with pytest.raises(BrainUnavailable, match="retry-after 600s is too long"):
            await client.turn(system=SYSTEM, messages=QUESTION)
    assert len(fake.requests) == 1


@pytest.mark.anyio
async def test_stream_callback_receives_text_deltas_and_tool_calls(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(
            content=[
                text("Checking the renewal date now."),
                tool_use("read_file", {"path": "policies/gl.md", "max_lines": 40}, call_id="t9"),
            ]
        )
    )
    rec = Recorder()
    async with make_client(fake) as client:
        turn = await client.turn(
            system=SYSTEM, messages=QUESTION, tools=TOOLS, on_event=rec.on_event
        )
    deltas = [event.text for event in rec.events if isinstance(event, TextDelta)]
    assert len(deltas) > 1 and "".join(deltas) == "Checking the renewal date now."
    assert rec.of(ToolUseStarted) == [ToolUseStarted(id="t9", name="read_file")]
    expected = ToolCall(
        id="t9", name="read_file", input={"path": "policies/gl.md", "max_lines": 40}
    )
    assert rec.of(ToolCallReady) == [ToolCallReady(call=expected)]
    assert turn.tool_calls == [expected] and turn.stop_reason == "tool_use"
    assert turn.request_id is not None and turn.request_id.startswith("req_fake_")


@pytest.mark.anyio
async def test_loop_events_report_each_tool_call(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(content=[tool_use("search_files", {"query": "gl"})]), Reply(content=[text("done")])
    )
    rec = Recorder()
    async with make_client(fake) as client:
        await run_tool_loop(
            client,
            system=SYSTEM,
            tools=TOOLS,
            messages=QUESTION,
            execute=rec.execute,
            budget=Budget(),
            on_event=rec.on_event,
        )
    kinds = [type(event).__name__ for event in rec.events if not isinstance(event, TextDelta)]
    assert kinds == ["ToolUseStarted", "ToolCallReady", "ToolFinished"]
    [finished] = rec.of(ToolFinished)
    assert isinstance(finished, ToolFinished) and finished.call.args == SearchFiles(query="gl")


@pytest.mark.anyio
async def test_usage_is_summed_across_turns_with_cache_figures(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(
            content=[tool_use("read_file", {"path": "a.md"})],
            usage=Usage(input_tokens=120, output_tokens=30, cache_creation_input_tokens=2048),
        ),
        Reply(
            content=[text("answer")],
            usage=Usage(input_tokens=80, output_tokens=12, cache_read_input_tokens=2048),
        ),
    )
    result = await run_loop(fake)
    assert result.usage == TokenUsage(input=200, output=42, cache_read=2048, cache_write=2048)
    turns = [step.usage for step in result.steps if step.name == "model_turn"]
    assert turns == [
        TokenUsage(input=120, output=30, cache_write=2048),
        TokenUsage(input=80, output=12, cache_read=2048),
    ]
    assert result.usage.prompt_tokens == 200 + 4096


@pytest.mark.anyio
async def test_cache_control_marks_the_stable_prefix(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(content=[tool_use("read_file", {"path": "a.md"})]), Reply(content=[text("answer")])
    )
    async with make_client(fake) as client:
        await run_tool_loop(
            client,
            system=SYSTEM,
            context="Today is 2025-03-01. Account: Acme Bakery.",
            tools=TOOLS,
            messages=QUESTION,
            execute=Recorder().execute,
            budget=Budget(),
        )
    ephemeral = {"type": "ephemeral"}
    for request in fake.requests:
        system = request.body["system"]
        assert [block.get("cache_control") for block in system] == [None, ephemeral, None]
        assert system[-1]["text"].startswith("Today is")
        assert [tool.get("cache_control") for tool in request.tools] == [None, ephemeral]
        assert request.tools[0]["input_schema"]["required"] == ["path"]
        assert request.last_blocks[-1]["cache_control"] == ephemeral
        earlier = [block for message in request.messages[:-1] for block in message["content"]]
        assert all("cache_control" not in block for block in earlier)
    assert tool_results(fake.requests[1].last_blocks)[0]["cache_control"] == ephemeral


@pytest.mark.anyio
async def test_forced_tool_choice_for_a_one_call_classifier(fake: FakeAnthropic) -> None:
    fake.reset(
        Reply(content=[tool_use("triage", {"intent": "renewal_question", "confidence": 0.9})])
    )
    spec = ToolSpec(name="triage", description="Classify the request.", input_model=Triage)
    async with make_client(fake) as client:
        triage, turn = await client.call_tool(system=SYSTEM, messages=QUESTION, tool=spec)
    assert triage == Triage(intent="renewal_question", confidence=0.9)
    body = fake.requests[0].body
    assert body["tool_choice"] == {
        "type": "tool",
        "name": "triage",
        "disable_parallel_tool_use": True,
    }
    assert [tool["name"] for tool in body["tools"]] == ["triage"]
    assert turn.usage.input == 10


@pytest.mark.anyio
async def test_audit_record_is_written_and_read_back(fake: FakeAnthropic, tmp_path: Path) -> None:
    fake.reset(
        Reply(
            content=[tool_use("read_file", {"path": "a.md"})],
            usage=Usage(input_tokens=50, cache_creation_input_tokens=900),
        ),
        Reply(content=[text("answer")], usage=Usage(input_tokens=20, cache_read_input_tokens=900)),
    )
    started = datetime.now(UTC)
    async with make_client(fake) as client:
        model = client.model
    result = await run_loop(fake)
    run = RunAudit(
        run_id="run-1",
        request_id="req-1",
        agent="search",
        brain="claude",
        model=model,
        started_at=started,
        ended_at=datetime.now(UTC),
        outcome="answered",
        steps=result.steps,
    )
    log = AuditLog(tmp_path, fsync=True)
    path = await log.awrite(run)
    assert path == tmp_path / "audit" / f"{run.ended_at.date().isoformat()}.jsonl"
    [back] = log.read(run.ended_at.date())
    assert back == run
    assert back.totals == TokenUsage(input=70, output=10, cache_read=900, cache_write=900)
    assert [step.tool for step in back.steps] == [None, "read_file", None]
    assert all(step.duration_ms >= 0 for step in back.steps)


def test_audit_log_survives_concurrent_writers_and_a_torn_line(tmp_path: Path) -> None:
    now = datetime.now(UTC)
    log = AuditLog(tmp_path)

    def write(worker: int) -> None:
        for number in range(25):
            run = RunAudit(
                run_id=f"{worker}-{number}",
                agent="updater",
                brain="local",
                started_at=now,
                ended_at=now,
                outcome="ok",
            )
            AuditLog(tmp_path).write(run)

    threads = [threading.Thread(target=write, args=(worker,)) for worker in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with log.path_for(now.date()).open("a", encoding="utf-8") as handle:
        handle.write('{"run_id": "torn", "agent"')
    runs = log.read(now.date())
    assert len(runs) == 100 and len({run.run_id for run in runs}) == 100


def test_settings_choose_the_brain_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "HARPER_BRAIN", "HARPER_CLAUDE_MODEL"):
        monkeypatch.delenv(name, raising=False)
    assert BrainSettings().resolved_brain == "local"
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-env")
    monkeypatch.setenv("HARPER_CLAUDE_MODEL", "claude-haiku-4-5")
    monkeypatch.setenv("HARPER_CLAUDE_TIMEOUT_S", "12.5")
    settings = BrainSettings()
    assert settings.resolved_brain == "claude" and settings.claude_model == "claude-haiku-4-5"
    assert settings.claude_timeout_s == 12.5 and "sk-env" not in repr(settings)
    monkeypatch.setenv("HARPER_BRAIN", "local")
    assert BrainSettings().resolved_brain == "local"
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    monkeypatch.setenv("HARPER_BRAIN", "claude")
    with pytest.raises(ValueError, match="needs ANTHROPIC_API_KEY"):
        BrainSettings()


@pytest.mark.anyio
async def test_the_fake_also_answers_plain_json_and_x_api_key(fake: FakeAnthropic) -> None:
    fake.reset(Reply(content=[text("plain")]), Reply(content=[text("raw")]))
    async with anthropic.AsyncAnthropic(
        api_key="sk-test", base_url=fake.base_url, max_retries=0
    ) as sdk:
        message = await sdk.messages.create(
            model="m", max_tokens=10, messages=[{"role": "user", "content": "hi"}]
        )
    assert message.content[0].type == "text" and message.content[0].text == "plain"
    async with httpx.AsyncClient(base_url=fake.base_url) as http:
        response = await http.post(
            "/v1/messages", headers={"x-api-key": "sk-other"}, json={"messages": []}
        )
        missing = await http.post("/v1/messages", json={"messages": []})
    assert response.json()["content"] == [{"type": "text", "text": "raw"}]
    assert missing.status_code == 401
    assert [request.api_key for request in fake.requests] == ["sk-test", "sk-other", None]
