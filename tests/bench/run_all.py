"""Every benchmark Harper has, in one run: a table on stdout and reports/bench.json.

Run: ``make bench`` or ``.venv/bin/python tests/bench/run_all.py [--small 1000] [--big 10000]
[--quick]``. Builds two demo books (seed 7) in a temporary folder, ingests each into the index
the way the indexer does (that is the ingest figure), measures look-up and filtered search in
one process, then starts a whole Harper (NATS, Redis, six services) on that folder and measures
through the bus and HTTP: raw NATS round trip (the floor), name look-up over the bus (so the
bus's cost per hop is the difference with the in-process look-up), /query latency and
throughput at concurrency 1, 8 and 32, updates, and the follow-up pending scan. A few minutes
on two cores; no assertions (the targets are printed beside the figures).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

import httpx
from bench_indexer import SEARCHES, misspell, pct, read_states, timed, timings
from bench_query import (
    LoadResult,
    bus_lookups,
    nats_floor,
    post_load,
    query_levels,
    stage_questions,
)
from harness import AS_OF, Harper, api_headers, start_harper_on, use_key_of

from harper_common.demo import generate_demo
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import PassagesRequest
from harper_indexer.account_index import AccountIndex
from harper_indexer.embedding import make_embedder
from harper_indexer.ingest import ingest_memory_root
from harper_indexer.passage_index import PassageIndex
from harper_indexer.passage_store import EdgePassageStore
from harper_indexer.store import open_store

ROOT = Path(__file__).resolve().parents[2]


def say(text: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {text}", flush=True)


def ms(value: float) -> float:
    return round(value, 2)


def prepare_book(base: Path, size: int) -> tuple[dict[str, Any], list[str]]:
    """Demo book, ingested into ``base/data/index`` as the indexer would; in-process figures."""
    mem, data = base / "mem", base / "data"
    started = time.perf_counter()
    generate_demo(mem, accounts=size, seed=7, as_of=AS_OF, truth_path=base / "truth.json")
    figures: dict[str, Any] = {"accounts": size, "demo_s": round(time.perf_counter() - started, 1)}
    embedder = make_embedder(data / "models")
    embedder.load()
    store, _ = open_store(None, data / "index", dense_dim=embedder.dim)
    index = AccountIndex(store, embedder)
    report = ingest_memory_root(mem, index)
    figures["ingest_s"] = round(report.seconds, 1)
    rng = random.Random(7)
    states = read_states(mem)
    typed = [misspell(s.name, rng, drop_last=False) for s in rng.sample(states, min(300, size))]
    lookups = timings(lambda q: index.lookup(q, 5), typed)
    figures["lookup_p50_ms"] = ms(pct(lookups, 50))
    figures["lookup_p95_ms"] = ms(pct(lookups, 95))
    queries = [(text, filters) for text, filters in SEARCHES for _ in range(10)]
    searches = [timed(partial(index.search, text, filters, 10)) for text, filters in queries]
    figures["filtered_search_p50_ms"] = ms(pct(searches, 50))
    figures["filtered_search_p95_ms"] = ms(pct(searches, 95))
    store.close()
    figures.update(passage_figures(mem, data, embedder, rng))
    return figures, typed


PASSAGE_SAMPLE = 150
PASSAGE_QUESTIONS = (
    "when will they decide",
    "why did the price go up",
    "how many employees do they have",
    "what did the underwriter ask for",
    "who is their current carrier",
)


def passage_figures(mem: Path, data: Path, embedder: Any, rng: random.Random) -> dict[str, Any]:
    """The passage index on a sample of accounts: passages per account, passages embedded per
    second (cut, MiniLM, BM25, stored), the time a whole book's fill would take at that rate,
    and one account's passage search (the question embedded, hybrid fused) p50/p95."""
    memory = MemoryRoot(mem)
    sample = memory.account_ids()[:PASSAGE_SAMPLE]
    store = EdgePassageStore(data / "bench_passages", dense_dim=embedder.dim)
    passages = PassageIndex(store, embedder, memory)
    started = time.perf_counter()
    for account_id in sample:
        passages.refresh(account_id)
    seconds = time.perf_counter() - started
    rate = passages.embedded / seconds if seconds else 0.0
    per_account = passages.embedded / max(1, len(sample))
    asked = [
        PassagesRequest(text=q, account_ids=[rng.choice(sample)], limit=16)
        for q in PASSAGE_QUESTIONS
        for _ in range(20)
    ]
    searches = [timed(partial(passages.search, request)) for request in asked]
    store.close()
    return {
        "passages_per_account": round(per_account, 1),
        "passages_per_s": round(rate, 1),
        "passage_fill_estimate_s": round(len(memory.account_ids()) * per_account / rate, 0)
        if rate
        else None,
        "passage_search_p50_ms": ms(pct(searches, 50)),
        "passage_search_p95_ms": ms(pct(searches, 95)),
    }


