"""Steps on the wire and audit lines that cannot fail a request."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from harper_common.brain.prices import PriceTableError, cost_usd, price_table, read_price_table
from harper_common.brain.usage import AuditLog, RunAudit, StepTimer, TokenUsage, step_usage
from harper_common.messages.query import UsageReport


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


def test_a_step_and_a_run_are_priced_from_the_table_of_their_model() -> None:
    usage = TokenUsage(input=1_000, output=500, cache_read=10_000, cache_write=2_000)
    record = StepTimer.start().finish("search.answer", usage=usage)
    sonnet = price_table().price_of("claude-sonnet-4-6")
    assert sonnet is not None
    expected = (1_000 * sonnet.input + 500 * sonnet.output) / 1e6 + (
        10_000 * sonnet.cache_read + 2_000 * sonnet.cache_write
    ) / 1e6
    step = step_usage(record, service="search", brain="claude", model="claude-sonnet-4-6")
    assert step.cost_usd == pytest.approx(expected) and step.cost_usd > 0
    report = UsageReport().with_step(step).with_step(step_usage(record, service="x", brain="local"))
    assert report.cost_usd == pytest.approx(expected)  # the local step adds no cost
    run = RunAudit.of_steps(
        request_id="r", agent="search", brain="claude", model="claude-sonnet-4-6",
        outcome="answered", steps=[record],
    )  # fmt: skip
    assert run.cost_usd == pytest.approx(expected)
    assert '"cost_usd"' in run.model_dump_json()


def test_the_longest_prefix_prices_a_model_and_an_unknown_one_costs_nothing_said() -> None:
    table = read_price_table(
        '{"models": {"claude-opus-4": {"input": 15, "output": 75, "cache_write": 18.75, '
        '"cache_read": 1.5}, "claude-opus-4-5": {"input": 5, "output": 25, "cache_write": '
        '6.25, "cache_read": 0.5}}}',
        "test",
    )
    assert table.price_of("claude-opus-4-5-20251101") == table.models["claude-opus-4-5"]
    assert table.price_of("claude-opus-4-1") == table.models["claude-opus-4"]
    assert table.price_of("a-model-nobody-priced") is None
    assert cost_usd("a-model-nobody-priced", TokenUsage(input=5)) is None
    assert cost_usd(None, TokenUsage(input=5)) is None
    assert cost_usd("claude-sonnet-4-6", TokenUsage()) is None


def test_a_price_table_that_does_not_parse_is_named_with_what_is_wrong() -> None:
    with pytest.raises(PriceTableError, match=r"prices\.json.*output"):
        read_price_table('{"models": {"m": {"input": 1}}}', "prices.json")
    with pytest.raises(PriceTableError, match="my-prices"):
        read_price_table("{not json", "my-prices")
