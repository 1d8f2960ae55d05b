"""Throughput of 1 and 3 search replicas, side by side (issue 18: scaling proof).

Run: ``.venv/bin/python tests/bench/bench_replicas.py [--accounts 300] [--n 240]
[--concurrency 12] [--json reports/replicas.json]`` (``make bench`` runs it). Starts a whole
Harper on a demo book (NATS, Redis, six services as processes), then for 1 and then 3 search
processes (two more started beside the first, in its queue group) sends the same kind of load
two ways: straight to the search agent over the bus (``endpoints.SEARCH_ASK``, the agent's own
capacity) and through HTTP ``/query`` (gateway, starter, indexer and search: what a broker sees).
Each replica's share comes from ``harper status``'s per-replica request counts. Measuring starts
once the indexer's background passage fill is over. On a machine
with fewer cores than busy processes, more replicas cannot add throughput: the figures say so.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import nats
from bench_query import LoadResult, post_load, stage_questions
from harness import Harper, api_headers, start_harper, use_key_of

from harper_cli.status_command import gather_status
from harper_common.bus.client import BusError, decode_reply
from harper_common.messages.endpoints import INDEX_STATUS, SEARCH_ASK
from harper_common.messages.index import IndexStatus
from harper_common.messages.query import AgentRequest, IntentInfo

ROOT = Path(__file__).resolve().parents[2]


async def search_counts(url: str) -> dict[str, int]:
    """Requests answered so far by each search replica (by instance), from harper status."""
    connection = await nats.connect(url)
    try:
        replies = await gather_status(connection, wait_s=0.5)
    finally:
        await connection.close()
    return {r.instance: r.requests for r in replies if r.service == "search"}


async def passages_filled(url: str) -> bool:
    """True once the indexer's background passage fill is over (it competes for the cores)."""
    connection = await nats.connect(url)
    try:
        reply = await connection.request(
            INDEX_STATUS.subject, INDEX_STATUS.request().model_dump_json().encode(), timeout=10
        )
    finally:
        await connection.close()
    status: IndexStatus = decode_reply(INDEX_STATUS.subject, reply.data, INDEX_STATUS.reply)
    return "embedded in" in status.passages


def wait_for_passages(harper: Harper, timeout_s: float = 600.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not asyncio.run(passages_filled(harper.settings.nats_url)):
        if time.monotonic() > deadline:
            raise SystemExit(f"the indexer's passages were not filled within {timeout_s} s")
        time.sleep(1.0)  # a poll of the indexer's state, not a synchronisation


def wait_for_search_replicas(harper: Harper, count: int, timeout_s: float = 120.0) -> None:
    deadline = time.monotonic() + timeout_s
    while len(asyncio.run(search_counts(harper.settings.nats_url))) != count:
        if time.monotonic() > deadline:
            raise SystemExit(f"{count} search replicas did not all answer within {timeout_s} s")


async def bus_load(url: str, questions: list[str], concurrency: int) -> LoadResult:
    """Each question straight to the search agent, at most ``concurrency`` in flight."""
    connection = await nats.connect(url)
    gate = asyncio.Semaphore(concurrency)
    latencies: list[float] = []
    outcomes: Counter[str] = Counter()

    async def one(question: str) -> None:
        request = AgentRequest(
            request_id=uuid.uuid4().hex,
            query=question,
            intent=IntentInfo(intent="search", confidence=1.0, rule="bench"),
            watched=False,
        )
        async with gate:
            started = time.perf_counter()
            try:
                reply = await connection.request(
                    SEARCH_ASK.subject, request.model_dump_json().encode(), timeout=60
                )
                decode_reply(SEARCH_ASK.subject, reply.data, SEARCH_ASK.reply)
                outcomes["ok"] += 1
            except (BusError, TimeoutError, nats.errors.Error) as exc:
                outcomes[type(exc).__name__] += 1
            latencies.append((time.perf_counter() - started) * 1000)

    try:
        started = time.perf_counter()
        await asyncio.gather(*(one(q) for q in questions))
        seconds = time.perf_counter() - started
    finally:
        await connection.close()
    return LoadResult(concurrency, latencies, seconds, outcomes)


def measure(harper: Harper, questions: list[str], n: int, concurrency: int) -> dict[str, Any]:
    url = harper.settings.nats_url
    before = asyncio.run(search_counts(url))
    bus = asyncio.run(bus_load(url, questions[:n], concurrency))
    with httpx.Client(base_url=harper.base_url, timeout=30, headers=api_headers()) as client:
        client.post("/cache/clear")
    http = asyncio.run(
        post_load(harper.base_url, "/query", [{"query": q} for q in questions[n : 2 * n]],
                  concurrency)
    )  # fmt: skip
    after = asyncio.run(search_counts(url))
    shares = {i: after[i] - before.get(i, 0) for i in sorted(after)}
    return {"bus_search_ask": bus.figures(), "http_query": http.figures(), "served_by": shares}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--accounts", type=int, default=300)
    parser.add_argument("--n", type=int, default=240, help="requests per way and level")
    parser.add_argument("--concurrency", type=int, default=12)
    parser.add_argument("--json", type=Path, default=ROOT / "reports" / "replicas.json")
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="harper-bench-replicas-"))
    harper = start_harper(base, accounts=args.accounts, otel_exporter="none",
                          healthy_timeout_s=240, rate_limit_per_min=0)  # fmt: skip
    use_key_of(harper)
    wait_for_passages(harper)  # else the first level shares the cores with the fill
    questions = stage_questions(base / "mem")
    questions = (questions * (4 * args.n // len(questions) + 1))[: 4 * args.n]
    results: dict[str, Any] = {}
    try:
        for level, chunk in ((1, 0), (3, 1)):
            while len(harper.services["search"]) < level:
                harper.start_service("search")
            wait_for_search_replicas(harper, level)
            warm = questions[-10 * level :]  # each new process's first requests are cold
            asyncio.run(bus_load(harper.settings.nats_url, warm, level))
            picked = questions[chunk * 2 * args.n : (chunk + 1) * 2 * args.n]
            results[str(level)] = measure(harper, picked, args.n, args.concurrency)
    finally:
        harper.stop()
    report = {
        "accounts": args.accounts,
        "n": args.n,
        "concurrency": args.concurrency,
        "cores": os.cpu_count(),
        "load_average_1min": os.getloadavg()[0],
        "replicas": results,
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=2) + "\n")
    print(f"\nsearch replicas, {args.accounts} accounts, {args.n} requests per row, "
          f"concurrency {args.concurrency}, {os.cpu_count()} cores")  # fmt: skip
    print(f"{'way':<22} {'replicas':>8} {'per s':>7} {'p50 ms':>8} {'p95 ms':>8}  outcomes / share")
    for way in ("bus_search_ask", "http_query"):
        for level, figures in results.items():
            row = figures[way]
            print(f"{way:<22} {level:>8} {row['per_second']:>7} {row['p50_ms']:>8} "
                  f"{row['p95_ms']:>8}  {row['outcomes']}")  # fmt: skip
    for level, figures in results.items():
        print(f"requests served per search replica with {level}: "
              f"{list(figures['served_by'].values())}")  # fmt: skip
    print(f"written {args.json}")


if __name__ == "__main__":
    main()
