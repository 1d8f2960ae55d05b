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

from harper_indexer.sparse import SparseVec
from harper_indexer.store import DENSE_VECTOR, LEXICAL_VECTOR, RRF_K, SCROLL_PAGE, PayloadMatch

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
        config = qe.EdgeConfig(
            vectors={
                DENSE_VECTOR: qe.EdgeVectorParams(size=dense_dim, distance=qe.Distance.Cosine)
            },
            sparse_vectors={LEXICAL_VECTOR: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
            payload_memory=qe.Memory.Cached,
        )
        if (directory / "edge_config.json").exists():
            self._shard = qe.EdgeShard.load(str(directory), config)
        else:
            directory.mkdir(parents=True, exist_ok=True)
            self._shard = qe.EdgeShard.create(str(directory), config)
        present = set(self._shard.info().payload_schema)
        for field in PASSAGE_KEYWORDS:
            if field not in present:
                self._shard.update(
                    qe.UpdateOperation.create_field_index(field, qe.PayloadSchemaType.Keyword)
                )

    def upsert(self, points: Sequence[PassagePoint]) -> None:
        if not points:
            return
        edge_points = [
            qe.Point(
                p.point_id,
                {
                    DENSE_VECTOR: list(p.dense),
                    LEXICAL_VECTOR: qe.SparseVector(
                        list(p.lexical.indices), list(p.lexical.values)
                    ),
                },
                p.payload,
            )
            for p in points
        ]
        with self._lock:
            self._shard.update(qe.UpdateOperation.upsert_points(edge_points))

    def point_ids(self, account_id: str) -> set[str]:
        where = _edge_filter({"account_id": [account_id]})
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
        where = _edge_filter({"account_id": [account_id]})
        assert where is not None
        with self._lock:
            self._shard.update(qe.UpdateOperation.delete_points_by_filter(where))

    def search(
        self, dense: Sequence[float], lexical: SparseVec, match: PayloadMatch, limit: int
    ) -> list[PassageScored]:
        where = _edge_filter(match)
        depth = max(limit * 4, 40)
        prefetches = [
            qe.Prefetch(
                depth, query=qe.Query.Nearest(list(dense), using=DENSE_VECTOR), filter=where
            )
        ]
        if lexical:
            sparse = qe.SparseVector(list(lexical.indices), list(lexical.values))
            prefetches.append(
                qe.Prefetch(
                    depth, query=qe.Query.Nearest(sparse, using=LEXICAL_VECTOR), filter=where
                )
            )
        request = qe.QueryRequest(
            limit=limit,
            prefetches=prefetches,
            query=qe.Fusion.Rrf(k=RRF_K),  # type: ignore[arg-type]  # stub lacks Fusion.Rrf
            filter=where,
            with_payload=True,
        )
        with self._lock:
            points = self._shard.query(request)
        return [PassageScored(point.score, dict(point.payload or {})) for point in points]

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


def _edge_filter(match: PayloadMatch) -> qe.Filter | None:
    if not match:
        return None
    conditions: list[qe.ConditionType] = [
        qe.FieldCondition(key, match=qe.MatchAny(list(values))) for key, values in match.items()
    ]
    return qe.Filter(must=conditions)


class ServerPassageStore:
    """The passages on the Qdrant behind ``client`` (created on first use)."""

    def __init__(self, client: QdrantClient, *, dense_dim: int) -> None:
        self._client = client
        self._dense_dim = dense_dim
        self._create_missing()

    def upsert(self, points: Sequence[PassagePoint]) -> None:
        if not points:
            return
        structs = [
            models.PointStruct(
                id=p.point_id,
                vector={DENSE_VECTOR: list(p.dense), LEXICAL_VECTOR: _sparse(p.lexical)},
                payload=p.payload,
            )
            for p in points
        ]
        self._client.upsert(PASSAGES, structs, wait=True)

    def point_ids(self, account_id: str) -> set[str]:
        where = _server_filter({"account_id": [account_id]})
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
        where = _server_filter({"account_id": [account_id]})
        assert where is not None
        self._client.delete(PASSAGES, models.FilterSelector(filter=where), wait=True)

    def search(
        self, dense: Sequence[float], lexical: SparseVec, match: PayloadMatch, limit: int
    ) -> list[PassageScored]:
        where = _server_filter(match)
        depth = max(limit * 4, 40)
        prefetch = [
            models.Prefetch(query=list(dense), using=DENSE_VECTOR, filter=where, limit=depth)
        ]
        if lexical:
            prefetch.append(
                models.Prefetch(
                    query=_sparse(lexical), using=LEXICAL_VECTOR, filter=where, limit=depth
                )
            )
        response = self._client.query_points(
            PASSAGES,
            prefetch=prefetch,
            query=models.RrfQuery(rrf=models.Rrf(k=RRF_K)),
            query_filter=where,
            limit=limit,
            with_payload=True,
        )
        return [PassageScored(p.score, dict(p.payload or {})) for p in response.points]

    def count(self) -> int:
        return self._client.count(PASSAGES, exact=True).count

    def clear(self) -> None:
        self._client.delete_collection(PASSAGES)
        self._create_missing()

    def close(self) -> None:
        self._client.close()

    def _create_missing(self) -> None:
        if self._client.collection_exists(PASSAGES):
            return
        dense = models.VectorParams(size=self._dense_dim, distance=models.Distance.COSINE)
        self._client.create_collection(
            PASSAGES,
            vectors_config={DENSE_VECTOR: dense},
            sparse_vectors_config={
                LEXICAL_VECTOR: models.SparseVectorParams(modifier=models.Modifier.IDF)
            },
        )
        options = self._client.init_options
        if not (options.get("location") == ":memory:" or options.get("path")):
            for field in PASSAGE_KEYWORDS:
                self._client.create_payload_index(PASSAGES, field, models.PayloadSchemaType.KEYWORD)


def _sparse(vector: SparseVec) -> models.SparseVector:
    return models.SparseVector(indices=list(vector.indices), values=list(vector.values))


def _server_filter(match: PayloadMatch) -> models.Filter | None:
    if not match:
        return None
    conditions: list[models.Condition] = [
        models.FieldCondition(key=key, match=models.MatchAny(any=list(values)))
        for key, values in match.items()
    ]
    return models.Filter(must=conditions)


def open_passage_store(qdrant_url: str | None, directory: Path, *, dense_dim: int) -> PassageStore:
    """On the Qdrant server at ``qdrant_url`` when one is given, else qdrant-edge in
    ``directory/source_passages``."""
    if qdrant_url:
        return ServerPassageStore(QdrantClient(url=qdrant_url), dense_dim=dense_dim)
    return EdgePassageStore(directory / PASSAGES, dense_dim=dense_dim)
