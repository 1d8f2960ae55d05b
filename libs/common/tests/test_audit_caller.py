"""The audit line of a run names who asked: the caller of the request being handled."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from pydantic import BaseModel

from harper_common.auth.asking import asking
from harper_common.brain.usage import AuditLog, RunAudit
from harper_common.bus.routes import answer
from harper_common.messages.base import Caller, ErrorReply
from harper_common.messages.query import AgentRequest, IntentInfo

NOW = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)


def run(request_id: str) -> RunAudit:
    return RunAudit(
        run_id=f"run-{request_id}",
        request_id=request_id,
        agent="search",
        brain="local",
        started_at=NOW,
        ended_at=NOW,
        outcome="answered",
    )


@pytest.mark.anyio
async def test_a_run_handled_for_a_request_names_its_caller(tmp_path: Path) -> None:
    audit = AuditLog(tmp_path)

    async def handler(request: AgentRequest) -> BaseModel:
        await audit.keep(run(request.request_id))
        return request.intent

    intent = IntentInfo(intent="search", confidence=1.0)
    asked = AgentRequest(
        request_id="r1", query="q", intent=intent, caller=Caller(name="nadia", role="broker")
    )
    reply = await answer(asked.model_dump_json().encode(), "search", AgentRequest, handler)
    assert not isinstance(reply, ErrorReply)
    anonymous = AgentRequest(request_id="r2", query="q", intent=intent)
    await answer(anonymous.model_dump_json().encode(), "search", AgentRequest, handler)
    assert asking.get() is None  # set for the handler only

    lines = {line.request_id: line for line in audit.read(NOW.date())}
    assert lines["r1"].caller == Caller(name="nadia", role="broker")
    assert lines["r2"].caller is None
