"""/query throughput and CPU per request on a small book, for before/after comparisons.

Run: ``.venv/bin/python tests/bench/bench_throughput.py [--accounts 300] [--c1 200] [--c8 600]
[--nocache]``. Builds a demo book and its index, starts a whole Harper on it (rate limit off),
waits for the indexer's passage fill, then measures the bus look-up (vs in process), /query at
concurrency 1 and 8 with every question distinct (six L1 phrasings per account, so no level
asks one twice and the answer cache never answers), and the CPU each process spent per request
at concurrency 8 (/proc, so the figure holds on a machine shared with other work, where the
rates do not). Prints one JSON line. To compare two versions, interleave their runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
from pathlib import Path
from typing import Any

from bench_indexer import misspell, pct, read_states, timings
from bench_query import bus_lookups, query_levels
from bench_replicas import wait_for_passages
from harness import AS_OF, start_harper_on, use_key_of

from harper_common.demo import generate_demo
from harper_indexer.account_index import AccountIndex
from harper_indexer.embedding import make_embedder
from harper_indexer.ingest import ingest_memory_root
from harper_indexer.store import open_store

PHRASINGS = (
    "what stage is {} at",
    "status on {}?",
    "where are we with {}",
    "What stage is {} at?",
    "Status on {}",
    "where are we with {}?",
)


def questions(mem: Path) -> list[str]:
    names = [state.name for state in read_states(mem)]
    return [phrasing.format(name) for phrasing in PHRASINGS for name in names]


def prepare(base: Path, accounts: int) -> tuple[list[str], float]:
    """The book, its index, misspelt names to look up and the in-process look-up p50 (ms)."""
    generate_demo(
        base / "mem", accounts=accounts, seed=7, as_of=AS_OF, truth_path=base / "truth.json"
    )
    embedder = make_embedder(base / "data" / "models")
    embedder.load()
    store, _ = open_store(None, base / "data" / "index", dense_dim=embedder.dim)
    index = AccountIndex(store, embedder)
    ingest_memory_root(base / "mem", index)
    rng = random.Random(7)
    states = rng.sample(read_states(base / "mem"), min(300, accounts))
    typed = [misspell(state.name, rng, drop_last=False) for state in states]
    timings(lambda name: index.lookup(name, 5), typed)  # warm-up
    in_process = pct(timings(lambda name: index.lookup(name, 5), typed), 50)
    store.close()
    return typed, in_process


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(base: Path, args: argparse.Namespace) -> dict[str, Any]:
    typed, in_process = prepare(base, args.accounts)
    harper = start_harper_on(
        base, "none", 240, rate_limit_per_min=0, cache_ttl_s=0 if args.nocache else 300
    )
    use_key_of(harper)
    try:
        wait_for_passages(harper)
        bus = pct(asyncio.run(bus_lookups(harper.settings.nats_url, typed, 300)), 50)
        pids = {name: r[0].process.pid for name, r in harper.services.items() if r[0].process}
        pids |= {p.name: p.process.pid for p in harper.servers if p.process}
        asked = questions(base / "mem")
        c1 = asyncio.run(query_levels(harper.base_url, asked, [(1, args.c1)]))[0]
        before = {name: cpu_seconds(pid) for name, pid in pids.items()}
        rest = asked[args.c1 + 10 :]
        c8 = asyncio.run(query_levels(harper.base_url, rest, [(8, args.c8)]))[0]
        cpu = {n: round((cpu_seconds(p) - before[n]) * 1e6 / args.c8) for n, p in pids.items()}
    finally:
        harper.stop()
    return {
        "load_average": round(os.getloadavg()[0], 2),
        "bus_lookup_p50_ms": round(bus, 2),
        "lookup_p50_ms": round(in_process, 2),
        "bus_over_in_process": round(bus / in_process, 2),
        "c1": c1.figures(),
        "c8": c8.figures(),
        "cpu_us_per_request_c8": {"total": sum(cpu.values()), **cpu},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--accounts", type=int, default=300)
    parser.add_argument("--c1", type=int, default=200)
    parser.add_argument("--c8", type=int, default=600)
    parser.add_argument("--nocache", action="store_true", help="HARPER_CACHE_TTL_S=0")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="harper-throughput-") as folder:
        print(json.dumps(measure(Path(folder), args)))


if __name__ == "__main__":
    main()
