"""``EdgeStore``: the two collections as qdrant-edge shards in one directory, in-process.

``<directory>/account_names`` and ``<directory>/account_descriptions`` are created on first
use and loaded afterwards (points persist across restarts). Only one process may open a
directory at a time: a second opener fails with qdrant-edge's "failed to open WAL" error.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import qdrant_edge as qe

from harper_indexer.descriptions import KEYWORD_FIELDS
from harper_indexer.fusion import TIE_SPARE, RankedPoint, depth_for, fuse
from harper_indexer.sparse import SparseVec
from harper_indexer.store import (
    DENSE_VECTOR,
    DESCRIPTIONS,
    EXTRA_NAME_KINDS,
    LEXICAL_VECTOR,
    NAME_VECTOR,
    NAMES,
    SCROLL_PAGE,
    AccountPoint,
    PayloadMatch,
    Scored,
    name_points,
    point_id,
)

_CONFIG_FILE = "edge_config.json"


class EdgeStore:
    """Both collections in qdrant-edge shards under ``directory`` (see the module docstring).

    Calls are serialised by a lock, so one store can be shared by worker threads.
    """

    def __init__(self, directory: Path, *, dense_dim: int) -> None:
        self._directory = directory
        self._lock = threading.Lock()
        self._names = open_shard(directory / NAMES, _names_config())
        try:
            self._descriptions = open_shard(directory / DESCRIPTIONS, hybrid_config(dense_dim))
        except Exception:
            self._names.close()
            raise
        ensure_keyword_indexes(self._descriptions, KEYWORD_FIELDS)

    @property
    def label(self) -> str:
        return f"qdrant-edge ({self._directory})"

    def upsert(self, points: Sequence[AccountPoint]) -> None:
        if not points:
            return
        names = [
            qe.Point(pid, {NAME_VECTOR: edge_sparse(vector)}, payload)
            for p in points
            for pid, vector, payload in name_points(p)
        ]
        people = _people_of([p.account_id for p in points])
        descriptions = [
            qe.Point(point_id(p.account_id), hybrid_vectors(p.dense, p.lexical), p.payload)
            for p in points
        ]
        with self._lock:
            self._names.update(qe.UpdateOperation.delete_points_by_filter(people))
            self._names.update(qe.UpdateOperation.upsert_points(names))
            self._descriptions.update(qe.UpdateOperation.upsert_points(descriptions))

    def delete(self, account_ids: Sequence[str]) -> None:
        ids: list[qe.PointId] = [point_id(account_id) for account_id in account_ids]
        with self._lock:
            self._descriptions.update(qe.UpdateOperation.delete_points(ids))
            self._names.update(qe.UpdateOperation.delete_points(ids))
            self._names.update(qe.UpdateOperation.delete_points_by_filter(_people_of(account_ids)))

    def payloads(self, account_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        ids: list[qe.PointId] = [point_id(account_id) for account_id in account_ids]
        with self._lock:
            records = self._descriptions.retrieve(ids, True, False)
        found = [dict(record.payload or {}) for record in records]
        return {payload["account_id"]: payload for payload in found}

    def search_names(self, vector: SparseVec, limit: int) -> list[Scored]:
        if not vector:
            return []
        with self._lock:
            points = self._names.query(_names_request(vector, limit))
        return [Scored(point.score, dict(point.payload or {})) for point in points]

    def search_names_now(self, vector: SparseVec, limit: int) -> list[Scored] | None:
        if not vector:
            return []
        if not self._lock.acquire(blocking=False):
            return None  # another thread is writing (or optimising): never wait for it here
        try:
            points = self._names.query(_names_request(vector, limit))
        finally:
            self._lock.release()
        return [Scored(point.score, dict(point.payload or {})) for point in points]

    def search_descriptions(
        self, dense: Sequence[float], lexical: SparseVec, match: PayloadMatch, limit: int
    ) -> list[Scored]:
        with self._lock:
            points = fused_query(self._descriptions, dense, lexical, edge_filter(match), limit)
        return [Scored(point.score, point.payload) for point in points]

    def scan(
        self, match: PayloadMatch, limit: int | None = None, fields: Sequence[str] | None = None
    ) -> list[dict[str, Any]]:
        where = edge_filter(match)
        selector = qe.PayloadSelector.Include(list(fields)) if fields is not None else True
        found: list[dict[str, Any]] = []
        offset: qe.PointId | None = None
        while limit is None or len(found) < limit:
            page = SCROLL_PAGE if limit is None else min(SCROLL_PAGE, limit - len(found))
            request = qe.ScrollRequest(
                offset=offset, limit=page, filter=where, with_payload=selector, with_vector=False
            )
            with self._lock:
                records, offset = self._descriptions.scroll(request)
            found.extend(dict(record.payload or {}) for record in records)
            if offset is None:
                break
        return found

    def count(self, match: PayloadMatch | None = None) -> int:
        request = qe.CountRequest(exact=True, filter=edge_filter(match or {}))
        with self._lock:
            return self._descriptions.count(request)

    def optimize(self) -> None:
        with self._lock:
            for shard in (self._names, self._descriptions):
                shard.optimize()
                shard.flush()

    def clear(self) -> None:
        everything = qe.Filter(must=[])
        with self._lock:
            self._descriptions.update(qe.UpdateOperation.delete_points_by_filter(everything))
            self._names.update(qe.UpdateOperation.delete_points_by_filter(everything))

    def close(self) -> None:
        with self._lock:
            for shard in (self._names, self._descriptions):
                shard.flush()
                shard.close()


def _names_request(vector: SparseVec, limit: int) -> qe.QueryRequest:
    return qe.QueryRequest(
        limit=limit,
        query=qe.Query.Nearest(edge_sparse(vector), using=NAME_VECTOR),
        with_payload=True,
    )


def _people_of(account_ids: Sequence[str]) -> qe.Filter:
    """The contact and initials points of these accounts in ``account_names``."""
    return qe.Filter(
        must=[
            qe.FieldCondition("account_id", match=qe.MatchAny(list(account_ids))),
            qe.FieldCondition("kind", match=qe.MatchAny(list(EXTRA_NAME_KINDS))),
        ]
    )


def open_shard(path: Path, config: qe.EdgeConfig) -> qe.EdgeShard:
    """The shard at ``path``: loaded when it exists, created (with its folder) otherwise."""
    if (path / _CONFIG_FILE).exists():
        return qe.EdgeShard.load(str(path), config)
    path.mkdir(parents=True, exist_ok=True)
    return qe.EdgeShard.create(str(path), config)


def _names_config() -> qe.EdgeConfig:
    sparse = {NAME_VECTOR: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)}
    return qe.EdgeConfig(vectors={}, sparse_vectors=sparse, payload_memory=qe.Memory.Cached)


def hybrid_config(dense_dim: int) -> qe.EdgeConfig:
    """A dense (cosine) and a lexical (IDF) vector per point: descriptions and passages."""
    return qe.EdgeConfig(
        vectors={DENSE_VECTOR: qe.EdgeVectorParams(size=dense_dim, distance=qe.Distance.Cosine)},
        sparse_vectors={LEXICAL_VECTOR: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
        payload_memory=qe.Memory.Cached,
    )


def ensure_keyword_indexes(shard: qe.EdgeShard, fields: Sequence[str]) -> None:
    present = set(shard.info().payload_schema)
    for field in fields:
        if field not in present:
            shard.update(qe.UpdateOperation.create_field_index(field, qe.PayloadSchemaType.Keyword))


def hybrid_vectors(dense: Sequence[float], lexical: SparseVec) -> dict[str, qe.NamedVector]:
    return {DENSE_VECTOR: list(dense), LEXICAL_VECTOR: edge_sparse(lexical)}


def fused_query(
    shard: qe.EdgeShard,
    dense: Sequence[float],
    lexical: SparseVec,
    where: qe.Filter | None,
    limit: int,
) -> list[RankedPoint]:
    """Nearest by the dense vector and by the lexical one, within ``where``, fused by RRF
    (``fusion.fuse``: the order depends on the scores only). The caller holds the shard."""
    depth = depth_for(limit)
    queries = [qe.Query.Nearest(list(dense), using=DENSE_VECTOR)]
    if lexical:
        queries.append(qe.Query.Nearest(edge_sparse(lexical), using=LEXICAL_VECTOR))
    rankings = [
        [
            RankedPoint(point.score, str(point.id), dict(point.payload or {}))
            for point in shard.query(
                qe.QueryRequest(
                    limit=depth + TIE_SPARE, query=query, filter=where, with_payload=True
                )
            )
        ]
        for query in queries
    ]
    return fuse(rankings, depth, limit)


def edge_sparse(vector: SparseVec) -> qe.SparseVector:
    return qe.SparseVector(list(vector.indices), list(vector.values))


def edge_filter(match: PayloadMatch) -> qe.Filter | None:
    """Every key of ``match`` has one of its values; None for no condition."""
    if not match:
        return None
    conditions: list[qe.ConditionType] = [
        qe.FieldCondition(key, match=qe.MatchAny(list(values))) for key, values in match.items()
    ]
    return qe.Filter(must=conditions)