def start_on(base: Path) -> Harper:
    """A whole Harper over an existing book and index (no spans: they would cost time; no
    per-key request limit: the load here is more than a key may send in a minute, and the
    figures are of the services, not of the gateway refusing with 429)."""
    harper = start_harper_on(
        base, otel_exporter="none", healthy_timeout_s=240, rate_limit_per_min=0
    )
    use_key_of(harper)
    return harper


def optional(module: str, name: str) -> Any | None:
    """A function of another benchmark in this folder, when that benchmark exists."""
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None


def pending_scan(base_url: str, n: int) -> dict[str, Any]:
    """bench_pending's HTTP scan when it exists (its first, cold call is left out), else ours."""
    over_http = optional("bench_pending", "over_http")
    if over_http is not None:
        try:
            samples, total = over_http(base_url, n)
            return {"p50_ms": ms(pct(samples, 50)), "outcome": "ok", "listed": total}
        except httpx.HTTPError as exc:
            return {"p50_ms": 0.0, "outcome": f"error: {exc}"[:200], "listed": None}
    samples, outcome, total = [], "", None
    with httpx.Client(base_url=base_url, timeout=60, headers=api_headers()) as client:
        for _ in range(n + 1):
            started = time.perf_counter()
            response = client.get("/followup/pending")
            samples.append((time.perf_counter() - started) * 1000)
            body = response.json()
            outcome = "ok" if response.status_code == 200 else f"error:{body.get('code')}"
            total = body.get("total")
    return {"p50_ms": ms(pct(samples[1:], 50)), "outcome": outcome, "listed": total}


def update_load(base_url: str, nats_url: str, mem: Path, quick: bool) -> dict[str, Any]:
    states = read_states(mem)[-200:]
    distinct = [
        {"query": f"set the premium for {s.name} to ${5000 + i * 10:,}"}
        for i, s in enumerate(states[: 24 if quick else 48])
    ]
    one = states[0].name
    same = [
        {"query": f"set the premium for {one} to ${7000 + i:,}"} for i in range(12 if quick else 24)
    ]
    result: dict[str, Any] = {}
    for label, bodies in (("distinct_accounts", distinct), ("one_account", same)):
        load: LoadResult = asyncio.run(post_load(base_url, "/query", bodies, 8))
        figures = load.figures()
        figures["applied"] = load.outcomes.get("success:updater_agent", 0)
        result[label] = figures
    burst = optional("bench_updates", "burst")
    if burst is not None:  # straight to the updater over the bus, without /query's routing
        ids = [s.account_id for s in states]
        for label, accounts, n in (
            ("bus_distinct_accounts", ids[:48], 48),
            ("bus_one_account", ids[:1], 24),
        ):
            elapsed, latencies, failed = asyncio.run(burst(nats_url, accounts, n))
            result[label] = {
                "n": n,
                "per_second": round(n / elapsed, 1),
                "p50_ms": ms(pct(latencies, 50)),
                "failed": failed,
            }
    return result


