"""Scenario b: SIGSTOP of each agent in turn while questions keep coming, SIGCONT after.

With the updater or the follow-up agent stopped, read-only questions are answered within 3 s.
With the only starter, search agent or indexer stopped they cannot be answered: each gets a
clear 503 or 504 naming the stopped service within a few seconds (the caller next to it finds
it does not answer its health probe; ``harper_common.bus.liveness``), long before the request
timeout; /health names it too; once it runs again questions are answered again at once.

The starter keeps the indexer's answers for names it has looked up (its look-up cache), so with
the indexer stopped a question about an account asked before may still be answered; one that
names an account in a spelling never looked up may need it, and then fails clearly (a part of
the name looked up before may be enough to resolve it)."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from fault_mode import sized
from fault_report import Report
from faults import account_ids, stopped
from harness import Harper
from load import Outcome, ask
from test_updater_kills import name_of

SCENARIO = "b. SIGSTOP of each agent"
NOT_NEEDED_TO_READ = ("updater", "followup")
READ_WITHIN_S = 3.0
FAILED_WITHIN_S = 3.5
"""A question that needs the stopped service fails this soon (a check after 1 s, a 1.5 s probe)."""
ANSWERED_AGAIN_WITHIN_S = 5.0
CACHED_LOOKUPS = ("indexer",)
"""Stopped services some questions may get by without (the starter's look-up cache)."""


def health_of(harper: Harper, service: str) -> tuple[int, bool]:
    response = httpx.get(f"{harper.base_url}/health", timeout=10)
    return response.status_code, bool(response.json()["services"][service]["ok"])


def answered_again(client: httpx.Client, question: str, timeout_s: float = 40) -> float:
    """Seconds from SIGCONT to the first question answered, asking again as each one fails
    (a question refused at once while the service is still known stopped starts the probe
    that finds it running)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout_s:
        if ask(client, question).status == 200:
            return time.monotonic() - started
    raise AssertionError(f"not answered again within {timeout_s:g} s of SIGCONT")


def clear_and_named(outcome: Outcome, agent: str) -> bool:
    """A 503 or 504 whose body names the stopped service, in its message and its ``service``."""
    return outcome.status in (503, 504) and outcome.service == agent and agent in outcome.message


@pytest.mark.parametrize("agent", ["updater", "followup", "starter", "search", "indexer"])
def test_questions_while_an_agent_is_stopped(stack: Harper, report: Report, agent: str) -> None:
    names = [name_of(stack, a) for a in account_ids(stack)[:4]]
    questions = [f"what stage is {names[n % len(names)]} at" for n in range(sized(3, 12))]
    if agent in CACHED_LOOKUPS:  # each name misspelt as no question before it: not cached
        questions += [f"what stage is {name}{name[-1]} at" for name in names]
    unseen = {q for q in questions if not any(f" {name} at" in q for name in names)}
    client = stack.client()
    assert ask(client, questions[0]).status == 200  # the answer path works before the fault
    [process, *_] = stack.services[agent]
    with stopped(process):
        with ThreadPoolExecutor(len(questions)) as pool:  # at once: none waits behind another
            outcomes = list(pool.map(lambda question: ask(client, question), questions))
        later = ask(client, questions[-1])  # once it is known stopped
        health_status, agent_ok = health_of(stack, agent)
    recovery_s = answered_again(client, questions[0])
    client.close()

    ok = [o for o in outcomes if o.status == 200]
    slowest = max(o.seconds for o in outcomes)
    errors = sorted({f"{o.status} {o.message[:60]}" for o in outcomes if o.status != 200})
    report.add(SCENARIO, f"{agent} stopped: answered", f"{len(ok)} of {len(outcomes)}")
    report.add(SCENARIO, f"{agent} stopped: slowest reply", f"{slowest:.2f} s")
    report.add(SCENARIO, f"{agent} stopped: errors", ", ".join(errors) or "none")
    report.add(
        SCENARIO, f"{agent} stopped: a later question", f"{later.status}, {later.seconds:.2f} s"
    )
    report.add(SCENARIO, f"{agent} stopped: /health", f"{health_status}, {agent} ok={agent_ok}")
    report.add(SCENARIO, f"{agent} continued: answered again after", f"{recovery_s:.1f} s")
    assert (health_status, agent_ok) == (503, False)
    if agent in NOT_NEEDED_TO_READ:
        assert len(ok) == len(outcomes) and later.status == 200, (outcomes, later)
        assert max(slowest, later.seconds) < READ_WITHIN_S, (outcomes, later)
    elif agent in CACHED_LOOKUPS:
        asked = dict(zip(questions, outcomes, strict=True))
        needing = [asked[q] for q in questions if q in unseen] + [later]
        assert any(clear_and_named(o, agent) for o in needing), (outcomes, later)
        assert all(o.status == 200 or clear_and_named(o, agent) for o in needing), needing
        assert all(o.status == 200 or clear_and_named(o, agent) for o in outcomes), outcomes
        assert max(slowest, later.seconds) < FAILED_WITHIN_S, (outcomes, later)
    else:
        assert all(clear_and_named(o, agent) for o in [*outcomes, later]), (outcomes, later)
        assert max(slowest, later.seconds) < FAILED_WITHIN_S, (outcomes, later)
    assert recovery_s < ANSWERED_AGAIN_WITHIN_S
