"""MiniLM as an int8 ONNX graph: built from the weights, cached, close to the numpy encoder.

The model is built once per session into a temporary folder (a few seconds).
"""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest
from tokenizers import Tokenizer

from harper_indexer import embedding, onnx_export
from harper_indexer.embedding import (
    MiniLMEmbedder,
    OnnxMiniLMEmbedder,
    make_embedder,
    model_folder,
)
from harper_indexer.minilm import BertEncoder

SENTENCES = [
    "The weather is lovely today.",
    "It's so sunny outside!",
    "He drove to the stadium.",
    "childcare center",
    "roofing contractors in Texas that were quoted last week",
    "Lopez Roof Systems | Stage: Quoted | Roofing Contractor | Grand Rapids, MI | Insurance: "
    "Workers' Compensation, General Liability, Commercial Auto | Premium: $50,300",
]


@pytest.fixture(scope="session")
def model_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder holding the built int8 model."""
    cache = tmp_path_factory.mktemp("models")
    make_embedder(cache).load()
    return cache


@pytest.fixture(scope="session")
def onnx_minilm(model_cache: Path) -> OnnxMiniLMEmbedder:
    embedder = OnnxMiniLMEmbedder(model_cache)
    embedder.load()
    assert embedder.model_name == embedding.ONNX_MODEL
    return embedder


def test_fp32_graph_matches_the_numpy_encoder() -> None:
    folder = model_folder()
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.enable_padding()
    encodings = tokenizer.encode_batch(SENTENCES)
    ids = np.array([e.ids for e in encodings], dtype=np.int64)
    mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
    graph = onnx_export.OnnxEncoder(onnx_export.build_graph(folder).SerializeToString(), 2)
    expected = BertEncoder.load(folder).encode(ids, mask)
    hidden = graph.encode(ids, mask)
    real = mask.astype(bool)
    assert np.abs(hidden[real] - expected[real]).max() < 1e-4
    pooled = embedding._mean_pool_normalised(hidden, mask)
    assert np.abs(pooled - embedding._mean_pool_normalised(expected, mask)).max() < 1e-4


def test_int8_vectors_are_close_to_numpy(
    onnx_minilm: OnnxMiniLMEmbedder, minilm: MiniLMEmbedder
) -> None:
    cosines = (onnx_minilm.embed(SENTENCES) * minilm.embed(SENTENCES)).sum(axis=1)
    assert cosines.min() >= 0.98


def test_same_vector_alone_or_in_a_batch(onnx_minilm: OnnxMiniLMEmbedder) -> None:
    short = "childcare center"
    alone = onnx_minilm.embed([short])[0]
    batched = onnx_minilm.embed([SENTENCES[-1], short, "roofing", *SENTENCES])[1]
    assert np.abs(alone - batched).max() < 1e-6


def test_related_businesses_are_nearer_than_unrelated(onnx_minilm: OnnxMiniLMEmbedder) -> None:
    childcare, daycare, roofing = onnx_minilm.embed(
        ["childcare center", "daycare for kids", "roofing contractor"]
    )
    assert childcare @ daycare > childcare @ roofing + 0.3


def test_shape_type_unit_length_and_a_name_of_its_own(onnx_minilm: OnnxMiniLMEmbedder) -> None:
    vectors = onnx_minilm.embed(["one", "two words", "insurance " * 500])
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert onnx_minilm.embed([]).shape == (0, 384)
    assert onnx_minilm.model_name != MiniLMEmbedder.model_name


def test_the_cached_model_is_reused(model_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (cached,) = model_cache.iterdir()  # no scratch files left behind
    assert cached == onnx_export.cached_path(model_folder(), model_cache)
    built_at = cached.stat().st_mtime_ns
    monkeypatch.setattr(onnx_export, "build_graph", _must_not_build)
    embedder = make_embedder(model_cache)
    embedder.load()
    assert embedder.model_name == embedding.ONNX_MODEL
    assert cached.stat().st_mtime_ns == built_at


def test_a_corrupt_cached_model_is_rebuilt(tmp_path: Path, minilm: MiniLMEmbedder) -> None:
    cached = onnx_export.cached_path(model_folder(), tmp_path)
    cached.write_bytes(b"not a model")
    stale = tmp_path / f"{onnx_export.PREFIX}0123456789abcdef-f0.onnx"
    stale.write_bytes(b"an older format")
    embedder = make_embedder(tmp_path)
    vector = embedder.embed(["childcare center"])[0]
    assert embedder.model_name == embedding.ONNX_MODEL
    assert vector @ minilm.embed(["childcare center"])[0] >= 0.98
    assert sorted(tmp_path.iterdir()) == [cached] and cached.stat().st_size > 1_000_000


def test_a_failed_build_falls_back_to_numpy(
    tmp_path: Path,
    minilm: MiniLMEmbedder,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(onnx_export, "build_graph", _failing_build)
    embedder = make_embedder(tmp_path)
    with caplog.at_level(logging.WARNING):
        embedder.load()
    assert "numpy" in caplog.text
    assert embedder.model_name == MiniLMEmbedder.model_name
    texts = ["childcare center", "roofing"]
    assert np.abs(embedder.embed(texts) - minilm.embed(texts)).max() < 1e-5


def test_without_onnxruntime_the_factory_gives_numpy(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(embedding, "find_spec", lambda name: None)
    with caplog.at_level(logging.WARNING):
        embedder = make_embedder(None)
    assert isinstance(embedder, MiniLMEmbedder) and "not installed" in caplog.text


def _must_not_build(folder: Path) -> object:
    raise AssertionError("the model was rebuilt")


def _failing_build(folder: Path) -> object:
    raise RuntimeError("the graph could not be built")
