"""The second stage: pick an intent by meaning when the rules are unsure.

Prototype sentences per intent (`intent_prototypes`) are embedded once, lazily, through an
`Embedder` (in production the indexer's model over the bus). A query is scored against each
intent as the mean cosine similarity of its k nearest prototypes of that intent (a per-class
kNN, steadier than one centroid when an intent has several phrasings).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from harper_common.messages.query import Intent
from harper_starter.intent_prototypes import PROTOTYPES


class Embedder(Protocol):
    """Turns texts into vectors (the indexer's `harper.index.embed`, or a test double)."""

    async def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


@dataclass(frozen=True)
class Match:
    """The best intent by meaning, its score and its lead over the runner-up."""

    intent: Intent
    similarity: float
    margin: float


def _unit(vector: Sequence[float]) -> list[float]:
    norm = math.sqrt(sum(x * x for x in vector)) or 1.0
    return [x / norm for x in vector]


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


class PrototypeIndex:
    """Per-intent kNN over embedded prototype sentences."""

    def __init__(
        self,
        embedder: Embedder,
        prototypes: dict[Intent, tuple[str, ...]] | None = None,
        k: int = 3,
    ) -> None:
        self._embedder = embedder
        self._prototypes = prototypes or PROTOTYPES
        self._k = k
        self._vectors: dict[Intent, list[list[float]]] | None = None
        self._lock = asyncio.Lock()

    async def _ensure(self) -> dict[Intent, list[list[float]]]:
        async with self._lock:
            if self._vectors is None:
                items = [(i, text) for i, texts in self._prototypes.items() for text in texts]
                vectors = await self._embedder.embed([text for _, text in items])
                table: dict[Intent, list[list[float]]] = {}
                for (intent, _), vector in zip(items, vectors, strict=True):
                    table.setdefault(intent, []).append(_unit(vector))
                self._vectors = table
            return self._vectors

    async def nearest(self, query: str) -> Match:
        """Score the query against every intent; the best one with its margin."""
        table = await self._ensure()
        (vector,) = await self._embedder.embed([query])
        unit = _unit(vector)
        scores: dict[Intent, float] = {}
        for intent, vectors in table.items():
            top = sorted((_cosine(unit, v) for v in vectors), reverse=True)[: self._k]
            scores[intent] = sum(top) / len(top)
        ranked = sorted(scores.items(), key=lambda item: -item[1])
        (best, score), runner_up = ranked[0], ranked[1][1] if len(ranked) > 1 else 0.0
        return Match(intent=best, similarity=score, margin=score - runner_up)
