"""Descriptions with equal fused scores come back in one order, whatever order the store used."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from harper_indexer.account_index import AccountIndex
from harper_indexer.hash_embedder import WordHashEmbedder
from harper_indexer.store import Scored


class TiedStore:
    """Answers three accounts with one score, in the order it is given."""

    def __init__(self, order: list[str]) -> None:
        self.order = order
        self.limits: list[int] = []

    def search_descriptions(
        self, dense: Sequence[float], lexical: Any, match: Any, limit: int
    ) -> list[Scored]:
        self.limits.append(limit)
        payloads = [
            {"account_id": a, "account_name": f"Account {a}", "stage": "Quoted"} for a in self.order
        ]
        return [Scored(score=0.5, payload=p) for p in payloads][:limit]


def test_equal_scores_are_ordered_by_account_id_and_cut_after() -> None:
    answers = []
    for order in (["300", "100", "200"], ["200", "300", "100"]):
        store = TiedStore(order)
        index = AccountIndex(store, WordHashEmbedder())  # type: ignore[arg-type]
        hits = index.search("a bakery", limit=2)
        answers.append([h.payload.account_id for h in hits])
        assert store.limits[0] > 2  # spare hits asked, so the cut sees every tie
    assert answers == [["100", "200"], ["100", "200"]]
