"""The third collection, ``source_passages``: every source cut into passages, in a Qdrant.

Each point is one passage (``passage_cuts.CutPassage``) keyed by a UUID5 of its key (file, line,
content hash), so an unchanged passage keeps its point and is never embedded twice. Vectors: a
dense MiniLM vector (cosine) and a BM25 sparse vector; payload: ``account_id``, ``path``,
``channel``, ``kind``, ``date``, ``speaker``, ``direction``, ``line``, ``text``, ``after``,
``version``. ``EdgePassageStore`` keeps it in a qdrant-edge shard beside the other two;
``ServerPassageStore`` on a Qdrant server (or qdrant-client's local mode in tests).
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import qdrant_edge as qe
from qdrant_client import QdrantClient, models

from harper_indexer.edge_store import (
    edge_filter,
    ensure_keyword_indexes,
    fused_query,
    hybrid_config,
    hybrid_vectors,
    open_shard,
)
from harper_indexer.server_store import (
    create_hybrid_collection,
    fused_points,
    server_filter,
    server_sparse,
)
from harper_indexer.sparse import SparseVec
from harper_indexer.store import DENSE_VECTOR, LEXICAL_VECTOR, SCROLL_PAGE, PayloadMatch

PASSAGES = "source_passages"
PASSAGE_KEYWORDS = ("account_id", "path", "channel")
_NAMESPACE = uuid.UUID("0b8e52a4-3c1f-5d7e-8a90-6e2c4f1b7d35")


def passage_point_id(key: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, key))


@dataclass(frozen=True)
class PassagePoint:
    point_id: str
    dense: Sequence[float]
    lexical: SparseVec
    payload: dict[str, Any]


@dataclass(frozen=True)
class PassageScored:
    score: float
    payload: dict[str, Any]


class PassageStore(Protocol):
    def upsert(self, points: Sequence[PassagePoint]) -> None: ...

    def point_ids(self, account_id: str) -> set[str]:
        """Ids of every passage stored for the account."""
        ...

    def delete(self, point_ids: Sequence[str]) -> None: ...

    def delete_account(self, account_id: str) -> None: ...

    def search(
        self, dense: Sequence[float], lexical: SparseVec, match: PayloadMatch, limit: int
    ) -> list[PassageScored]:
        """Passages within ``match`` ranked by RRF of the dense and BM25 rankings."""
        ...

    def count(self) -> int: ...

    def clear(self) -> None: ...

    def close(self) -> None: ...


class EdgePassageStore:
    """The passages in a qdrant-edge shard at ``directory`` (one opener; calls serialised)."""

    def __init__(self, directory: Path, *, dense_dim: int) -> None:
        self._lock = threading.Lock()
        self._shard = open_shard(directory, hybrid_config(dense_dim))
        ensure_keyword_indexes(self._shard, PASSAGE_KEYWORDS)

    def upsert(self, points: Sequence[PassagePoint]) -> None:
        if not points:
            return
        edge_points = [
            qe.Point(p.point_id, hybrid_vectors(p.dense, p.lexical), p.payload) for p in points
        ]
        with self._lock:
            self._shard.update(qe.UpdateOperation.upsert_points(edge_points))

    def point_ids(self, account_id: str) -> set[str]:
        where = edge_filter({"account_id": [account_id]})
        found: set[str] = set()
        offset: qe.PointId | None = None
        while True:
            request = qe.ScrollRequest(
                offset=offset,
                limit=SCROLL_PAGE,
                filter=where,
                with_payload=False,
                with_vector=False,
            )
            with self._lock:
                records, offset = self._shard.scroll(request)
            found.update(str(record.id) for record in records)
            if offset is None:
                return found

    def delete(self, point_ids: Sequence[str]) -> None:
        if point_ids:
            ids: list[qe.PointId] = list(point_ids)
            with self._lock:
                self._shard.update(qe.UpdateOperation.delete_points(ids))

    def delete_account(self, account_id: str) -> None:
        where = edge_filter({"account_id": [account_id]})
        assert where is not None
        with self._lock:
            self._shard.update(qe.UpdateOperation.delete_points_by_filter(where))

    def search(
        self, dense: Sequence[float], lexical: SparseVec, match: PayloadMatch, limit: int
    ) -> list[PassageScored]:
        with self._lock:
            points = fused_query(self._shard, dense, lexical, edge_filter(match), limit)
        return [PassageScored(point.score, point.payload) for point in points]

    def count(self) -> int:
        with self._lock:
            return self._shard.count(qe.CountRequest(exact=True, filter=None))

    def clear(self) -> None:
        with self._lock:
            self._shard.update(qe.UpdateOperation.delete_points_by_filter(qe.Filter(must=[])))

    def close(self) -> None:
        with self._lock:
            self._shard.flush()
            self._shard.close()


class ServerPassageStore:
    """The passages on the Qdrant behind ``client`` (created on first use)."""

    def __init__(self, client: QdrantClient, *, dense_dim: int) -> None:
        self._client = client
        self._dense_dim = dense_dim
        create_hybrid_collection(client, PASSAGES, dense_dim, PASSAGE_KEYWORDS)

    def upsert(self, points: Sequence[PassagePoint]) -> None:
        if not points:
            return
        structs = [
            models.PointStruct(
                id=p.point_id,
                vector={DENSE_VECTOR: list(p.dense), LEXICAL_VECTOR: server_sparse(p.lexical)},
                payload=p.payload,
            )
            for p in points
        ]
        self._client.upsert(PASSAGES, structs, wait=True)

    def point_ids(self, account_id: str) -> set[str]:
        where = server_filter({"account_id": [account_id]})
        found: set[str] = set()
        offset: models.ExtendedPointId | None = None
        while True:
            records, offset = self._client.scroll(
                PASSAGES, scroll_filter=where, limit=SCROLL_PAGE, offset=offset, with_payload=False
            )
            found.update(str(record.id) for record in records)
            if offset is None:
                return found

    def delete(self, point_ids: Sequence[str]) -> None:
        if point_ids:
            ids: list[models.ExtendedPointId] = list(point_ids)
            self._client.delete(PASSAGES, models.PointIdsList(points=ids), wait=True)

    def delete_account(self, account_id: str) -> None:
        where = server_filter({"account_id": [account_id]})
        assert where is not None
        self._client.delete(PASSAGES, models.FilterSelector(filter=where), wait=True)

    def search(
        self, dense: Sequence[float], lexical: SparseVec, match: PayloadMatch, limit: int
    ) -> list[PassageScored]:
        found = fused_points(self._client, PASSAGES, dense, lexical, match, limit)
        return [PassageScored(p.score, p.payload) for p in found]

    def count(self) -> int:
        return self._client.count(PASSAGES, exact=True).count

    def clear(self) -> None:
        self._client.delete_collection(PASSAGES)
        create_hybrid_collection(self._client, PASSAGES, self._dense_dim, PASSAGE_KEYWORDS)

    def close(self) -> None:
        self._client.close()


def open_passage_store(qdrant_url: str | None, directory: Path, *, dense_dim: int) -> PassageStore:
    """On the Qdrant server at ``qdrant_url`` when one is given, else qdrant-edge in
    ``directory/source_passages``."""
    if qdrant_url:
        return ServerPassageStore(QdrantClient(url=qdrant_url), dense_dim=dense_dim)
    return EdgePassageStore(directory / PASSAGES, dense_dim=dense_dim)
