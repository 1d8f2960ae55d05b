"""Scenario c: kill -9 of nats-server, then of redis-server, under a load of questions; each is
started again at once (what ``harper up``'s supervisor does; the harness has none) and nothing
else is touched: the stack is whole again (``/health`` 200) within 30 s, and meanwhile every
failed question got a clear error (503 or 504 with a message), none a bare 500 or a hang.

Negative control: ``HARPER_RELIABILITY_NEGATIVE=restart`` does not start the server again (no
supervision): /health stays 503 and the test fails."""

from __future__ import annotations

import time

import httpx
import pytest
from fault_mode import negative
from fault_report import Report
from faults import account_ids, kill9
from harness import Harper
from load import Outcome, QuestionLoad
from test_updater_kills import name_of

SCENARIO = "c. NATS / Redis kill -9 under load"
WHOLE_WITHIN_S = 30.0


def whole_again_after(harper: Harper, since: float, timeout_s: float) -> float | None:
    while time.monotonic() - since < timeout_s:
        try:
            if httpx.get(f"{harper.base_url}/health", timeout=5).status_code == 200:
                return time.monotonic() - since
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    return None


def asked_after(load: QuestionLoad, moment: float) -> list[Outcome]:
    return [o for o in load.outcomes if o.started > moment]


@pytest.mark.parametrize("server", ["nats-server", "redis-server"])
def test_the_stack_is_whole_again_after_a_server_kill(
    stack: Harper, report: Report, server: str
) -> None:
    [process] = [p for p in stack.servers if p.name == server]
    questions = [f"what stage is {name_of(stack, a)} at" for a in account_ids(stack)[:4]]
    stack.wait_healthy(60)
    with QuestionLoad(stack, questions) as load:
        time.sleep(1.0)  # load under way before the fault (a warm-up, not a synchronisation)
        killed_at = time.monotonic()
        kill9(process)
        if not negative("restart"):
            process.start()
        whole_s = whole_again_after(stack, killed_at, WHOLE_WITHIN_S)
        whole_at = time.monotonic()
        while len(asked_after(load, whole_at)) < 3 and time.monotonic() - whole_at < 30:
            time.sleep(0.1)  # a few questions asked once whole again
    statuses = load.statuses()
    report.add(
        SCENARIO,
        f"{server}: whole again (/health 200) after",
        f"{whole_s:.1f} s" if whole_s else "not within 30 s",
    )
    report.add(
        SCENARIO,
        f"{server}: questions asked / answered 200",
        f"{len(load.outcomes)} / {statuses[200]}",
    )
    report.add(
        SCENARIO,
        f"{server}: errors by status",
        ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items()) if s != 200) or "none",
    )
    report.add(
        SCENARIO, f"{server}: unclear errors (not 503/504 with a message)", len(load.unclear())
    )
    report.add(
        SCENARIO, f"{server}: slowest reply", f"{max(o.seconds for o in load.outcomes):.1f} s"
    )
    assert whole_s is not None, f"/health not 200 within {WHOLE_WITHIN_S:g} s of the kill"
    assert load.unclear() == []
    after = asked_after(load, whole_at)
    assert after and all(o.status == 200 for o in after), after
