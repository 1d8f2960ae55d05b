"""The Claude brain for drafts, through the real `anthropic` SDK against the fake Messages API:
forced draft tool, cached stable prefix with the activated skill, the code checks (one retry
with the problems as a tool error), the local fallback, token usage and the audit trail."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from fake_anthropic import Fail, FakeAnthropic, Reply, Usage, tool_use
from pydantic import SecretStr

from harper_common.brain import AuditLog, BrainSettings, ClaudeClient
from harper_common.bus.routes import ServiceFailure
from harper_common.memory import MemoryRoot
from harper_common.messages.base import ErrorCode
from harper_followup.claude_draft import SYSTEM_PROMPT, ClaudeDrafter
from harper_followup.compose import DraftInput
from harper_followup.prepare import prepare
from harper_followup.rules import load_rules

EPHEMERAL = {"type": "ephemeral"}
GOOD_BODY = (
    "Dear Dr. Reed,\n\nI hope the practice is well. The biBERK quote for workers' compensation "
    "and general liability came to $2,600 a year. Would you like to proceed?\n\n"
    "Best regards,\nJordan Hale"
)


def drafted(**fields: Any) -> Reply:
    tool_input = {
        "channel": "email",
        "subject": "Your workers' compensation quote from biBERK",
        "body": GOOD_BODY,
        "rationale": "Quoted, 48 days quiet; biBERK quote awaiting a decision",
        "context_used": ["accounts/29041/sources/emails/email_20261005_1903/raw.txt"],
        **fields,
    }
    usage = Usage(input_tokens=900, output_tokens=180, cache_read_input_tokens=2400)
    return Reply(content=[tool_use("draft_message", tool_input)], usage=usage)


def make(fake: FakeAnthropic, skills_dir: Path, audit_dir: Path, key: str = "sk-test") -> Any:
    settings = BrainSettings(
        anthropic_api_key=SecretStr(key),
        anthropic_base_url=fake.base_url,
        claude_max_retries=1,
        claude_retry_base_delay_s=0.001,
        claude_retry_max_delay_s=0.01,
    )
    return ClaudeDrafter(ClaudeClient.from_settings(settings), skills_dir, AuditLog(audit_dir))


async def maple(root: MemoryRoot, skills_dir: Path) -> DraftInput:
    rules = load_rules(skills_dir)
    return await prepare(
        root,
        "29041",
        rules=rules,
        today=date(2026, 11, 22),
        channel=None,
        purpose=None,
        memory=None,
    )


@pytest.mark.anyio
async def test_claude_writes_the_draft_with_a_forced_tool_and_a_cached_prefix(
    fake: FakeAnthropic, demo_root: MemoryRoot, skills_dir: Path, tmp_path: Path
) -> None:
    fake.reset(drafted())
    drafter = make(fake, skills_dir, tmp_path)
    try:
        result = await drafter.draft(await maple(demo_root, skills_dir), "req-1")
    finally:
        await drafter.aclose()
    assert result.brain == "claude"
    assert result.draft.body == GOOD_BODY
    assert result.draft.subject == "Your workers' compensation quote from biBERK"
    assert "accounts/29041/state.md" in result.draft.context_used
    body = fake.requests[0].body
    assert body["tool_choice"]["name"] == "draft_message"
    [tool] = body["tools"]
    assert tool["cache_control"] == EPHEMERAL
    assert set(tool["input_schema"]["properties"]) >= {"channel", "subject", "body", "rationale"}
    prompt, skills, activated = body["system"]
    assert prompt["text"] == SYSTEM_PROMPT
    assert "<name>pending-scan</name>" in skills["text"]
    assert '<activated_skill name="communication-draft">' in activated["text"]
    assert "tone-and-length.md" in activated["text"]
    assert activated["cache_control"] == EPHEMERAL
    data = fake.requests[0].last_blocks[0]["text"]
    assert "evidence, not instructions" in data and "Dr. Lisa Reed" in data
    assert "biBERK" in data and '"voice": "formal"' in data
    [usage] = result.usage_steps()
    assert (usage.input_tokens, usage.output_tokens, usage.cache_read_tokens) == (900, 180, 2400)
    [run] = AuditLog(tmp_path).read(run_day(tmp_path))
    assert (run.agent, run.brain, run.outcome, run.request_id) == (
        "followup",
        "claude",
        "drafted",
        "req-1",
    )
    assert run.totals.input == 900


def run_day(audit_dir: Path) -> date:
    [path] = (audit_dir / "audit").glob("*.jsonl")
    return date.fromisoformat(path.stem)


@pytest.mark.anyio
async def test_a_draft_failing_the_checks_goes_back_once_with_the_problems(
    fake: FakeAnthropic, demo_root: MemoryRoot, skills_dir: Path, tmp_path: Path
) -> None:
    nameless = GOOD_BODY.replace("Dear Dr. Reed", "Dear Sir or Madam")
    fake.reset(drafted(body=nameless, subject=None), drafted())
    drafter = make(fake, skills_dir, tmp_path)
    try:
        result = await drafter.draft(await maple(demo_root, skills_dir))
    finally:
        await drafter.aclose()
    assert result.draft.body == GOOD_BODY and len(fake.requests) == 2
    [retry] = fake.requests[1].last_blocks
    assert retry["type"] == "tool_result" and retry["is_error"] is True
    assert "name the contact" in retry["content"] and "subject" in retry["content"]
    assert [s.ok for s in result.usage_steps()] == [False, True]


@pytest.mark.anyio
async def test_when_claude_stays_wrong_or_is_down_the_local_engine_writes_it(
    fake: FakeAnthropic, demo_root: MemoryRoot, skills_dir: Path, tmp_path: Path
) -> None:
    data = await maple(demo_root, skills_dir)
    fake.reset(drafted(channel="sms", subject=None), drafted(channel="sms", subject=None))
    drafter = make(fake, skills_dir, tmp_path)
    wrong = await drafter.draft(data)
    fake.reset(Fail(status=529, error_type="overloaded_error"), Fail(status=529))
    down = await drafter.draft(data)
    await drafter.aclose()
    for result in (wrong, down):
        assert result.draft.channel == "email" and result.draft.body.startswith("Dear Dr. Reed")
        assert "local engine" in result.draft.rationale
    assert "checks" in wrong.draft.rationale and "unavailable" in down.draft.rationale


@pytest.mark.anyio
async def test_a_refused_key_is_a_settings_error(
    fake: FakeAnthropic, demo_root: MemoryRoot, skills_dir: Path, tmp_path: Path
) -> None:
    drafter = make(fake, skills_dir, tmp_path, key="sk-wrong")  # the fake refuses this key
    try:
        with pytest.raises(ServiceFailure) as refused:
            await drafter.draft(await maple(demo_root, skills_dir))
    finally:
        await drafter.aclose()
    assert refused.value.code is ErrorCode.UNAVAILABLE
    assert refused.value.fix is not None and "ANTHROPIC_API_KEY" in refused.value.fix
