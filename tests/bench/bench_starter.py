"""Starter classification: how long the intent decision takes, with and without its second stage.

Run: ``.venv/bin/python tests/bench/bench_starter.py``. Classifies the held-out starter queries
(``tests/starter_holdout/queries.jsonl``, 404) in one process and prints p50 / p95 (no
assertions):

- the rules alone (`classify`);
- the rules with the embedding stage (`IntentClassifier` over the labelled examples, the
  indexer's ONNX MiniLM called in-process), and how many queries reached that stage.

Account resolution (the indexer's name look-up over the bus, ~2 ms a hop on these machines) is
not included: ``bench_starter_decide.py`` times the whole decision, look-ups included, in one
process and over the bus.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from harper_indexer.embedding import make_embedder
from harper_starter.intent import IntentClassifier, classify

QUERIES = Path(__file__).resolve().parents[1] / "starter_holdout" / "queries.jsonl"


class InProcess:
    """The indexer's embedder behind the starter's async Embedder seam; counts calls."""

    def __init__(self, cache: Path) -> None:
        self.model = make_embedder(cache)
        self.calls = 0

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        return [[float(x) for x in row] for row in self.model.embed(list(texts))]


def millis(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"p50 {statistics.median(ordered) * 1000:6.2f} ms  p95 {p95 * 1000:6.2f} ms"


async def with_examples(queries: list[str], cache: Path) -> None:
    embedder = InProcess(cache)
    classifier = IntentClassifier(embedder)
    started = time.perf_counter()
    await classifier.warm()
    print(f"examples embedded at start  {time.perf_counter() - started:6.1f} s")
    warm_calls = embedder.calls
    samples = []
    for query in queries:
        t = time.perf_counter()
        await classifier.classify(query)
        samples.append(time.perf_counter() - t)
    asked = embedder.calls - warm_calls
    print(f"rules + examples            {millis(samples)}  ({asked} of {len(queries)} embedded)")


def main() -> None:
    rows = [json.loads(line) for line in QUERIES.read_text().splitlines() if line.strip()]
    queries = [str(row["query"]) for row in rows]
    for query in queries[:20]:
        classify(query)  # warm the caches
    samples = []
    for query in queries:
        t = time.perf_counter()
        classify(query)
        samples.append(time.perf_counter() - t)
    print(f"rules alone                 {millis(samples)}")
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(with_examples(queries, Path(folder)))


if __name__ == "__main__":
    main()
