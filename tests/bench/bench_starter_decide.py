"""The starter's whole decision (``starter.decide``): classify, look the account up, pick a route.

Run: ``PYTHONPATH=tests/eval:tests/integration .venv/bin/python tests/bench/bench_starter_decide.py
[--bus [--cache warm|cold|off]] [--decisions FILE] [--models DIR]`` (a minute or two: the book is indexed first). Puts the
held-out starter queries (``tests/starter_holdout/queries.jsonl``) to a `StarterAgent` over the
harbor book, each once to warm up and then once timed, and prints p50 / p95 of each query's
handling up to the hand-off to an agent (the agents answer at once here):

- in process: the book's index (MiniLM, passages) built in this process and asked directly;
- with ``--bus``: the same index served by an indexer process over a real NATS, asked the way the
  starter asks it (``IndexClient``: one bus round trip per call).

Also printed: how many index calls (look-ups, searches, passages, embeddings) the timed pass
made. Over the bus the starter's look-ups go through its `LookupCache` as in production
(``--cache off``: not): ``warm`` times each query a second time, its names kept from the warm-up
pass (the best case: the question asked again within the TTL, no account changed since);
``cold`` forgets them after the warm-up, so a timed query finds only the names earlier timed
queries asked. The cache's hits and round trips are printed for both passes. With ``--decisions`` every query's outcome (reply type, route, account, intent,
suggestions) is written as JSON, to compare two versions of the starter query by query. No
assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from decide_parts import RecordingBus, outcome, recording_starter
from harper_eval.books import load_book

from harper_common.messages.query import QueryRequest
from harper_starter.agent import StarterAgent
from harper_starter.lookup_cache import CachedIndexClient, CacheStats, LookupCache

QUERIES = Path(__file__).resolve().parents[1] / "starter_holdout" / "queries.jsonl"


def figures(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"p50 {statistics.median(ordered) * 1000:6.2f} ms  p95 {p95 * 1000:6.2f} ms"


async def measure(
    agent: StarterAgent,
    bus: RecordingBus,
    queries: list[str],
    calls: Counter[str],
    cache: LookupCache | None,
    cold: bool,
) -> dict[str, Any]:
    """Each query handled once after a warm-up pass over all of them; its time and outcome."""
    for query in queries:
        await agent.handle_query(QueryRequest(request_id="warm", query=query))
    calls.clear()
    if cache is not None:
        print(f"  warm-up pass: {cache.stats.describe()}")
        if cold:
            cache.invalidate()
        cache.stats = CacheStats()
    samples: list[float] = []
    routed: list[float] = []
    outcomes: dict[str, Any] = {}
    for n, query in enumerate(queries):
        bus.last = None
        started = time.perf_counter()
        reply = await agent.handle_query(QueryRequest(request_id=f"q{n}", query=query))
        elapsed = time.perf_counter() - started
        samples.append(elapsed)
        if bus.last is not None:
            routed.append(elapsed)
        outcomes[query] = outcome(reply, bus.last)
    return {"all": samples, "routed": routed, "outcomes": outcomes}


async def run(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for line in QUERIES.read_text().splitlines() if line.strip()]
    queries = [str(row["query"]) for row in rows]
    book = load_book("harbor")
    with tempfile.TemporaryDirectory(prefix="harper-starter-bench-") as folder:
        models = args.models or Path(folder) / "models"
        if args.bus:
            from decide_bus import indexer_over_bus

            async with indexer_over_bus(book.mem, Path(folder), models) as index:
                await bench(index, index, queries, args)
        else:
            from decide_parts import in_process_index

            index = in_process_index(book.mem, Path(folder), models)
            await bench(index, index, queries, args)


async def bench(index: Any, embedder: Any, queries: list[str], args: argparse.Namespace) -> None:
    cache: LookupCache | None = None
    if args.bus and args.cache != "off":
        cache = LookupCache()  # the starter's defaults: 2048 answers, 60 s
        index = CachedIndexClient(index.bus, cache)
    agent, bus, counting = await recording_starter(index, embedder)
    where = "over the bus" if args.bus else "in process"
    kept = f", look-up cache {args.cache}" if args.bus else ""
    print(f"starter decision, {where}{kept}, {len(queries)} held-out queries")
    result = await measure(agent, bus, queries, counting.calls, cache, args.cache == "cold")
    print(f"  every query        {figures(result['all'])}")
    print(f"  routed to an agent {figures(result['routed'])}  ({len(result['routed'])})")
    calls: Counter[str] = counting.calls
    asked = ", ".join(f"{name} {count}" for name, count in sorted(calls.items()))
    print(f"  index calls over the {len(queries)} queries (after warm-up): {asked}")
    if cache is not None:
        print(f"  timed pass: {cache.stats.describe()}")
    if args.decisions:
        args.decisions.write_text(json.dumps(result["outcomes"], indent=1, sort_keys=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bus", action="store_true", help="the index over NATS, in its process")
    parser.add_argument(
        "--cache",
        choices=("warm", "cold", "off"),
        default="warm",
        help="over the bus: the look-up cache kept from the warm-up, cleared after it, or none",
    )
    parser.add_argument("--decisions", type=Path, help="write each query's outcome here (JSON)")
    parser.add_argument("--models", type=Path, help="keep the ONNX model here between runs")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