def measure_small(base: Path, typed: list[str], quick: bool) -> dict[str, Any]:
    harper = start_on(base)
    try:
        url = harper.settings.nats_url
        n = 150 if quick else 300
        floor = asyncio.run(nats_floor(url, n))
        lookups = asyncio.run(bus_lookups(url, typed, n))
        say("bus figures done; /query at concurrency 1, 8, 32")
        levels = [(1, 100), (8, 200), (32, 320)] if quick else [(1, 200), (8, 400), (32, 640)]
        loads = asyncio.run(query_levels(harper.base_url, stage_questions(base / "mem"), levels))
        say("query load done; pending scan and updates")
        pending = pending_scan(harper.base_url, 5)
        updates = update_load(harper.base_url, url, base / "mem", quick)
    finally:
        harper.stop()
    return {
        "nats_floor_p50_ms": ms(pct(floor, 50)),
        "nats_floor_p95_ms": ms(pct(floor, 95)),
        "bus_lookup_p50_ms": ms(pct(lookups, 50)),
        "bus_lookup_p95_ms": ms(pct(lookups, 95)),
        "query": [load.figures() for load in loads],
        "pending_scan": pending,
        "updates": updates,
    }


def measure_big(base: Path, typed: list[str]) -> dict[str, Any]:
    harper = start_on(base)
    try:
        lookups = asyncio.run(bus_lookups(harper.settings.nats_url, typed, 200))
        pending = pending_scan(harper.base_url, 5)
    finally:
        harper.stop()
    return {"bus_lookup_p50_ms": ms(pct(lookups, 50)), "pending_scan": pending}


def timed_phase(label: str, call: Callable[[], Any]) -> Any:
    started = time.perf_counter()
    say(f"{label} ...")
    value = call()
    say(f"{label}: {time.perf_counter() - started:.0f} s")
    return value


def summarise(small: dict[str, Any], big: dict[str, Any], sizes: tuple[int, int]) -> dict[str, Any]:
    s_book, s_live = small["book"], small["live"]
    b_book, b_live = big["book"], big["live"]
    c1 = s_live["query"][0]
    hop = s_live["bus_lookup_p50_ms"] - s_book["lookup_p50_ms"]
    ratio = s_live["bus_lookup_p50_ms"] / s_book["lookup_p50_ms"] if s_book["lookup_p50_ms"] else 0
    best = max(level["per_second"] for level in s_live["query"])
    answered = c1["outcomes"].get("success:search_agent", 0)
    return {
        "query_p50_c1_ms": c1["p50_ms"],
        "query_answered_by_search_agent": f"{answered}/{c1['n']}",
        "bus_overhead_ms_per_hop": ms(hop),
        "bus_over_in_process_ratio": round(ratio, 2),
        "nats_floor_p50_ms": s_live["nats_floor_p50_ms"],
        f"lookup_p50_{sizes[0]}_ms": s_book["lookup_p50_ms"],
        f"bus_lookup_p50_{sizes[0]}_ms": s_live["bus_lookup_p50_ms"],
        f"pending_scan_{sizes[0]}_ms": s_live["pending_scan"]["p50_ms"],
        "queries_per_second_best": best,
        f"ingest_{sizes[0]}_s": s_book["ingest_s"],
        f"ingest_{sizes[1]}_s": b_book["ingest_s"],
        f"lookup_p50_{sizes[1]}_ms": b_book["lookup_p50_ms"],
        "passages_per_account": s_book["passages_per_account"],
        "passages_embedded_per_s": s_book["passages_per_s"],
        f"passage_fill_estimate_{sizes[1]}_s": b_book["passage_fill_estimate_s"],
        "passage_search_p50_ms": s_book["passage_search_p50_ms"],
        "passage_search_p95_ms": s_book["passage_search_p95_ms"],
        f"bus_lookup_p50_{sizes[1]}_ms": b_live["bus_lookup_p50_ms"],
        f"filtered_search_p50_{sizes[1]}_ms": b_book["filtered_search_p50_ms"],
        f"pending_scan_{sizes[1]}_ms": b_live["pending_scan"]["p50_ms"],
        f"pending_scan_{sizes[1]}_outcome": b_live["pending_scan"]["outcome"],
        "updates_distinct_per_s": s_live["updates"]["distinct_accounts"]["per_second"],
        "updates_distinct_applied": s_live["updates"]["distinct_accounts"]["applied"],
        "updates_one_account_per_s": s_live["updates"]["one_account"]["per_second"],
        "updates_one_account_applied": s_live["updates"]["one_account"]["applied"],
        **{
            f"updates_{label}_per_s": s_live["updates"][label]["per_second"]
            for label in ("bus_distinct_accounts", "bus_one_account")
            if label in s_live["updates"]
        },
    }


