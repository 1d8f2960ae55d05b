"""Steps on the wire and audit lines that cannot fail a request."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from harper_common.brain.usage import AuditLog, RunAudit, StepTimer, TokenUsage, step_usage


def test_a_step_carries_its_tokens_and_duration_onto_the_wire() -> None:
    usage = TokenUsage(input=120, output=30, cache_read=900, cache_write=40)
    record = StepTimer.start().finish("search.answer", usage=usage, ok=False, detail="flagged")
    step = step_usage(record, service="search", brain="claude")
    assert (step.service, step.step, step.brain, step.ok, step.detail) == (
        "search", "search.answer", "claude", False, "flagged",
    )  # fmt: skip
    assert (step.input_tokens, step.output_tokens) == (120, 30)
    assert (step.cache_read_tokens, step.cache_write_tokens) == (900, 40)
    assert step.duration_ms == record.duration_ms


@pytest.mark.anyio
async def test_an_unwritable_audit_folder_is_logged_not_raised(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "audit").write_text("a file where the folder should be")
    record = StepTimer.start().finish("updater.plan")
    run = RunAudit(
        run_id="r1",
        request_id="req-7",
        agent="updater",
        brain="local",
        started_at=record.started_at,
        ended_at=record.ended_at,
        outcome="applied",
        steps=[record],
    )
    with caplog.at_level(logging.WARNING):
        await AuditLog(tmp_path).keep(run)
    assert "req-7" in caplog.text
    with pytest.raises(OSError):
        await AuditLog(tmp_path).awrite(run)
