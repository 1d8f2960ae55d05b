"""Indexer benchmark: embedding speed, ingest, name look-up, filtered search and scan.

Run: ``.venv/bin/python tests/bench/bench_indexer.py [--embedder onnx|numpy] [--big 10000]
[--small 1000]``. Generates demo books into a temporary folder, indexes them into qdrant-edge
and prints figures (no assertions). Takes a minute or two at 10,000 accounts with the int8
ONNX embedder (the default, built into the temporary folder first), a few with numpy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import date
from functools import partial
from pathlib import Path

from harper_common.demo import generate_demo
from harper_common.memory import AccountState, MemoryRoot, read_state
from harper_common.messages.index import DescriptionFilters
from harper_indexer.account_index import AccountIndex
from harper_indexer.descriptions import describe
from harper_indexer.edge_store import EdgeStore
from harper_indexer.embedding import Embedder, MiniLMEmbedder, make_embedder
from harper_indexer.ingest import ingest_memory_root
from harper_indexer.names import normalise_name

ABSENT = [
    "Lakeshore Pediatrics", "Riverside Pediatrics", "Acme Plumbing", "Zephyr Aerospace",
    "Quantum Bagels", "Harborview Orthodontics", "Northwind Traders", "Silverline Robotics",
    "Copperfield Vineyards", "Starlight Dance Academy", "Polaris Data Labs", "Moonbeam Candles",
    "Thunderbird Karate", "Evergold Jewelers", "Nimbus Cloud Consulting", "Juniper Yoga Loft",
]  # fmt: skip
SEARCHES = [
    ("childcare centers", DescriptionFilters(state=["TX"])),
    ("trucking companies", DescriptionFilters(stage=["Quoted"])),
    ("restaurants needing liquor liability", DescriptionFilters(state=["Florida"])),
    ("roofing contractors", DescriptionFilters(stage=["Submitted", "Quoted"], state=["TX"])),
    ("dental practices", DescriptionFilters(stage=["Intake"])),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--small", type=int, default=1000)
    parser.add_argument("--big", type=int, default=10_000)
    parser.add_argument("--embedder", choices=("onnx", "numpy"), default="onnx")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="harper-bench-") as tmp:
        embedder = load_embedder(args.embedder, Path(tmp) / "models")
        for size in (args.small, args.big):
            bench_book(Path(tmp) / str(size), size, embedder)


def load_embedder(kind: str, cache: Path) -> Embedder:
    """The embedder asked for, loaded; for ONNX also the time to load it again from the cache."""
    embedder: Embedder = MiniLMEmbedder() if kind == "numpy" else make_embedder(cache)
    started = time.perf_counter()
    embedder.load()
    print(f"{embedder.model_name}: load {time.perf_counter() - started:.2f} s", end="")
    if kind == "onnx":
        started = time.perf_counter()
        make_embedder(cache).load()
        print(f" (model built), from the cache {time.perf_counter() - started:.2f} s", end="")
    print()
    return embedder


def bench_book(folder: Path, size: int, embedder: Embedder) -> None:
    print(f"\n== {size} accounts ==")
    started = time.perf_counter()
    generate_demo(folder / "mem", accounts=size, seed=7, as_of=date(2026, 2, 20),
                  truth_path=folder / "truth.json")  # fmt: skip
    print(f"demo generation: {time.perf_counter() - started:.1f} s")
    states = read_states(folder / "mem")
    if size <= 1000:
        bench_embedding(embedder, [describe(s) for s in states])
    store = EdgeStore(folder / "index", dense_dim=embedder.dim)
    index = AccountIndex(store, embedder)
    report = ingest_memory_root(folder / "mem", index)
    print(f"ingest: {report.seconds:.1f} s ({size / report.seconds:.0f} accounts/s)")
    again = ingest_memory_root(folder / "mem", index)
    print(f"re-ingest, nothing changed: {again.seconds:.2f} s")
    bench_lookup(index, states)
    if size > 1000:
        bench_search(index)
        bench_scan(index)
    store.close()


def read_states(root: Path) -> list[AccountState]:
    memory = MemoryRoot(root)
    return [read_state(memory.state_path(i), expected_id=i) for i in memory.account_ids()]


def bench_embedding(embedder: Embedder, descriptions: Sequence[str]) -> None:
    sample = list(descriptions[:512])
    words = statistics.mean(len(text.split()) for text in sample)
    embedder.embed(sample[:64])  # warm-up: first-call allocations and BLAS threads
    started = time.perf_counter()
    embedder.embed(sample)
    rate = len(sample) / (time.perf_counter() - started)
    print(
        f"embedding: {rate:.0f} texts/s ({len(sample)} descriptions of {words:.0f} words, one call)"
    )
    single = timings(lambda q: embedder.embed([q]), ["quoted childcare centers in texas"] * 30)
    print(f"embedding one query: p50 {pct(single, 50):.1f} ms")


def bench_lookup(index: AccountIndex, states: Sequence[AccountState]) -> None:
    rng = random.Random(7)
    sample = rng.sample(list(states), min(300, len(states)))
    full = [(s.name, misspell(s.name, rng, drop_last=False)) for s in sample[::2]]
    short = [(s.name, misspell(s.name, rng, drop_last=True)) for s in sample[1::2]]
    latencies = timings(lambda q: index.lookup(q, 5), [typed for _, typed in full + short])
    print(f"name lookup: p50 {pct(latencies, 50):.2f} ms, p95 {pct(latencies, 95):.2f} ms")
    report_typos(index, "whole names, 1-2 typos", full)
    report_typos(index, "last word left out + 1-2 typos", short)
    absent = sorted((index.lookup(name, 1)[0].score, name) for name in ABSENT)
    print(f"  best score of {len(ABSENT)} businesses not in the book: max {absent[-1][0]:.3f} "
          f"({absent[-1][1]!r}), median {pct([a[0] for a in absent], 50):.3f}")  # fmt: skip


def report_typos(index: AccountIndex, label: str, queries: Sequence[tuple[str, str]]) -> None:
    """Top-1 rate and how often the right account comes first at or above each threshold."""
    firsts: list[float] = []
    for name, typed in queries:
        best = index.lookup(typed, 5)
        same = [m for m in best if normalise_name(m.account_name) == normalise_name(name)]
        if best and same and best[0].score == same[0].score:
            firsts.append(best[0].score)
    found = ", ".join(
        f">= {t}: {sum(score >= t for score in firsts) / len(queries):.2f}" for t in (0.6, 0.7, 0.8)
    )
    print(f"  {label}: top-1 {len(firsts) / len(queries):.2f}; first and scoring {found}")


def bench_search(index: AccountIndex) -> None:
    queries = [(text, filters) for text, filters in SEARCHES for _ in range(10)]
    latencies = [timed(partial(index.search, text, filters, 10)) for text, filters in queries]
    print(f"filtered description search: p50 {pct(latencies, 50):.1f} ms, "
          f"p95 {pct(latencies, 95):.1f} ms (embedding included)")  # fmt: skip


def bench_scan(index: AccountIndex) -> None:
    quoted = DescriptionFilters(stage=["Quoted"])
    latencies = [timed(lambda: index.scan(quoted)) for _ in range(10)]
    count = len(index.scan(quoted))
    print(f"scan of all Quoted accounts ({count}): p50 {pct(latencies, 50):.1f} ms")
    everything = [timed(lambda: index.scan(None, 50)) for _ in range(5)]
    print(f"scan, no filter, first 50 of all: p50 {pct(everything, 50):.1f} ms")


def misspell(name: str, rng: random.Random, *, drop_last: bool) -> str:
    """The name with one or two letters dropped, doubled or swapped (and its last word left
    out, for names of three words or more, with ``drop_last``)."""
    words = name.split()
    text = " ".join(words[:-1] if drop_last and len(words) >= 3 else words)
    for _ in range(rng.choice((1, 2))):
        i = rng.randrange(1, max(2, len(text) - 1))
        edit = rng.choice(("drop", "double", "swap"))
        if edit == "drop":
            text = text[:i] + text[i + 1 :]
        elif edit == "double":
            text = text[:i] + text[i] + text[i:]
        else:
            text = text[: i - 1] + text[i] + text[i - 1] + text[i + 1 :]
    return text


def timings(call: Callable[[str], object], inputs: Sequence[str]) -> list[float]:
    return [timed(partial(call, text)) for text in inputs]


def timed(call: Callable[[], object]) -> float:
    started = time.perf_counter()
    call()
    return (time.perf_counter() - started) * 1000


def pct(values: Sequence[float], percentile: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, len(ordered) * percentile // 100)]


if __name__ == "__main__":
    main()
