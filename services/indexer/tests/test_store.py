"""Both vector stores behave the same (qdrant-edge, and qdrant-client's local mode)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from harper_indexer.edge_store import EdgeStore
from harper_indexer.names import name_vector, query_vector
from harper_indexer.sparse import SparseVec
from harper_indexer.store import AccountPoint, VectorStore, point_id

DIM = 384


def _point(account_id: str, name: str, stage: str, axis: int, version: int = 1) -> AccountPoint:
    dense = [0.0] * DIM
    dense[axis] = 1.0
    payload: dict[str, Any] = {
        "account_id": account_id,
        "account_name": name,
        "stage": stage,
        "version": version,
        "kw_stage": stage.lower(),
        "kw_insurance": ["general liability", "cyber"] if axis % 2 else ["auto"],
    }
    return AccountPoint(
        account_id=account_id,
        name_vector=name_vector(name),
        name_payload={"account_id": account_id, "account_name": name},
        dense=dense,
        lexical=SparseVec((axis + 1,), (1.0,)),
        payload=payload,
    )


POINTS = [
    _point("1", "Maple Avenue Dental", "Quoted", 0),
    _point("2", "Sunny Days Childcare", "Quoted", 1),
    _point("3", "Cascade Ridge Roofing", "Bound", 2),
    _point("10", "Kestrel Roofing", "Intake", 3),
]


def test_upsert_count_and_payloads(store: VectorStore) -> None:
    store.upsert(POINTS)
    assert store.count() == 4
    assert store.count({"kw_stage": ["quoted"]}) == 2
    assert store.count({"kw_stage": []}) == 0
    stored = store.payloads(["1", "3", "99"])
    assert set(stored) == {"1", "3"} and stored["3"]["account_name"] == "Cascade Ridge Roofing"


def test_upsert_replaces_and_delete_removes(store: VectorStore) -> None:
    store.upsert(POINTS)
    store.upsert([_point("1", "Maple Avenue Dental", "Bound", 0, version=2)])
    assert store.payloads(["1"])["1"]["version"] == 2
    assert store.count() == 4
    store.delete(["1", "99"])
    assert store.payloads(["1"]) == {} and store.count() == 3
    assert all(s.payload["account_id"] != "1" for s in store.search_names(query_vector("maple"), 5))


def test_search_names_by_trigrams(store: VectorStore) -> None:
    store.upsert(POINTS)
    found = store.search_names(query_vector("cascade rdge rofing"), 2)
    assert found[0].payload == {"account_id": "3", "account_name": "Cascade Ridge Roofing"}
    assert store.search_names(SparseVec((), ()), 5) == []


def test_hybrid_search_fuses_and_filters(store: VectorStore) -> None:
    store.upsert(POINTS)
    dense = [0.0] * DIM
    dense[1] = 1.0
    hits = store.search_descriptions(dense, SparseVec((2,), (1.0,)), {}, 3)
    assert hits[0].payload["account_id"] == "2"
    assert hits[0].score > hits[-1].score
    quoted = store.search_descriptions(dense, SparseVec((3,), (1.0,)), {"kw_stage": ["quoted"]}, 10)
    assert {h.payload["account_id"] for h in quoted} == {"1", "2"}
    dense_only = store.search_descriptions(dense, SparseVec((), ()), {}, 2)
    assert dense_only[0].payload["account_id"] == "2"


def test_scan_matches_array_fields_and_pages(store: VectorStore) -> None:
    many = [_point(str(i), f"Business {i}", "Quoted", i % 7) for i in range(1, 2501)]
    store.upsert(many)
    assert len(store.scan({})) == 2500
    assert len(store.scan({}, limit=1500)) == 1500
    cyber = store.scan({"kw_insurance": ["cyber"], "kw_stage": ["quoted"]})
    assert {p["account_id"] for p in cyber} == {str(i) for i in range(1, 2501) if i % 7 % 2}
    ids = store.scan({"kw_stage": ["quoted"]}, fields=["account_id"])
    assert len(ids) == 2500 and all(set(p) == {"account_id"} for p in ids)


def test_clear_empties_both_collections(store: VectorStore) -> None:
    store.upsert(POINTS)
    store.clear()
    assert store.count() == 0
    assert store.search_names(query_vector("maple avenue dental"), 5) == []
    store.upsert(POINTS[:1])
    assert store.count() == 1


def test_edge_store_keeps_points_after_reopening(tmp_path: Path) -> None:
    store = EdgeStore(tmp_path, dense_dim=DIM)
    store.upsert(POINTS)
    store.close()
    reopened = EdgeStore(tmp_path, dense_dim=DIM)
    try:
        assert reopened.count() == 4
        assert reopened.count({"kw_stage": ["quoted"]}) == 2
        found = reopened.search_names(query_vector("sunny days"), 1)
        assert found[0].payload["account_name"] == "Sunny Days Childcare"
    finally:
        reopened.close()


def test_point_ids_are_stable_and_distinct() -> None:
    assert point_id("29041") == point_id("29041")
    assert point_id("29041") != point_id("029041")
