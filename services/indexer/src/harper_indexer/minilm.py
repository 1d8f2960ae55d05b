"""A BERT encoder (the MiniLM-L6 shape) run in numpy: weights from safetensors, no torch.

``BertEncoder.load(path)`` reads ``model.safetensors`` and ``config.json``; ``encode`` maps
token ids and their attention mask to the last hidden states. Matrices are kept pre-transposed
and the query, key and value projections fused, so each layer is four large matrix products.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from safetensors.numpy import load_file

Array = npt.NDArray[np.float32]

_F32 = np.float32
_FFN_ROWS = 64
"""Rows of the feed-forward pass computed together (keeps its 4x wider activations in cache)."""
_ERF = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


@dataclass(frozen=True)
class _Layer:
    """One transformer block's weights, matrices stored as (in, out)."""

    qkv_w: Array
    qkv_b: Array
    out_w: Array
    out_b: Array
    ln1_g: Array
    ln1_b: Array
    up_w: Array
    up_b: Array
    down_w: Array
    down_b: Array
    ln2_g: Array
    ln2_b: Array


@dataclass(frozen=True)
class BertEncoder:
    """The weights of a BERT encoder and its forward pass (inference only)."""

    word: Array
    position: Array
    token_type: Array
    ln_g: Array
    ln_b: Array
    layers: tuple[_Layer, ...]
    heads: int
    eps: float

    @property
    def hidden(self) -> int:
        return int(self.word.shape[1])

    @classmethod
    def load(cls, folder: Path) -> BertEncoder:
        """Read ``model.safetensors`` and ``config.json`` from a sentence-transformers folder."""
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        weights = load_file(str(folder / "model.safetensors"))
        layers = tuple(
            _layer(weights, f"encoder.layer.{i}.") for i in range(int(config["num_hidden_layers"]))
        )
        return cls(
            word=_f32(weights["embeddings.word_embeddings.weight"]),
            position=_f32(weights["embeddings.position_embeddings.weight"]),
            token_type=_f32(weights["embeddings.token_type_embeddings.weight"]),
            ln_g=_f32(weights["embeddings.LayerNorm.weight"]),
            ln_b=_f32(weights["embeddings.LayerNorm.bias"]),
            layers=layers,
            heads=int(config["num_attention_heads"]),
            eps=float(config["layer_norm_eps"]),
        )

    def encode(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]) -> Array:
        """Last hidden states (batch, tokens, hidden) for padded ids and their 0/1 mask."""
        batch, length = ids.shape
        x = self.word[ids] + self.position[:length] + self.token_type[0]
        x = _layer_norm(x.reshape(batch * length, self.hidden), self.ln_g, self.ln_b, self.eps)
        bias = ((1.0 - mask.astype(np.float32)) * np.float32(-1e9))[:, None, None, :]
        for layer in self.layers:
            x = self._block(x, layer, bias, batch, length)
        return x.reshape(batch, length, self.hidden)

    def _block(self, x: Array, layer: _Layer, bias: Array, batch: int, length: int) -> Array:
        context = self._attention(x @ layer.qkv_w + layer.qkv_b, bias, batch, length)
        x = _layer_norm(x + context @ layer.out_w + layer.out_b, layer.ln1_g, layer.ln1_b, self.eps)
        out = np.empty_like(x)
        for start in range(0, x.shape[0], _FFN_ROWS):
            rows = x[start : start + _FFN_ROWS]
            out[start : start + _FFN_ROWS] = _gelu(rows @ layer.up_w + layer.up_b) @ layer.down_w
        out += layer.down_b
        out += x
        return _layer_norm(out, layer.ln2_g, layer.ln2_b, self.eps)

    def _attention(self, qkv: Array, bias: Array, batch: int, length: int) -> Array:
        width = self.hidden // self.heads
        parts = qkv.reshape(batch, length, 3, self.heads, width).transpose(2, 0, 3, 1, 4)
        query, key, value = np.ascontiguousarray(parts)
        scores = query @ key.transpose(0, 1, 3, 2)
        scores *= _F32(1.0 / math.sqrt(width))
        scores += bias
        scores -= scores.max(axis=-1, keepdims=True)
        np.exp(scores, out=scores)
        scores /= scores.sum(axis=-1, keepdims=True)
        context = (scores @ value).transpose(0, 2, 1, 3)
        return np.ascontiguousarray(context).reshape(batch * length, self.hidden)


def _layer(weights: dict[str, npt.NDArray[np.generic]], prefix: str) -> _Layer:
    def w(name: str) -> Array:
        return _f32(weights[prefix + name])

    projections = ("query", "key", "value")
    qkv_w = np.concatenate([w(f"attention.self.{name}.weight") for name in projections])
    qkv_b = np.concatenate([w(f"attention.self.{name}.bias") for name in projections])
    return _Layer(
        qkv_w=np.ascontiguousarray(qkv_w.T),
        qkv_b=qkv_b,
        out_w=np.ascontiguousarray(w("attention.output.dense.weight").T),
        out_b=w("attention.output.dense.bias"),
        ln1_g=w("attention.output.LayerNorm.weight"),
        ln1_b=w("attention.output.LayerNorm.bias"),
        up_w=np.ascontiguousarray(w("intermediate.dense.weight").T),
        up_b=w("intermediate.dense.bias"),
        down_w=np.ascontiguousarray(w("output.dense.weight").T),
        down_b=w("output.dense.bias"),
        ln2_g=w("output.LayerNorm.weight"),
        ln2_b=w("output.LayerNorm.bias"),
    )


def _f32(array: npt.NDArray[np.generic]) -> Array:
    return np.ascontiguousarray(array, dtype=np.float32)


def _layer_norm(x: Array, gain: Array, bias: Array, eps: float) -> Array:
    mean = x.mean(axis=-1, keepdims=True)
    centred: Array = x - mean
    variance: Array = (centred * centred).mean(axis=-1, keepdims=True)
    variance += _F32(eps)
    np.sqrt(variance, out=variance)
    centred /= variance
    centred *= gain
    centred += bias
    return centred


def _gelu(x: Array) -> Array:
    """Exact GELU, x * Phi(x), with erf from Abramowitz & Stegun 7.1.26 (error < 1.5e-7).

    Written as max(x, 0) - |x| * erfc(|x| / sqrt 2) / 2, in place, on blocks small enough
    to stay in cache (the elementwise passes, not the matrix products, were the cost).
    """
    z = np.abs(x)
    z *= _F32(1.0 / math.sqrt(2.0))
    t = z * _F32(0.3275911)
    t += _F32(1.0)
    np.reciprocal(t, out=t)
    poly = t * _F32(_ERF[-1])
    for coefficient in reversed(_ERF[:-1]):
        poly += _F32(coefficient)
        poly *= t
    tail = z * z
    np.negative(tail, out=tail)
    np.exp(tail, out=tail)
    tail *= poly
    tail *= z
    tail *= _F32(math.sqrt(2.0) / 2.0)
    out = np.maximum(x, _F32(0.0))
    out -= tail
    return out
