"""Search agent benchmark: text index build, search_files latency, local-engine answer latency.

Run: ``.venv/bin/python tests/bench/bench_search.py [--small 1000] [--big 10000]``. Generates
demo books into a temporary folder and prints figures (no assertions):

- the text index build (the service does this at start) and one account's refresh;
- ``search_files`` within one account and across every account (through the inverted index),
  p50 / p95 over varied queries;
- the local engine's whole answer per level: L1 (state field), L2 (a fact in the sources),
  L3 (every account matching filters), tools and file reads included. The indexer's
  AccountIndex answers lookups and scans in-process (its embedder is a word-hash stand-in: L3
  uses exact filters, not embeddings), so the figures leave out the NATS round trip (~1 ms).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from datetime import date
from pathlib import Path

from harper_common.bus.progress import NoProgress
from harper_common.demo import generate_demo
from harper_common.demo.truth import GroundTruth
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.query import AccountRef, AgentRequest, IntentInfo
from harper_common.skills import load_skills
from harper_indexer.account_index import AccountIndex
from harper_indexer.edge_store import EdgeStore
from harper_indexer.hash_embedder import WordHashEmbedder
from harper_indexer.in_process import InProcessDirectory
from harper_indexer.ingest import ingest_memory_root
from harper_search.book_values import BookValues
from harper_search.catalog import Catalog
from harper_search.file_search import search_lines
from harper_search.listing_reader import ListingReader
from harper_search.listing_words import load_listing_words
from harper_search.local_brain import LocalBrain
from harper_search.session import ToolSession
from harper_search.text_index import TextIndex
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox

AS_OF = date(2026, 11, 22)
QUERIES = [
    "loss runs", "equipment schedule", "Tri-County Insurance Services", "hood suppression",
    "bind it", "renews January 1, 2027", "payroll", "underwriter clarification",
    "driver list with license numbers", "Hartford came back", "ignore previous instructions",
    "staff-to-child ratios",
]  # fmt: skip
L1 = ["what stage are they in", "who's the contact there", "premium?", "next steps pls"]
L2 = ["whats the payroll", "who are they insured with now", "what docs are missing", "renwal date"]
SKILLS = Path(__file__).resolve().parents[2] / "skills"
L3 = ["which accounts are quoted in texas", "show me the roofers", "accounts needing follow-up"]


def millis(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"p50 {statistics.median(ordered) * 1000:7.1f} ms  p95 {p95 * 1000:7.1f} ms"


def bench_book(folder: Path, size: int) -> None:
    started = time.perf_counter()
    generate_demo(
        folder / "mem", accounts=size, seed=7, as_of=AS_OF, truth_path=folder / "truth.json"
    )
    print(f"\n== {size:,} accounts (demo written in {time.perf_counter() - started:.1f} s)")
    memory = MemoryRoot(folder / "mem")
    truth = GroundTruth.model_validate_json((folder / "truth.json").read_text())
    index, catalog = TextIndex(memory), Catalog(memory)
    started = time.perf_counter()
    catalog.build()
    print(f"catalog build         {time.perf_counter() - started:6.1f} s")
    started = time.perf_counter()
    index.build()
    print(
        f"text index build      {time.perf_counter() - started:6.1f} s ({index.file_count:,} files, {len(index.postings):,} terms)"
    )
    ids = memory.account_ids()
    rng = random.Random(1)
    refresh = []
    for account_id in rng.sample(ids, 20):
        t = time.perf_counter()
        index.refresh_account(account_id)
        refresh.append(time.perf_counter() - t)
    print(f"refresh one account   {millis(refresh)}")
    bench_search_files(memory, index, ids, rng)
    asyncio.run(bench_answers(folder, memory, index, catalog, truth, rng))


def bench_search_files(
    memory: MemoryRoot, index: TextIndex, ids: list[str], rng: random.Random
) -> None:
    one, every = [], []
    for query in QUERIES * 3:
        scope = f"accounts/{rng.choice(ids)}/sources"
        t = time.perf_counter()
        search_lines(memory, index, query, scope)
        one.append(time.perf_counter() - t)
    for query in QUERIES * 2:
        t = time.perf_counter()
        search_lines(memory, index, query, "accounts")
        every.append(time.perf_counter() - t)
    print(f"search_files 1 acct   {millis(one)}")
    print(f"search_files all      {millis(every)}")


async def bench_answers(
    folder: Path,
    memory: MemoryRoot,
    index: TextIndex,
    catalog: Catalog,
    truth: GroundTruth,
    rng: random.Random,
) -> None:
    store = EdgeStore(folder / "index", dense_dim=WordHashEmbedder.dim)
    account_index = AccountIndex(store, WordHashEmbedder())
    ingest_memory_root(folder / "mem", account_index)
    toolbox = Toolbox(memory, index, InProcessDirectory(account_index), [])
    words = load_listing_words(load_skills(SKILLS, "search"))
    brain = LocalBrain(catalog, index.has_word, ListingReader(words, BookValues(toolbox)))
    accounts = rng.sample(truth.accounts, 30)
    for level, questions in (("L1", L1), ("L2", L2), ("L3", L3)):
        samples = []
        for number, question in enumerate(questions * (3 if level == "L3" else 8)):
            account = accounts[number % len(accounts)]
            ref = AccountRef(account_id=account.id, account_name=account.name)
            request = AgentRequest(
                request_id="bench",
                query=question,
                intent=IntentInfo(intent="search", confidence=1.0, cross_account=level == "L3"),
                account=None if level == "L3" else ref,
            )
            session = ToolSession(toolbox, new_budget(), NoProgress())
            t = time.perf_counter()
            await brain.answer(request, session, AS_OF)
            samples.append(time.perf_counter() - t)
        print(f"local answer {level}       {millis(samples)}")
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--small", type=int, default=1000)
    parser.add_argument("--big", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="harper-bench-search-") as tmp:
        for size in (args.small, args.big):
            bench_book(Path(tmp) / str(size), size)


if __name__ == "__main__":
    main()
