"""Reciprocal rank fusion of a dense and a lexical ranking, done here rather than by the store.

Qdrant fuses its prefetches itself, but it ranks points of equal score in an order of its own
that changes from one build of the index to the next (BM25 gives many passages the same score).
A tie then moved a point up or down a rank, changed its fused score and, at the depth cut, let
one or the other into the fusion at all: the same question over the same files could answer
differently from run to run. Here each ranking is ordered by score and then by point id (a
stable UUID of the passage's or account's key), read a little deeper than its depth so a tie at
the cut is seen whole, so the fused order depends only on the scores and the keys.

(Giving equal scores one shared rank was tried: it lifted the many passages that tie on common
words like "insurance" above a passage that names the thing asked, so it was not kept.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from harper_indexer.store import RRF_K

TIE_SPARE = 16
"""Points asked beyond the depth of each ranking, so a tie at the depth cut is seen whole."""


@dataclass(frozen=True)
class RankedPoint:
    """One point of one ranking: its store score (higher is better), id and payload."""

    score: float
    point_id: str
    payload: dict[str, Any]


def depth_for(limit: int) -> int:
    """How deep each ranking is read for a fused list of ``limit``."""
    return max(limit * 4, 40)


def fuse(rankings: Sequence[Sequence[RankedPoint]], depth: int, limit: int) -> list[RankedPoint]:
    """The best ``limit`` points by RRF over ``rankings`` (each read to ``depth``), with the
    fused score as their score; equal fused scores are ordered by point id."""
    fused: dict[str, float] = {}
    payloads: dict[str, dict[str, Any]] = {}
    for ranking in rankings:
        for rank, point in _ranks(ranking, depth):
            fused[point.point_id] = fused.get(point.point_id, 0.0) + 1.0 / (RRF_K + rank)
            payloads.setdefault(point.point_id, point.payload)
    order = sorted(fused, key=lambda key: (-fused[key], key))[:limit]
    return [RankedPoint(fused[key], key, payloads[key]) for key in order]


def _ranks(ranking: Sequence[RankedPoint], depth: int) -> list[tuple[int, RankedPoint]]:
    """(rank from 0, point) by score, then by id, down to ``depth``."""
    ordered = sorted(ranking, key=lambda point: (-point.score, point.point_id))
    return list(enumerate(ordered[:depth]))
