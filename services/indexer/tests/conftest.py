"""Shared fixtures: the real MiniLM (loaded once), a 200-account demo book, indexes over it.

The embedder is memoised per text so the demo book is embedded once for both stores.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import date
from pathlib import Path

import numpy as np
import pytest
from qdrant_client import QdrantClient

from harper_common.demo import generate_demo
from harper_common.memory import AccountState, MemoryRoot, read_state
from harper_indexer.account_index import AccountIndex
from harper_indexer.edge_store import EdgeStore
from harper_indexer.embedding import MiniLMEmbedder, Vectors
from harper_indexer.ingest import ingest_memory_root
from harper_indexer.server_store import ServerStore
from harper_indexer.store import VectorStore

STORE_KINDS = ("edge", "server")
DIM = 384


class MemoEmbedder:
    """The real embedder with a cache: a text is run through the model once per session."""

    def __init__(self, inner: MiniLMEmbedder) -> None:
        self.inner = inner
        self.model_name = inner.model_name
        self.dim = inner.dim
        self.cache: dict[str, np.ndarray] = {}

    def load(self) -> None:
        self.inner.load()

    def embed(self, texts: Sequence[str]) -> Vectors:
        missing = sorted({t for t in texts if t not in self.cache})
        if missing:
            self.cache.update(zip(missing, self.inner.embed(missing), strict=True))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            out[row] = self.cache[text]
        return out


def open_store(kind: str, directory: Path) -> VectorStore:
    if kind == "edge":
        return EdgeStore(directory, dense_dim=DIM)
    return ServerStore(QdrantClient(location=":memory:"), dense_dim=DIM, label="local")


@pytest.fixture(scope="session")
def minilm() -> MiniLMEmbedder:
    embedder = MiniLMEmbedder()
    embedder.load()
    return embedder


@pytest.fixture(scope="session")
def embedder(minilm: MiniLMEmbedder) -> MemoEmbedder:
    return MemoEmbedder(minilm)


@pytest.fixture(scope="session")
def demo_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A demo book of 200 accounts (seed 7); tests must not change it."""
    base = tmp_path_factory.mktemp("demo")
    generate_demo(
        base / "mem", accounts=200, seed=7, as_of=date(2026, 2, 20),
        truth_path=base / "truth.json", workers=1,
    )  # fmt: skip
    return base / "mem"


@pytest.fixture(scope="session")
def demo_states(demo_root: Path) -> list[AccountState]:
    memory = MemoryRoot(demo_root)
    return [read_state(memory.state_path(i), expected_id=i) for i in memory.account_ids()]


@pytest.fixture(scope="session", params=STORE_KINDS)
def demo_index(
    request: pytest.FixtureRequest,
    demo_root: Path,
    embedder: MemoEmbedder,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[AccountIndex]:
    """The demo book indexed in each store kind (read-only for tests)."""
    store = open_store(request.param, tmp_path_factory.mktemp("index"))
    index = AccountIndex(store, embedder)
    ingest_memory_root(demo_root, index)
    yield index
    store.close()


@pytest.fixture(params=STORE_KINDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[VectorStore]:
    """A fresh, empty store of each kind."""
    opened = open_store(request.param, tmp_path / "index")
    yield opened
    opened.close()
