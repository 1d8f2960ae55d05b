"""MiniLM in numpy reproduces sentence-transformers' all-MiniLM-L6-v2."""

from __future__ import annotations

import numpy as np

from harper_indexer.embedding import MiniLMEmbedder


def test_matches_published_sentence_transformers_similarities(minilm: MiniLMEmbedder) -> None:
    # The sentence-transformers quickstart prints these for all-MiniLM-L6-v2.
    texts = ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."]
    vectors = minilm.embed(texts)
    similarities = vectors @ vectors.T
    assert abs(similarities[0, 1] - 0.6660) < 2e-3
    assert abs(similarities[0, 2] - 0.1046) < 2e-3
    assert abs(similarities[1, 2] - 0.1411) < 2e-3


def test_related_businesses_are_nearer_than_unrelated(minilm: MiniLMEmbedder) -> None:
    childcare, daycare, roofing = minilm.embed(
        ["childcare center", "daycare for kids", "roofing contractor"]
    )
    assert childcare @ daycare > childcare @ roofing + 0.3


def test_same_vector_alone_or_padded_in_a_batch(minilm: MiniLMEmbedder) -> None:
    short = "childcare center"
    alone = minilm.embed([short])[0]
    longer = "a much longer description that makes the batch pad the short text quite a bit"
    batched = minilm.embed([longer, short, "roofing"])[1]
    assert np.abs(alone - batched).max() < 1e-4


def test_shape_type_and_unit_length(minilm: MiniLMEmbedder) -> None:
    vectors = minilm.embed(["one", "two words", "three words here"])
    assert vectors.shape == (3, minilm.dim) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert minilm.embed([]).shape == (0, 384)


def test_long_text_is_truncated_not_refused(minilm: MiniLMEmbedder) -> None:
    vector = minilm.embed(["insurance " * 500])
    assert vector.shape == (1, 384) and np.isfinite(vector).all()
