"""Update benchmark: writes per second through the real updater (NATS, JetStream, the indexer).

Run: ``.venv/bin/python tests/bench/bench_updates.py [--accounts 200] [--n 200] [--replicas 1]``
Starts a whole Harper on free loopback ports (as the integration tests do), then sends ``--n``
concurrent update requests straight to ``harper.updater.apply``: once spread over distinct
accounts, once all to one account (serialised by the account lock). Each request is a full
write: state.md + history.md + outbox record (fsynced), the JetStream publish, and the wait for
the indexer's confirmation. Prints updates/s and p50/p95 latency. No assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import nats

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "integration"))

from harness import start_harper  # noqa: E402

from harper_common.messages.query import AccountRef, AgentRequest, IntentInfo  # noqa: E402
from harper_common.messages.subjects import UPDATER_APPLY  # noqa: E402

INTENT = IntentInfo(intent="update", confidence=1.0)


async def burst(url: str, accounts: list[str], n: int) -> tuple[float, list[float], int]:
    connection = await nats.connect(url)

    async def one(i: int) -> tuple[float, bool]:
        account = AccountRef(account_id=accounts[i % len(accounts)], account_name="bench")
        request = AgentRequest(
            request_id=f"bench{i}", query=f"add a note: bench {i}", intent=INTENT, account=account
        )
        started = time.perf_counter()
        reply = await connection.request(
            UPDATER_APPLY, request.model_dump_json().encode(), timeout=300
        )
        ok = json.loads(reply.data).get("type") == "success"
        return (time.perf_counter() - started) * 1000, ok

    try:
        started = time.perf_counter()
        results = await asyncio.gather(*(one(i) for i in range(n)))
        elapsed = time.perf_counter() - started
    finally:
        await connection.drain()
    return elapsed, [ms for ms, _ in results], sum(1 for _, ok in results if not ok)


def report(label: str, n: int, elapsed: float, latencies: list[float], failed: int) -> None:
    ordered = sorted(latencies)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    print(
        f"{label}: {n / elapsed:.1f} updates/s ({n} in {elapsed:.2f} s), "
        f"latency p50 {statistics.median(ordered):.0f} ms, p95 {p95:.0f} ms, failed {failed}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--accounts", type=int, default=200)
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--replicas", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as base:
        harper = start_harper(Path(base), accounts=args.accounts, otel_exporter="none")
        try:
            for _ in range(args.replicas - 1):
                harper.start_service("updater")
            time.sleep(3 if args.replicas > 1 else 0)
            ids = sorted(
                p.name
                for p in (harper.settings.mem_root / "accounts").iterdir()
                if p.name.isdigit()
            )
            url = harper.settings.nats_url
            print(f"updater replicas: {args.replicas}, accounts: {len(ids)}")
            report("distinct accounts", args.n, *asyncio.run(burst(url, ids, args.n)))
            report("one account", args.n, *asyncio.run(burst(url, ids[:1], args.n)))
        finally:
            harper.stop()


if __name__ == "__main__":
    main()
