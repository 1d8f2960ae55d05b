"""Pending-scan benchmark: ``GET /followup/pending`` against a real Harper with many accounts.

Run: ``.venv/bin/python tests/bench/bench_pending.py [--accounts 10000] [--n 20]``
Starts a whole Harper on free loopback ports (as the integration tests do: NATS, Redis, SMTP sink,
six services), waits until every account is indexed, then prints the first scan's time and
p50/p95 of the pending scan over HTTP (gateway -> followup, whose payload cache the indexer's
payloads fill in chunks) and over the bus alone, with the number of due accounts; then the rules
alone over the same 10,000 payloads in this process. No assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "integration"))

from harness import api_headers, start_harper, use_key_of  # noqa: E402

from harper_common.bus.broker import make_broker  # noqa: E402
from harper_common.bus.client import BusClient  # noqa: E402
from harper_common.memory import MemoryRoot, read_state  # noqa: E402
from harper_common.messages import subjects  # noqa: E402
from harper_common.messages.followup import (  # noqa: E402
    FollowupPendingReply,
    FollowupPendingRequest,
    PendingFilters,
)
from harper_common.messages.index import AccountPayload  # noqa: E402
from harper_common.settings import HarperSettings  # noqa: E402
from harper_followup.rules import load_rules  # noqa: E402
from harper_followup.scan import PendingScanner  # noqa: E402

SKILLS = Path(__file__).resolve().parents[2] / "skills"


class Payloads:
    """The payloads the indexer holds, already in this process: the scan's own cost."""

    def __init__(self, root: MemoryRoot) -> None:
        self.all = [
            AccountPayload(
                account_id=state.account_id,
                account_name=state.name,
                stage=state.stage.value,
                next_step=state.next_step,
                pending_actions=list(state.pending_actions or []),
                last_contact=state.last_contact,
            )
            for state in (read_state(root.state_path(i)) for i in root.account_ids())
        ]

    async def payloads(self, stages: Sequence[str]) -> list[AccountPayload]:
        return [p for p in self.all if p.stage in stages]


async def in_process(root: MemoryRoot, n: int) -> list[float]:
    scanner = PendingScanner(load_rules(SKILLS), Payloads(root))
    now = datetime(2026, 11, 22, 12, tzinfo=UTC)
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        await scanner.scan(PendingFilters(), now.date(), now)
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def report(label: str, samples: list[float]) -> None:
    ordered = sorted(samples)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    print(f"{label}: p50 {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms (n={len(ordered)})")


def over_http(base_url: str, n: int) -> tuple[list[float], int]:
    samples, total = [], 0
    with httpx.Client(base_url=base_url, timeout=60, headers=api_headers()) as client:
        started = time.perf_counter()
        client.get("/followup/pending", params={"today": "2026-11-22"}).raise_for_status()
        cold = (time.perf_counter() - started) * 1000
        print(f"first GET /followup/pending after start-up: {cold:.0f} ms")
        for _ in range(n):
            started = time.perf_counter()
            response = client.get("/followup/pending", params={"today": "2026-11-22"})
            samples.append((time.perf_counter() - started) * 1000)
            response.raise_for_status()
            total = response.json()["total"]
    return samples, total


async def over_bus(settings: HarperSettings, n: int) -> list[float]:
    broker = make_broker(settings, "bench")
    await broker.connect()
    bus = BusClient(broker, timeout_s=60)
    samples = []
    try:
        for number in range(n):
            request = FollowupPendingRequest(request_id=f"bench-{number}")
            started = time.perf_counter()
            await bus.request(subjects.FOLLOWUP_PENDING, request, FollowupPendingReply)
            samples.append((time.perf_counter() - started) * 1000)
    finally:
        await broker.stop()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--accounts", type=int, default=10_000)
    parser.add_argument("--n", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        harper = start_harper(
            Path(folder), accounts=args.accounts, otel_exporter="none", healthy_timeout_s=1800
        )
        use_key_of(harper)
        try:
            print(
                f"{args.accounts} accounts up and indexed in {time.perf_counter() - started:.0f} s"
            )
            samples, due = over_http(harper.base_url, args.n)
            report(f"GET /followup/pending, {args.accounts} accounts, {due} due", samples)
            report("FOLLOWUP_PENDING over the bus", asyncio.run(over_bus(harper.settings, args.n)))
        finally:
            harper.stop()
        root = MemoryRoot(Path(folder) / "mem")
        report("rules over the payloads, in process", asyncio.run(in_process(root, args.n)))


if __name__ == "__main__":
    main()
