"""Scenario d: the indexer killed just before and just after it upserts an account event; once
it is started again the index equals the files (``harper.index.verify``, as ``harper reindex
--verify`` asks), the event applied from its redelivery.

Negative control: ``HARPER_RELIABILITY_NEGATIVE=restart`` leaves the killed indexer down (no
supervisor): the index then stays behind the files and the test fails."""

from __future__ import annotations

import asyncio
import time

import nats
import pytest
from fault_mode import negative
from fault_report import Report
from faults import account_ids, restart
from harness import Harper
from test_indexer_events import publish, rename, wait_indexed

from harper_common.messages.index import IndexVerifyReply, IndexVerifyRequest
from harper_common.messages.subjects import INDEX_VERIFY
from harper_indexer.crash_points import CRASH_ENV, CRASH_EXIT_CODE

SCENARIO = "d. indexer killed around an upsert"


async def verify(harper: Harper) -> IndexVerifyReply:
    connection = await nats.connect(harper.settings.nats_url)
    try:
        request = IndexVerifyRequest().model_dump_json().encode()
        reply = await connection.request(INDEX_VERIFY, request, timeout=30)
        return IndexVerifyReply.model_validate_json(reply.data)
    finally:
        await connection.drain()


def wait_exit(harper: Harper, timeout_s: float = 30) -> int | None:
    [indexer] = harper.services["indexer"]
    assert indexer.process is not None
    deadline = time.monotonic() + timeout_s
    while indexer.running and time.monotonic() < deadline:
        time.sleep(0.05)
    return indexer.process.poll()


@pytest.mark.parametrize("point", ["before-upsert", "after-upsert"])
def test_the_index_equals_the_files_after_a_kill(
    stack: Harper, report: Report, point: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    account = account_ids(stack)[-1 if point == "before-upsert" else -2]
    stack.stop_service("indexer")
    monkeypatch.setenv(CRASH_ENV, f"{point}:{account}")
    stack.start_service("indexer")
    monkeypatch.delenv(CRASH_ENV)
    stack.wait_healthy()
    event = rename(stack, account, f"Crash Probe {point.title()} Holdings")
    assert asyncio.run(publish(stack, event)) == 1
    assert wait_exit(stack) == CRASH_EXIT_CODE  # it died at the point, before acknowledging

    started = time.monotonic()
    [indexer] = stack.services["indexer"]
    assert indexer.env is not None
    indexer.env.pop(CRASH_ENV, None)
    if not negative("restart"):
        restart(stack, indexer, "indexer")
    applied = asyncio.run(wait_indexed(stack, account, event.version))
    checked = asyncio.run(verify(stack))
    report.add(SCENARIO, f"{point}: event applied after the restart", applied.applied)
    report.add(SCENARIO, f"{point}: back in step in", f"{time.monotonic() - started:.1f} s")
    report.add(
        SCENARIO,
        f"{point}: index vs files",
        f"{checked.total} differences over {checked.checked} accounts",
    )
    assert applied.applied and event.version > 0
    assert checked.differences == [], checked.differences
