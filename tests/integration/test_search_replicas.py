"""Scaling out for real: three search replicas in one queue group each serve a share of a
concurrent load, and `harper status` sees every replica of every service (a real Harper)."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import nats
import pytest
from harness import Harper
from test_search import truth_of

from harper_cli.status_command import gather_status
from harper_common.messages.status import ReplicaStatus
from harper_common.messages.subjects import SERVICES
from harper_common.servers.processes import ManagedProcess


def replicas_now(harper: Harper) -> list[ReplicaStatus]:
    async def ask() -> list[ReplicaStatus]:
        connection = await nats.connect(harper.settings.nats_url)
        try:
            return await gather_status(connection, wait_s=0.5)
        finally:
            await connection.close()

    return asyncio.run(ask())


def search_replicas(harper: Harper, count: int, timeout_s: float = 90.0) -> list[ReplicaStatus]:
    """Wait until ``count`` search replicas answer (each subscribed, so each takes requests)."""
    deadline = time.monotonic() + timeout_s
    while True:
        found = [r for r in replicas_now(harper) if r.service == "search"]
        if len(found) == count:
            return found
        for process in harper.services["search"]:
            assert process.running, process.log_tail()
        assert time.monotonic() < deadline, f"{len(found)} of {count} search replicas answer"


@pytest.fixture
def three_search_replicas(harper: Harper) -> Iterator[list[ManagedProcess]]:
    extra = [harper.start_service("search") for _ in range(2)]
    try:
        yield extra
    finally:
        for process in extra:
            process.stop()
            harper.services["search"].remove(process)


def test_harper_status_sees_every_service(harper: Harper) -> None:
    env = {
        **os.environ,
        "NATS_URL": harper.settings.nats_url,
        "HARPER_PORT": str(harper.settings.port),
        "HARPER_DATA_DIR": str(harper.settings.data_dir),
        "COLUMNS": "200",
    }
    done = subprocess.run(
        [sys.executable, "-m", "harper_cli", "status"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {line.split("│")[1].strip(): line for line in done.stdout.splitlines() if "│" in line}
    for name in SERVICES:
        assert rows[name].split("│")[2].strip() == "1", rows[name]
    lag = rows["indexer"].split("│")[6].strip()
    assert lag.isdigit(), rows["indexer"]  # the indexer's consumer lag, a number
    # the count, whatever the session's other tests left (test_dead_letters plants one)
    assert re.search(r"dead letters: \d+", rows["indexer"]), rows["indexer"]


def test_three_search_replicas_each_serve_a_share(
    harper: Harper, client: httpx.Client, three_search_replicas: list[ManagedProcess]
) -> None:
    before = {r.instance: r.requests for r in search_replicas(harper, 3)}
    names = [account.name for account in truth_of(harper).accounts]
    questions = [f"what stage is {name} in" for name in names][:60]

    def ask(question: str) -> int:
        return client.post("/query", json={"query": question}).status_code

    with ThreadPoolExecutor(max_workers=6) as pool:
        statuses = list(pool.map(ask, questions))
    assert statuses == [200] * len(questions)
    after = {r.instance: r.requests for r in search_replicas(harper, 3)}
    served = {instance: after[instance] - before.get(instance, 0) for instance in after}
    assert len(served) == 3 and all(count > 0 for count in served.values()), served
    assert sum(served.values()) >= len(questions), served
