"""Scenario a: kill -9 of an updater replica during bursts of updates sent with
Idempotency-Keys, then every key retried: each update is applied exactly once (one history entry
per key) and every chain stays valid.

Negative control: ``HARPER_RELIABILITY_NEGATIVE=idempotency`` retries without the key (the
safeguard off); updates that were applied before the kill are then applied twice and the test
fails."""

from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor

import httpx
from fault_mode import negative, sized
from fault_report import Report
from faults import account_ids, entries_with_key, kill9, premiums_set, restart, start_replica
from harness import Harper

from harper_common.memory.check import check_memory
from harper_common.memory.files import read_history, read_state
from harper_common.memory.history import verify_chain

SCENARIO = "a. kill -9 updater in bursts"
KILLS = sized(2, 50)
"""kill -9s of an updater replica, one per burst of keyed updates (issue 17 asks 50)."""
RETRY_WINDOW_S = 90.0


def name_of(harper: Harper, account_id: str) -> str:
    return read_state(harper.settings.mem_root / "accounts" / account_id / "state.md").name


def send(harper: Harper, key: str | None, query: str) -> int:
    headers = dict(harper.headers)
    if key is not None:
        headers["Idempotency-Key"] = key
    try:
        response = httpx.post(
            f"{harper.base_url}/query", json={"query": query}, headers=headers, timeout=20
        )
    except httpx.HTTPError:
        return 0  # the connection dropped: outcome unknown to this client
    return response.status_code


def until_answered(harper: Harper, key: str, query: str) -> int:
    """Retry with the same key until an answer (409 means the first attempt still runs)."""
    deadline = time.monotonic() + RETRY_WINDOW_S
    while True:
        status = send(harper, None if negative("idempotency") else key, query)
        if status == 200 or time.monotonic() > deadline:
            return status
        time.sleep(0.3)


def wait_first_write(
    harper: Harper, accounts: list[str], keys: list[str], batch: list[Future[int]]
) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        finished = all(future.done() for future in batch)  # before the files are read
        written = set()
        for account in accounts:
            written |= set(entries_with_key(harper, account))
        if written & set(keys):
            return
        if finished:
            statuses = [future.result() for future in batch]
            raise AssertionError(f"none of {keys} was written; the burst answered {statuses}")
        time.sleep(0.02)
    raise AssertionError(f"none of {keys} was written within 20 s")


def test_each_update_applied_once_across_updater_kills(stack: Harper, report: Report) -> None:
    rounds, burst = KILLS, sized(4, 6)
    accounts = account_ids(stack)[:3]
    names = {a: name_of(stack, a) for a in accounts}
    replicas = [stack.services["updater"][0], start_replica(stack, "updater")]
    updates: dict[str, tuple[str, str]] = {}  # key -> (account, query)
    premiums: dict[str, int] = {}  # key -> the premium its update sets (each its own)
    first_statuses: list[int] = []
    # the update path answers before the faults start: a service an earlier test stopped may
    # still be known stopped for a few seconds (liveness), refusing a whole burst at once
    warm_up = f"Mark {names[accounts[0]]} premium $9,999"
    assert until_answered(stack, "kill-warm-up", warm_up) == 200
    earlier: Counter[int] = Counter()  # premiums the history set before this test
    for account in accounts:
        earlier.update(premiums_set(stack, account))
    started = time.monotonic()
    with ThreadPoolExecutor(burst) as pool:
        for round_ in range(rounds):
            batch = []
            for n in range(burst):
                account = accounts[n % len(accounts)]
                key = f"kill-{round_}-{n}"
                premium = 10_000 + round_ * 100 + n
                updates[key] = (account, f"Mark {names[account]} premium ${premium:,}")
                premiums[key] = premium
                batch.append(pool.submit(send, stack, key, updates[key][1]))
            wait_first_write(stack, accounts, [f"kill-{round_}-{n}" for n in range(burst)], batch)
            victim = replicas[round_ % len(replicas)]
            kill9(victim)  # mid-burst: one of its writes is on disk, others are under way
            first_statuses += [future.result() for future in batch]
            restart(stack, victim, "updater")
    burst_s = time.monotonic() - started

    retried = {key: until_answered(stack, key, query) for key, (_, query) in updates.items()}
    applied: dict[str, int] = {}
    set_premiums: Counter[int] = Counter()
    for account in accounts:
        applied.update(entries_with_key(stack, account))
        set_premiums.update(premiums_set(stack, account))
    counts = {key: applied.get(key, 0) for key in updates}
    by_text = {key: set_premiums[premiums[key]] - earlier[premiums[key]] for key in updates}
    broken = {
        account: verify_chain(
            read_history(stack.settings.mem_root / "accounts" / account / "history.md")
        )
        for account in accounts
    }
    memory = check_memory(stack.settings.mem_root)

    report.add(SCENARIO, "kill -9 of an updater replica", f"{rounds} (bursts of {burst} updates)")
    report.add(
        SCENARIO, "first attempts answered 200", f"{first_statuses.count(200)} of {len(updates)}"
    )
    report.add(
        SCENARIO,
        "keys retried, answered 200",
        f"{list(retried.values()).count(200)} of {len(updates)}",
    )
    report.add(
        SCENARIO, "keys applied exactly once", f"{list(counts.values()).count(1)} of {len(updates)}"
    )
    report.add(
        SCENARIO,
        "updates whose premium exactly one entry sets",
        f"{list(by_text.values()).count(1)} of {len(updates)}",
    )
    report.add(
        SCENARIO,
        "chain breaks / check-memory errors",
        f"{sum(map(len, broken.values()))} / {len(memory.errors)}",
    )
    report.add(SCENARIO, "bursts with kills took", f"{burst_s:.1f} s")
    assert all(status == 200 for status in retried.values()), retried
    assert {key: n for key, n in counts.items() if n != 1} == {}
    assert {key: n for key, n in by_text.items() if n != 1} == {}  # also when retried unkeyed
    assert all(not breaks for breaks in broken.values()), broken
    assert memory.ok, [p.describe() for p in memory.problems]
