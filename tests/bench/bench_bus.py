"""Bus benchmark: name look-up and /query through real NATS, Redis and the six services.

Run: ``.venv/bin/python tests/bench/bench_bus.py [--accounts 1000] [--n 300]``
Starts a whole Harper on free loopback ports (as the integration tests do), then prints
p50/p95 of: a raw NATS request/reply to an echo responder (the floor), a name look-up sent to the
indexer over the bus, and ``POST /query`` for a question that the starter classifies, resolves
through the indexer and routes (the search agent answers 501 until it lands). No assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx
import nats

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "integration"))

from harness import api_headers, start_harper, use_key_of  # noqa: E402

from harper_common.messages.index import LookupReply, LookupRequest  # noqa: E402
from harper_common.messages.subjects import INDEX_LOOKUP  # noqa: E402

NAMES = ["Maple Avenue Dental", "sunny days", "cascade rdge rofing", "Lakeshore Pediatrics"]


def report(label: str, samples: list[float]) -> None:
    ordered = sorted(samples)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    print(f"{label}: p50 {statistics.median(ordered):.2f} ms, p95 {p95:.2f} ms (n={len(ordered)})")


async def timed(n: int, call: Callable[[int], Awaitable[object]]) -> list[float]:
    samples = []
    for i in range(n):
        started = time.perf_counter()
        await call(i)
        samples.append((time.perf_counter() - started) * 1000)
    return samples


async def over_nats(url: str, n: int) -> None:
    connection = await nats.connect(url)

    async def echo(message: nats.aio.msg.Msg) -> None:
        await message.respond(message.data)

    await connection.subscribe("bench.echo", cb=echo)
    payload = LookupRequest(name="Maple Avenue Dental").model_dump_json().encode()
    await timed(50, lambda _: connection.request("bench.echo", payload, timeout=5))
    report(
        "raw NATS request/reply (floor)",
        await timed(n, lambda _: connection.request("bench.echo", payload, timeout=5)),
    )

    async def lookup(i: int) -> None:
        body = LookupRequest(name=NAMES[i % len(NAMES)]).model_dump_json().encode()
        reply = await connection.request(INDEX_LOOKUP, body, timeout=5)
        LookupReply.model_validate_json(reply.data)

    await timed(20, lookup)
    report("name look-up over the bus (indexer)", await timed(n, lookup))
    await connection.drain()


def over_http(base_url: str, n: int) -> None:
    queries = [f"what stage is {name} at" for name in NAMES[:3]]
    with httpx.Client(base_url=base_url, timeout=30, headers=api_headers()) as client:
        for i in range(10):
            client.post("/query", json={"query": queries[i % 3]})
        samples = []
        for i in range(n):
            started = time.perf_counter()
            client.post("/query", json={"query": queries[i % 3]})
            samples.append((time.perf_counter() - started) * 1000)
    report(
        "POST /query, classify + look-up + route (gateway -> starter -> indexer/search)", samples
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--accounts", type=int, default=1000)
    parser.add_argument("--n", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        harper = start_harper(Path(folder), accounts=args.accounts, otel_exporter="none")
        use_key_of(harper)
        print(f"Harper up with {args.accounts} accounts in {time.perf_counter() - started:.1f} s")
        try:
            asyncio.run(over_nats(harper.settings.nats_url, args.n))
            over_http(harper.base_url, args.n)
        finally:
            harper.stop()


if __name__ == "__main__":
    main()
