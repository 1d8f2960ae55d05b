"""Search agent benchmark: catalog build, local-engine answer latency.

Run: ``.venv/bin/python tests/bench/bench_search.py [--small 1000] [--big 10000]``. Generates
demo books into a temporary folder and prints figures (no assertions):

- the catalog build (the service does this at start, from state.md files and source folder
  names) and one account's refresh (text is searched in the indexer's passage index: its figures
  are in ``run_all.py``);
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
from harper_search.listing_reader import ListingReader
from harper_search.listing_words import load_listing_words
from harper_search.local_brain import LocalBrain
from harper_search.session import ToolSession
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox

AS_OF = date(2026, 11, 22)
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
    catalog = Catalog(memory)
    started = time.perf_counter()
    catalog.build()
    print(f"catalog build         {time.perf_counter() - started:6.1f} s")
    ids = memory.account_ids()
    rng = random.Random(1)
    refresh = []
    for account_id in rng.sample(ids, 20):
        t = time.perf_counter()
        catalog.refresh_account(account_id)
        refresh.append(time.perf_counter() - t)
    print(f"refresh one account   {millis(refresh)}")
    asyncio.run(bench_answers(folder, memory, catalog, truth, rng))


async def bench_answers(
    folder: Path,
    memory: MemoryRoot,
    catalog: Catalog,
    truth: GroundTruth,
    rng: random.Random,
) -> None:
    store = EdgeStore(folder / "index", dense_dim=WordHashEmbedder.dim)
    account_index = AccountIndex(store, WordHashEmbedder())
    ingest_memory_root(folder / "mem", account_index)
    toolbox = Toolbox(memory, InProcessDirectory(account_index), [])
    words = load_listing_words(load_skills(SKILLS, "search"))
    brain = LocalBrain(catalog, catalog.has_word, ListingReader(words, BookValues(toolbox)))
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