def targets(summary: dict[str, Any], sizes: tuple[int, int]) -> list[dict[str, Any]]:
    big = sizes[1]
    pending_ok = summary[f"pending_scan_{big}_outcome"] == "ok"
    rows = [
        ("L1 /query p50, concurrency 1", summary["query_p50_c1_ms"], "<= 25 ms", summary["query_p50_c1_ms"] <= 25),
        ("bus overhead per hop", summary["bus_overhead_ms_per_hop"], "<= 1 ms", summary["bus_overhead_ms_per_hop"] <= 1),
        ("/query throughput (best level)", summary["queries_per_second_best"], ">= 300 /s", summary["queries_per_second_best"] >= 300),
        (f"ingest {big:,} accounts", summary[f"ingest_{big}_s"], "<= 60 s", summary[f"ingest_{big}_s"] <= 60),
        (f"name look-up p50 at {big:,}", summary[f"lookup_p50_{big}_ms"], "<= 5 ms", summary[f"lookup_p50_{big}_ms"] <= 5),
        (f"name look-up over the bus at {big:,}", summary[f"bus_lookup_p50_{big}_ms"], "<= 5 ms", summary[f"bus_lookup_p50_{big}_ms"] <= 5),
        (f"pending scan at {big:,}", summary[f"pending_scan_{big}_ms"] if pending_ok else summary[f"pending_scan_{big}_outcome"], "<= 1000 ms", pending_ok and summary[f"pending_scan_{big}_ms"] <= 1000),
    ]  # fmt: skip
    return [{"figure": f, "value": v, "target": t, "met": bool(m)} for f, v, t, m in rows]


def bounds(
    summary: dict[str, Any], small: dict[str, Any], sizes: tuple[int, int]
) -> dict[str, str]:
    """For each target missed, what the figures say bounds it."""
    live, big = small["live"], sizes[1]
    top = max(live["query"], key=lambda level: level["per_second"])
    notes = {}
    if summary["query_p50_c1_ms"] > 25:
        notes["L1 /query p50"] = (
            f"one /query is HTTP + Redis cache check + 3 bus round trips (gateway->starter, "
            f"starter->indexer, starter->search) at ~{summary['bus_overhead_ms_per_hop']} ms "
            "each, plus the classifier and the search agent reading the account's files"
        )
    if summary["bus_overhead_ms_per_hop"] > 1:
        notes["bus overhead per hop"] = (
            f"the raw NATS round trip is {live['nats_floor_p50_ms']} ms; the rest of the "
            f"{live['bus_lookup_p50_ms']} ms look-up over the bus (vs "
            f"{small['book']['lookup_p50_ms']} ms in process) is spent outside NATS: FastStream "
            "dispatch and pydantic decoding/encoding on both sides and the indexer's hop to its "
            "worker thread, all competing for 2 cores (see the load average)"
        )
    if summary["queries_per_second_best"] < 300:
        notes["/query throughput"] = (
            f"CPU: best {top['per_second']}/s at concurrency {top['concurrency']} with p50 "
            f"{top['p50_ms']} ms (latency grows with concurrency, throughput does not), so "
            "the two cores are saturated by the gateway, starter, indexer and search processes "
            "(each Python, one event loop) plus the load generator itself"
        )
    if summary[f"pending_scan_{big}_outcome"] != "ok":
        notes["pending scan"] = f"not measured: {summary[f'pending_scan_{big}_outcome']}"
    elif summary[f"pending_scan_{big}_ms"] > 1000:
        notes["pending scan"] = (
            f"{big:,} accounts are read from the indexer's payloads in chunks over the bus and "
            "each due account is checked against the follow-up agent's memory; the time grows "
            "with the number of accounts (see the 1k figure)"
        )
    if summary[f"ingest_{big}_s"] > 60:
        notes["ingest"] = "embedding descriptions (MiniLM int8 ONNX, one text per core)"
    unanswered = not_answered(live)
    if unanswered:
        notes["requests not answered"] = (
            f"{unanswered}: the figures of those loads count refusals and errors, not answers"
        )
    return notes


