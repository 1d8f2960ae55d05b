"""Load on a running Harper through HTTP, and bus round trips, with figures returned (not printed).

Used by ``run_all.py``; run alone as ``.venv/bin/python tests/bench/bench_query.py --url URL
[--mem DIR]`` to print /query latency and throughput at concurrency 1, 8 and 32 against a Harper
that is already up (e.g. ``make up``). That Harper's per-key limit (HARPER_RATE_LIMIT_PER_MIN,
600 a minute by default) refuses the rest of a minute's load with 429 ("http 429" in the
outcomes): start it with HARPER_RATE_LIMIT_PER_MIN=0 to measure the services.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import nats
from bench_bus import timed
from bench_indexer import pct, read_states
from harness import api_headers

from harper_common.messages.index import LookupReply, LookupRequest
from harper_common.messages.subjects import INDEX_LOOKUP


@dataclass
class LoadResult:
    concurrency: int
    latencies_ms: list[float]
    seconds: float
    outcomes: Counter[str] = field(default_factory=Counter)
    steps_ms: dict[str, list[float]] = field(default_factory=dict)
    """Duration of each step the services report in the responses' ``usage``."""

    @property
    def throughput(self) -> float:
        return len(self.latencies_ms) / self.seconds if self.seconds else 0.0

    def figures(self) -> dict[str, Any]:
        return {
            "concurrency": self.concurrency,
            "n": len(self.latencies_ms),
            "p50_ms": round(pct(self.latencies_ms, 50), 2),
            "p95_ms": round(pct(self.latencies_ms, 95), 2),
            "p99_ms": round(pct(self.latencies_ms, 99), 2),
            "mean_ms": round(statistics.fmean(self.latencies_ms), 2),
            "per_second": round(self.throughput, 1),
            "outcomes": dict(self.outcomes),
            "step_p50_ms": {
                step: round(pct(values, 50), 1) for step, values in sorted(self.steps_ms.items())
            },
        }


def outcome_of(response: httpx.Response, steps: dict[str, list[float]] | None = None) -> str:
    try:
        body = response.json()
    except ValueError:
        return f"http {response.status_code}"
    kind = body.get("type") if isinstance(body, dict) else None
    if kind is None:  # not a query response: a refusal (429 over the key's limit, 401, 413)
        return f"http {response.status_code}"
    if steps is not None:
        for step in (body.get("usage") or {}).get("steps", []):
            name = f"{step.get('service')}:{step.get('step')}"
            steps.setdefault(name, []).append(float(step.get("duration_ms", 0)))
    if kind == "success":
        return f"success:{body.get('routed_to')}"
    if kind == "error":
        return f"error:{body.get('code')}"
    return str(kind)


async def post_load(
    base_url: str,
    path: str,
    bodies: Sequence[dict[str, Any]],
    concurrency: int,
) -> LoadResult:
    """Send every body, at most ``concurrency`` in flight; time each and the whole."""
    gate = asyncio.Semaphore(concurrency)
    latencies: list[float] = []
    outcomes: Counter[str] = Counter()
    steps: dict[str, list[float]] = {}
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(
        base_url=base_url, timeout=120, limits=limits, headers=api_headers()
    ) as client:

        async def one(body: dict[str, Any]) -> None:
            async with gate:
                started = time.perf_counter()
                try:
                    response = await client.post(path, json=body)
                    outcomes[outcome_of(response, steps)] += 1
                except httpx.HTTPError as exc:
                    outcomes[f"transport:{type(exc).__name__}"] += 1
                latencies.append((time.perf_counter() - started) * 1000)

        started = time.perf_counter()
        await asyncio.gather(*(one(body) for body in bodies))
        seconds = time.perf_counter() - started
    return LoadResult(concurrency, latencies, seconds, outcomes, steps)


def stage_questions(mem: Path) -> list[str]:
    """One L1 question per account (distinct texts, so the query cache does not answer)."""
    phrasings = ["what stage is {} at", "status on {}?", "where are we with {}"]
    states = read_states(mem)
    return [phrasings[i % 3].format(s.name) for i, s in enumerate(states)]


async def query_levels(
    base_url: str, questions: Sequence[str], levels: Sequence[tuple[int, int]]
) -> list[LoadResult]:
    """For each (concurrency, n): clear the cache, then send n distinct questions."""
    results = []
    async with httpx.AsyncClient(base_url=base_url, timeout=60, headers=api_headers()) as client:
        for question in questions[:10]:  # warm-up: connections, model, classifier
            await client.post("/query", json={"query": question})
    offset = 10
    for concurrency, n in levels:
        async with httpx.AsyncClient(
            base_url=base_url, timeout=60, headers=api_headers()
        ) as client:
            await client.post("/cache/clear")
        picked = [questions[(offset + i) % len(questions)] for i in range(n)]
        offset += n
        results.append(
            await post_load(base_url, "/query", [{"query": q} for q in picked], concurrency)
        )
    return results


async def nats_floor(url: str, n: int) -> list[float]:
    """Raw NATS request/reply to an echo responder on the same server: the floor of a hop."""
    connection = await nats.connect(url)

    async def echo(message: Any) -> None:
        await message.respond(message.data)

    await connection.subscribe("bench.echo.run_all", cb=echo)
    payload = LookupRequest(name="Maple Avenue Dental").model_dump_json().encode()
    await timed(50, lambda _: connection.request("bench.echo.run_all", payload, timeout=5))
    samples = await timed(n, lambda _: connection.request("bench.echo.run_all", payload, timeout=5))
    await connection.drain()
    return samples


async def bus_lookups(url: str, names: Sequence[str], n: int) -> list[float]:
    """Name look-ups sent to the indexer over NATS (request, handler, reply)."""
    connection = await nats.connect(url)

    async def lookup(i: int) -> None:
        body = LookupRequest(name=names[i % len(names)]).model_dump_json().encode()
        reply = await connection.request(INDEX_LOOKUP, body, timeout=10)
        LookupReply.model_validate_json(reply.data)

    await timed(20, lookup)
    samples = await timed(n, lookup)
    await connection.drain()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--mem", type=Path, default=Path("mem"))
    args = parser.parse_args()
    questions = stage_questions(args.mem)
    for result in asyncio.run(query_levels(args.url, questions, [(1, 200), (8, 400), (32, 640)])):
        print(result.figures())


if __name__ == "__main__":
    main()
