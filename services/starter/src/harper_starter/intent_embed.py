"""The second stage: pick an intent by meaning when the rules are unsure.

The labelled examples (`intent_examples`, account names masked as "the account") are embedded
once, lazily, through an `Embedder` (in production the indexer's model over the bus). A query is
scored against each intent as the mean cosine similarity of its k nearest examples of that
intent (a per-class kNN, steadier than one centroid when an intent has many phrasings).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from harper_common.messages.query import Intent


class Embedder(Protocol):
    """Turns texts into vectors (the indexer's `harper.index.embed`, or a test double)."""

    async def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


@dataclass(frozen=True)
class LabelledText:
    """An example as the index holds it: masked text and intent."""

    text: str
    intent: Intent


@dataclass(frozen=True)
class Match:
    """The best intent by meaning, its score and its lead over the runner-up."""

    intent: Intent
    similarity: float
    margin: float


WAIT_FOR_EXAMPLES_S = 10.0
"""How long a query waits for the examples' first embedding before the rules' answer stands."""


class ExampleIndex:
    """Per-intent kNN over embedded labelled examples.

    The examples are embedded once, by one task, whoever asks first (`warm` at start, or the
    first unsure query); a failed attempt is retried by the next caller. A query waits at most
    ``wait_s`` for it and then raises `TimeoutError`, so a slow or absent embedder never holds
    a question for longer than that.
    """

    def __init__(
        self,
        embedder: Embedder,
        examples: Sequence[LabelledText],
        k: int = 5,
        wait_s: float = WAIT_FOR_EXAMPLES_S,
    ) -> None:
        if not examples:
            raise ValueError("the example index needs at least one example")
        self._embedder = embedder
        self._examples = list(examples)
        self._intents = sorted({e.intent for e in self._examples})
        self._rows = {
            intent: np.array([i for i, e in enumerate(self._examples) if e.intent == intent])
            for intent in self._intents
        }
        self._k = k
        self._wait_s = wait_s
        self._matrix: NDArray[np.float32] | None = None
        self._task: asyncio.Task[NDArray[np.float32]] | None = None

    async def warm(self) -> None:
        """Embed the examples now rather than on the first unsure query (raises if it fails)."""
        await self._embedding()

    def _embedding(self) -> asyncio.Future[NDArray[np.float32]]:
        if self._task is None or _failed(self._task):
            self._task = asyncio.ensure_future(self._embed_examples())
        return asyncio.shield(self._task)

    async def _embed_examples(self) -> NDArray[np.float32]:
        vectors = await self._embedder.embed([e.text for e in self._examples])
        self._matrix = unit_rows(vectors)
        return self._matrix

    async def nearest(self, query: str) -> Match:
        """Score the query against every intent; the best one with its margin."""
        matrix = self._matrix
        if matrix is None:
            matrix = await asyncio.wait_for(self._embedding(), self._wait_s)
        (vector,) = unit_rows(await self._embedder.embed([query]))
        similarities = matrix @ vector
        scores: dict[Intent, float] = {}
        for intent in self._intents:
            values = similarities[self._rows[intent]]
            top = np.sort(values)[::-1][: self._k]
            scores[intent] = float(top.mean())
        ranked = sorted(scores.items(), key=lambda item: -item[1])
        (best, score), runner_up = ranked[0], ranked[1][1] if len(ranked) > 1 else 0.0
        return Match(best, score, score - runner_up)


def unit_rows(vectors: Sequence[Sequence[float]]) -> NDArray[np.float32]:
    """The vectors as rows of length one (a zero vector stays zero)."""
    matrix = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return (matrix / np.where(norms == 0, 1.0, norms)).astype(np.float32)


def _failed(task: asyncio.Task[NDArray[np.float32]]) -> bool:
    """Finished without vectors (raised or cancelled), so the next caller starts it again."""
    return task.done() and (task.cancelled() or task.exception() is not None)
