"""Sparse vectors as the index stores them: hashed term ids (u32) and their weights."""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class SparseVec:
    """A sparse vector: sorted unique ``indices`` (u32 term ids) and their ``values``."""

    indices: tuple[int, ...]
    values: tuple[float, ...]

    def __bool__(self) -> bool:
        return bool(self.indices)

    @classmethod
    def from_weights(cls, weights: dict[int, float]) -> SparseVec:
        ordered = sorted(weights.items())
        return cls(tuple(i for i, _ in ordered), tuple(v for _, v in ordered))


def term_id(term: str) -> int:
    """A stable u32 id for a term (CRC-32: the same in every process and on every machine)."""
    return zlib.crc32(term.encode("utf-8"))


def counts_vector(terms: Iterable[str], *, normalise: bool) -> SparseVec:
    """Term counts as a sparse vector; with ``normalise``, scaled to unit length.

    Colliding term ids add up (rare with 2^32 ids and a few dozen terms).
    """
    weights: Counter[int] = Counter(term_id(term) for term in terms)
    if not weights:
        return SparseVec((), ())
    norm = sum(c * c for c in weights.values()) ** 0.5 if normalise else 1.0
    return SparseVec.from_weights({i: c / norm for i, c in weights.items()})
