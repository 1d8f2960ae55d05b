"""Lexical sparse vectors for descriptions: BM25 term weights (stemmed English words).

Uses qdrant-edge's offline ``Bm25`` (no server, no download), so "childcare centers" meets
"Childcare Center". The store's IDF modifier supplies the inverse document frequencies.
"""

from __future__ import annotations

import threading

import qdrant_edge as qe

from harper_indexer.sparse import SparseVec

AVERAGE_TOKENS = 32.0
"""Typical description length in words, for BM25's length normalisation."""


class Bm25Vectors:
    """BM25 sparse vectors of documents and queries (the model is built on first use)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._model: qe.Bm25 | None = None

    def document(self, text: str) -> SparseVec:
        """Term-frequency weights of an indexed text (saturated and length-normalised)."""
        return _vec(self._bm25().embed_document(text))

    def query(self, text: str) -> SparseVec:
        """Each distinct term of a query with weight 1."""
        return _vec(self._bm25().embed_query(text))

    def _bm25(self) -> qe.Bm25:
        with self._lock:
            if self._model is None:
                config = qe.Bm25Config(language="english", avg_len=AVERAGE_TOKENS)
                self._model = qe.Bm25(config)
            return self._model


def _vec(vector: qe.SparseVector) -> SparseVec:
    return SparseVec.from_weights(dict(zip(vector.indices, vector.values, strict=True)))
