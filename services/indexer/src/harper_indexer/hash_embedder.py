"""A bag-of-words embedder (hashed words): deterministic and instant.

For tests and benchmarks that exercise lookups, filters and lexical ranking rather than dense
ranking, where loading MiniLM would cost seconds. Not a substitute for the real model.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

from harper_indexer.embedding import Vectors


class WordHashEmbedder:
    model_name = "word-hash"
    dim = 384

    def load(self) -> None:
        return None

    def embed(self, texts: Sequence[str]) -> Vectors:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.lower().split():
                bucket = int(hashlib.blake2b(word.encode(), digest_size=4).hexdigest(), 16)
                out[row, bucket % self.dim] += 1.0
            norm = float(np.linalg.norm(out[row]))
            if norm:
                out[row] /= norm
        return out
