"""Fused rankings depend on the scores only: not on the order the store hands back ties."""

from __future__ import annotations

import random
from pathlib import Path

from harper_indexer.fusion import RankedPoint, fuse
from harper_indexer.passage_store import EdgePassageStore, PassagePoint, passage_point_id
from harper_indexer.sparse import SparseVec
from harper_indexer.store import RRF_K


def point(key: str, score: float) -> RankedPoint:
    return RankedPoint(score, key, {"key": key})


def test_equal_scores_are_ranked_by_point_id() -> None:
    dense = [point("a", 0.9), point("c", 0.8), point("b", 0.8), point("d", 0.1)]
    fused = {p.point_id: p.score for p in fuse([dense], depth=10, limit=10)}
    assert fused["b"] == 1.0 / (RRF_K + 1)
    assert fused["c"] == 1.0 / (RRF_K + 2)
    assert fused["d"] == 1.0 / (RRF_K + 3)


def test_a_tie_at_the_depth_cut_is_cut_by_point_id() -> None:
    lexical = [point("x", 2.0), point("z", 1.0), point("y", 1.0), point("w", 0.5)]
    kept = {p.point_id for p in fuse([lexical], depth=2, limit=10)}
    assert kept == {"x", "y"}


def test_the_order_given_does_not_change_the_answer() -> None:
    dense = [point(f"p{i}", 1.0 - (i // 3) * 0.1) for i in range(12)]
    lexical = [point(f"p{i}", float(i % 4)) for i in range(12)]
    first = fuse([dense, lexical], depth=6, limit=5)
    shuffler = random.Random(7)
    for _ in range(20):
        shuffled = [shuffler.sample(dense, len(dense)), shuffler.sample(lexical, len(lexical))]
        assert fuse(shuffled, depth=6, limit=5) == first


def test_a_shard_built_in_another_order_answers_alike(tmp_path: Path) -> None:
    # twelve passages with one lexical vector and two dense ones: ties everywhere
    points = [
        PassagePoint(
            passage_point_id(f"k{i}"),
            [1.0, 0.0, 0.0, 0.0] if i % 2 else [0.0, 1.0, 0.0, 0.0],
            SparseVec((3, 9), (1.0, 1.0)),
            {"account_id": "1", "path": f"s{i}", "line": i},
        )
        for i in range(12)
    ]
    answers = []
    for name, order in (("one", points), ("two", list(reversed(points)))):
        store = EdgePassageStore(tmp_path / name, dense_dim=4)
        try:
            for p in order:
                store.upsert([p])
            found = store.search([1.0, 0.2, 0.0, 0.0], SparseVec((3,), (1.0,)), {}, limit=4)
        finally:
            store.close()
        answers.append([(hit.score, hit.payload["path"]) for hit in found])
    assert answers[0] == answers[1]
    assert len(answers[0]) == 4