def not_answered(live: dict[str, Any]) -> str:
    """The loads whose requests got something other than an answer (a 429 from the gateway,
    an error), with those outcomes; "" when every request was answered."""
    loads = [(f"/query at concurrency {row['concurrency']}", row) for row in live["query"]]
    loads += [
        (f"updates ({label})", row) for label, row in live["updates"].items() if "outcomes" in row
    ]
    said = []
    for label, row in loads:
        other = {
            outcome: count
            for outcome, count in row["outcomes"].items()
            if not outcome.startswith(("success:", "clarification"))
        }
        if other:
            said.append(f"{label} {other}")
    return "; ".join(said)


def print_tables(report: dict[str, Any]) -> None:
    live = report["small"]["live"]
    print("\n/query (L1 stage questions, distinct texts, cache cleared per level), "
          f"{report['sizes'][0]:,} accounts")  # fmt: skip
    print(
        f"{'concurrency':>11} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'per s':>7}  outcomes"
    )
    for row in live["query"]:
        print(f"{row['concurrency']:>11} {row['n']:>5} {row['p50_ms']:>8} {row['p95_ms']:>8} "
              f"{row['p99_ms']:>8} {row['per_second']:>7}  {row['outcomes']}")  # fmt: skip
    load = report["machine"]["load_average_1min"]
    print(f"\nmachine: {report['machine']['cores']} cores, 1-min load average {load[0]} at the start, "
          f"{load[1]} at the end (other work on the machine skews the figures)")  # fmt: skip
    print(f"time by step at concurrency 1 (p50 ms, from the responses' usage): "
          f"{live['query'][0]['step_p50_ms']}")  # fmt: skip
    print("\nfigure                                     value")
    for key, value in report["summary"].items():
        print(f"{key:<42} {value}")
    print("\ntarget check")
    for row in report["targets"]:
        mark = "met" if row["met"] else "MISSED"
        print(f"  {row['figure']:<34} {row['value']!s:>12}  target {row['target']:<11} {mark}")
    for figure, why in report["bounds"].items():
        print(f"  bounded ({figure}): {why}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--small", type=int, default=1000)
    parser.add_argument("--big", type=int, default=10_000)
    parser.add_argument("--quick", action="store_true", help="fewer requests per figure")
    parser.add_argument("--out", type=Path, default=ROOT / "reports" / "bench.json")
    args = parser.parse_args()
    sizes = (args.small, args.big)
    started = datetime.now(UTC)
    load_before = os.getloadavg()[0]
    folder = tempfile.mkdtemp(prefix="harper-bench-")
    try:
        small_base, big_base = Path(folder) / "small", Path(folder) / "big"
        book, typed = timed_phase(
            f"book of {args.small}", lambda: prepare_book(small_base, args.small)
        )
        live = timed_phase("Harper on it", lambda: measure_small(small_base, typed, args.quick))
        small = {"book": book, "live": live}
        book, typed = timed_phase(f"book of {args.big}", lambda: prepare_book(big_base, args.big))
        live = timed_phase("Harper on it", lambda: measure_big(big_base, typed))
        big = {"book": book, "live": live}
        summary = summarise(small, big, sizes)
        report = {
            "started": started.isoformat(timespec="seconds"),
            "seconds": round((datetime.now(UTC) - started).total_seconds(), 1),
            "sizes": list(sizes),
            "summary": summary,
            "targets": targets(summary, sizes),
            "bounds": bounds(summary, small, sizes),
            "small": small,
            "big": big,
            "machine": {
                "cores": os.cpu_count(),
                "python": sys.version.split()[0],
                "load_average_1min": [round(load_before, 1), round(os.getloadavg()[0], 1)],
            },
        }
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print_tables(report)
        say(f"wrote {args.out} in {report['seconds']} s")
    finally:
        remove_in_background(Path(folder))


def remove_in_background(folder: Path) -> None:
    """The books are ~130,000 small files: deleting them can take minutes on a busy disk, so
    ``rm`` does it on its own while the command returns."""
    say(f"removing {folder} in the background")
    subprocess.Popen(
        ["rm", "-rf", str(folder)],
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


if __name__ == "__main__":
    main()
