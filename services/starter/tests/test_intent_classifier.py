"""The second stage: unsure rule results are settled by meaning, through an `Embedder` seam.

The real embedder is the indexer's model over the bus; here a deterministic hashed bag-of-words
stands in for it (same interface, no model, no network).
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import Sequence

import pytest

from harper_starter.intent import IntentClassifier, classify


class HashedBagOfWords:
    """Each word (crudely singularised) adds 1 to a hashed dimension. Records every call."""

    def __init__(self, dims: int = 512) -> None:
        self.dims = dims
        self.calls: list[list[str]] = []

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        return [self._vector(text) for text in texts]

    def _vector(self, text: str) -> list[float]:
        vector = [0.0] * self.dims
        for word in re.findall(r"[a-z0-9$&']+", text.lower()):
            word = word[:-1] if len(word) > 3 and word.endswith("s") else word
            digest = hashlib.blake2b(word.encode(), digest_size=4).digest()
            vector[int.from_bytes(digest, "big") % self.dims] += 1.0
        return vector


class BrokenEmbedder:
    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        raise TimeoutError("harper.index.embed did not answer")


class FlatEmbedder:
    """Every text gets the same vector: no intent wins by meaning."""

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[1.0, 0.0, 0.0] for _ in texts]


UNSURE = "sunny days is ready to go ahead"


def test_rules_alone_are_unsure_about_the_example() -> None:
    assert classify(UNSURE).rule == "fallback"


def test_confident_rules_never_call_the_embedder() -> None:
    embedder = HashedBagOfWords()
    decision = asyncio.run(IntentClassifier(embedder).classify("Mark Sunny Days as Quoted"))
    assert decision.intent == "update" and decision.rule == "update_command"
    assert embedder.calls == []


def test_unsure_query_is_decided_by_nearest_prototypes() -> None:
    embedder = HashedBagOfWords()
    decision = asyncio.run(IntentClassifier(embedder).classify(UNSURE))
    assert decision.intent == "update"
    assert decision.rule == "embedding_knn(fallback)"
    assert 0.4 <= decision.confidence <= 0.75
    assert decision.account_candidates == ["sunny days"]
    assert decision.requires_specific_account


@pytest.mark.parametrize(
    ("query", "intent"),
    [
        ("a quick message to them would be good", "followup"),
        ("never mind, whatever", "unclear"),
    ],
)
def test_more_unsure_queries(query: str, intent: str) -> None:
    assert classify(query).confidence < 0.6
    assert asyncio.run(IntentClassifier(HashedBagOfWords()).classify(query)).intent == intent


def test_prototypes_are_embedded_once() -> None:
    embedder = HashedBagOfWords()
    classifier = IntentClassifier(embedder)

    async def twice() -> None:
        await asyncio.gather(classifier.classify(UNSURE), classifier.classify("asdf qwerty"))
        await classifier.classify("hmm not sure")

    asyncio.run(twice())
    batches = [len(texts) for texts in embedder.calls]
    assert batches.count(1) == 3 and len(batches) == 4
    assert max(batches) > 40


def test_a_failing_embedder_leaves_the_rules_answer() -> None:
    decision = asyncio.run(IntentClassifier(BrokenEmbedder()).classify(UNSURE))
    assert decision == classify(UNSURE)


def test_no_clear_winner_keeps_the_rules_answer() -> None:
    decision = asyncio.run(IntentClassifier(FlatEmbedder()).classify(UNSURE))
    assert decision == classify(UNSURE)


def test_without_an_embedder_it_is_the_rules() -> None:
    for query in (UNSURE, "Follow up with Maple Avenue Dental", "hi"):
        assert asyncio.run(IntentClassifier().classify(query)) == classify(query)
