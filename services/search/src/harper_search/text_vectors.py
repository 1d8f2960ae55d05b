"""Sentence vectors from the indexer (MiniLM, ``harper.index.embed``), the book's values kept.

Values of the book and the words of the category table are few and asked again and again: their
vectors are kept (up to ``limit`` texts). The words of a question are embedded each time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]
"""One unit-length row per text."""

EMBED_BATCH = 256
"""Texts per embed request (the request's limit)."""


class TextEmbedder(Protocol):
    """``IndexClient.embed``: one vector per text, in order."""

    async def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


class TextVectors:
    def __init__(self, embedder: TextEmbedder, limit: int = 50_000) -> None:
        self.embedder = embedder
        self.limit = limit
        self._kept: dict[str, npt.NDArray[np.float32]] = {}

    async def matrix(self, texts: Sequence[str], keep: bool = True) -> Matrix:
        """The vectors of ``texts`` as rows (missing ones embedded; kept when ``keep``)."""
        missing = list(dict.fromkeys(t for t in texts if t not in self._kept))
        fresh: dict[str, npt.NDArray[np.float32]] = {}
        for start in range(0, len(missing), EMBED_BATCH):
            batch = missing[start : start + EMBED_BATCH]
            for text, vector in zip(batch, await self.embedder.embed(batch), strict=True):
                fresh[text] = _unit(vector)
        if keep and len(self._kept) + len(fresh) <= self.limit:
            self._kept.update(fresh)
        if not texts:
            return np.zeros((0, 1), dtype=np.float32)
        return np.stack([fresh[t] if t in fresh else self._kept[t] for t in texts])


def _unit(vector: list[float]) -> npt.NDArray[np.float32]:
    array = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(array))
    return array / norm if norm else array
