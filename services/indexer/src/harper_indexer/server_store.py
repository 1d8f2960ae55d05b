"""``ServerStore``: the two collections on a Qdrant server, through qdrant-client.

``ServerStore.connect(url)`` for a server (``QDRANT_URL``). Tests pass
``QdrantClient(location=":memory:")``: qdrant-client's local mode, which behaves the same but
ignores payload indexes and is slow (MEASURED.md), so it is for tests only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from qdrant_client import QdrantClient, models

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


class ServerStore:
    """Both collections on the Qdrant behind ``client``, created on first use."""

    def __init__(self, client: QdrantClient, *, dense_dim: int, label: str) -> None:
        self._client = client
        self._label = label
        self._dense_dim = dense_dim
        self._create_missing()

    @classmethod
    def connect(cls, url: str, *, dense_dim: int, api_key: str | None = None) -> ServerStore:
        """A store on the Qdrant server at ``url``."""
        client = QdrantClient(url=url, api_key=api_key)
        return cls(client, dense_dim=dense_dim, label=f"qdrant server ({url})")

    @property
    def label(self) -> str:
        return self._label

    def upsert(self, points: Sequence[AccountPoint]) -> None:
        if not points:
            return
        names = [
            models.PointStruct(id=pid, vector={NAME_VECTOR: server_sparse(vector)}, payload=payload)
            for p in points
            for pid, vector, payload in name_points(p)
        ]
        self._client.delete(
            NAMES, models.FilterSelector(filter=_people_of([p.account_id for p in points]))
        )
        descriptions = [
            models.PointStruct(
                id=point_id(p.account_id),
                vector={DENSE_VECTOR: list(p.dense), LEXICAL_VECTOR: server_sparse(p.lexical)},
                payload=p.payload,
            )
            for p in points
        ]
        self._client.upsert(NAMES, names, wait=True)
        self._client.upsert(DESCRIPTIONS, descriptions, wait=True)

    def delete(self, account_ids: Sequence[str]) -> None:
        selector = models.PointIdsList(points=[point_id(a) for a in account_ids])
        self._client.delete(DESCRIPTIONS, selector, wait=True)
        self._client.delete(NAMES, selector, wait=True)
        self._client.delete(NAMES, models.FilterSelector(filter=_people_of(account_ids)))

    def payloads(self, account_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        ids: list[models.ExtendedPointId] = [point_id(a) for a in account_ids]
        records = self._client.retrieve(DESCRIPTIONS, ids, with_payload=True)
        found = [dict(record.payload or {}) for record in records]
        return {payload["account_id"]: payload for payload in found}

    def search_names(self, vector: SparseVec, limit: int) -> list[Scored]:
        if not vector:
            return []
        response = self._client.query_points(
            NAMES, query=server_sparse(vector), using=NAME_VECTOR, limit=limit, with_payload=True
        )
        return [Scored(p.score, dict(p.payload or {})) for p in response.points]

    def search_names_now(self, vector: SparseVec, limit: int) -> None:
        return None  # a call over the network is never made from the event loop

    def search_descriptions(
        self, dense: Sequence[float], lexical: SparseVec, match: PayloadMatch, limit: int
    ) -> list[Scored]:
        found = fused_points(self._client, DESCRIPTIONS, dense, lexical, match, limit)
        return [Scored(p.score, p.payload) for p in found]

    def scan(
        self, match: PayloadMatch, limit: int | None = None, fields: Sequence[str] | None = None
    ) -> list[dict[str, Any]]:
        where = server_filter(match)
        selector: bool | list[str] = list(fields) if fields is not None else True
        found: list[dict[str, Any]] = []
        offset: models.ExtendedPointId | None = None
        while limit is None or len(found) < limit:
            page = SCROLL_PAGE if limit is None else min(SCROLL_PAGE, limit - len(found))
            records, offset = self._client.scroll(
                DESCRIPTIONS, scroll_filter=where, limit=page, offset=offset, with_payload=selector
            )
            found.extend(dict(record.payload or {}) for record in records)
            if offset is None:
                break
        return found

    def count(self, match: PayloadMatch | None = None) -> int:
        return self._client.count(
            DESCRIPTIONS, count_filter=server_filter(match or {}), exact=True
        ).count

    def optimize(self) -> None:
        """Nothing to do: the server optimises on its own."""

    def clear(self) -> None:
        for name in (NAMES, DESCRIPTIONS):
            self._client.delete_collection(name)
        self._create_missing()

    def close(self) -> None:
        self._client.close()

    def _create_missing(self) -> None:
        idf = models.SparseVectorParams(modifier=models.Modifier.IDF)
        if not self._client.collection_exists(NAMES):
            self._client.create_collection(
                NAMES, vectors_config={}, sparse_vectors_config={NAME_VECTOR: idf}
            )
        create_hybrid_collection(self._client, DESCRIPTIONS, self._dense_dim, KEYWORD_FIELDS)


def _people_of(account_ids: Sequence[str]) -> models.Filter:
    """The contact and initials points of these accounts in ``account_names``."""
    return models.Filter(
        must=[
            models.FieldCondition(key="account_id", match=models.MatchAny(any=list(account_ids))),
            models.FieldCondition(key="kind", match=models.MatchAny(any=list(EXTRA_NAME_KINDS))),
        ]
    )


def create_hybrid_collection(
    client: QdrantClient, name: str, dense_dim: int, keyword_fields: Sequence[str]
) -> None:
    """A collection with a dense (cosine) and a lexical (IDF) vector per point and keyword
    indexes on ``keyword_fields``, unless it exists: descriptions and passages."""
    if client.collection_exists(name):
        return
    client.create_collection(
        name,
        vectors_config={
            DENSE_VECTOR: models.VectorParams(size=dense_dim, distance=models.Distance.COSINE)
        },
        sparse_vectors_config={
            LEXICAL_VECTOR: models.SparseVectorParams(modifier=models.Modifier.IDF)
        },
    )
    if not is_local(client):
        for field in keyword_fields:
            client.create_payload_index(name, field, models.PayloadSchemaType.KEYWORD)


def fused_points(
    client: QdrantClient,
    collection: str,
    dense: Sequence[float],
    lexical: SparseVec,
    match: PayloadMatch,
    limit: int,
) -> list[RankedPoint]:
    """Nearest by the dense vector and by the lexical one, within ``match``, fused by RRF
    (``fusion.fuse``: the order depends on the scores and keys only, as on qdrant-edge)."""
    where = server_filter(match)
    depth = depth_for(limit)
    queries: list[tuple[models.Query | list[float] | models.SparseVector, str]] = [
        (list(dense), DENSE_VECTOR)
    ]
    if lexical:
        queries.append((server_sparse(lexical), LEXICAL_VECTOR))
    requests = [
        models.QueryRequest(
            query=query, using=using, filter=where, limit=depth + TIE_SPARE, with_payload=True
        )
        for query, using in queries
    ]
    responses = client.query_batch_points(collection, requests)
    rankings = [
        [RankedPoint(p.score, str(p.id), dict(p.payload or {})) for p in response.points]
        for response in responses
    ]
    return fuse(rankings, depth, limit)


def is_local(client: QdrantClient) -> bool:
    """True for qdrant-client's local mode, which has no payload indexes (and warns if asked)."""
    options = client.init_options
    return options.get("location") == ":memory:" or bool(options.get("path"))


def server_sparse(vector: SparseVec) -> models.SparseVector:
    return models.SparseVector(indices=list(vector.indices), values=list(vector.values))


def server_filter(match: PayloadMatch) -> models.Filter | None:
    """Every key of ``match`` has one of its values; None for no condition."""
    if not match:
        return None
    conditions: list[models.Condition] = [
        models.FieldCondition(key=key, match=models.MatchAny(any=list(values)))
        for key, values in match.items()
    ]
    return models.Filter(must=conditions)
