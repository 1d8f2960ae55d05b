"""MiniLM-L6 as an int8 ONNX model, built here from the safetensors weights (no torch).

``build_graph`` writes the BERT encoder node by node with ``onnx.helper`` (inputs ``input_ids``
and ``attention_mask``, output ``last_hidden_state``); ``quantise`` turns its matrices into int8
with onnxruntime's dynamic quantisation. ``load_encoder`` keeps the result in a cache folder,
named by a hash of the weights and ``FORMAT_VERSION`` (other weights or a new graph rebuild),
written atomically, and rebuilt when the cached file cannot be opened.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import onnx
import onnxruntime as ort  # type: ignore[import-untyped]
from onnx import TensorProto, helper, numpy_helper
from onnxruntime.quantization import QuantType, quantize_dynamic  # type: ignore[import-untyped]
from safetensors.numpy import load_file

FORMAT_VERSION = 1
"""Raise when the graph or its quantisation changes: cached models are then rebuilt."""
OUTPUT = "last_hidden_state"
OPSET = 17
"""LayerNormalization is an ONNX operator from opset 17."""
PREFIX = "all-minilm-l6-v2-int8-"

log = logging.getLogger(__name__)
Array = npt.NDArray[np.float32]
Weights = dict[str, Array]


class _Graph:
    """Nodes and initializers under construction, each given a fresh name."""

    def __init__(self) -> None:
        self.nodes: list[onnx.NodeProto] = []
        self.initializers: list[TensorProto] = []
        self._count = 0

    def const(self, array: npt.ArrayLike, dtype: type = np.float32) -> str:
        name = f"c{len(self.initializers)}"
        self.initializers.append(numpy_helper.from_array(np.asarray(array, dtype=dtype), name))
        return name

    def ints(self, *values: int) -> str:
        return self.const(list(values), np.int64)

    def op(self, op_type: str, *inputs: str, name: str = "", **attributes: Any) -> str:
        """Add a node; its output's name is returned (the node is ``name`` or numbered)."""
        self._count += 1
        output = f"{op_type.lower()}{self._count}"
        node_name = name or f"n{self._count}"
        self.nodes.append(helper.make_node(op_type, inputs, [output], node_name, **attributes))
        return output

    def linear(self, x: str, weight: Array, bias: Array, name: str) -> str:
        """x @ weight.T + bias, for a torch-layout (out, in) weight; the MatMul is ``name``."""
        product = self.op("MatMul", x, self.const(weight.T), name=name)
        return self.op("Add", product, self.const(bias))

    def dense(self, x: str, weights: Weights, prefix: str) -> str:
        """The torch ``nn.Linear`` whose parameters are ``prefix.weight`` and ``prefix.bias``."""
        return self.linear(x, weights[prefix + ".weight"], weights[prefix + ".bias"], prefix)

    def layer_norm(self, x: str, weights: Weights, prefix: str, eps: float) -> str:
        gain, bias = self.const(weights[prefix + ".weight"]), self.const(weights[prefix + ".bias"])
        return self.op("LayerNormalization", x, gain, bias, axis=-1, epsilon=eps)


def build_graph(folder: Path) -> onnx.ModelProto:
    """The fp32 encoder of the sentence-transformers folder (config.json, model.safetensors)."""
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    raw = load_file(str(folder / "model.safetensors"))
    weights: Weights = {k: v.astype(np.float32) for k, v in raw.items() if v.dtype.kind == "f"}
    eps, heads = float(config["layer_norm_eps"]), int(config["num_attention_heads"])
    g = _Graph()
    x = _embeddings(g, weights, eps)
    bias = _mask_bias(g)
    for i in range(int(config["num_hidden_layers"])):
        x = _layer(g, weights, f"encoder.layer.{i}.", x, bias, heads, eps)
    g.nodes.append(helper.make_node("Identity", [x], [OUTPUT], "output"))
    ints = [("input_ids", TensorProto.INT64), ("attention_mask", TensorProto.INT64)]
    graph = helper.make_graph(
        g.nodes,
        "all-MiniLM-L6-v2",
        [helper.make_tensor_value_info(n, t, ["batch", "tokens"]) for n, t in ints],
        [helper.make_tensor_value_info(OUTPUT, TensorProto.FLOAT, ["batch", "tokens", "hidden"])],
        g.initializers,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], ir_version=8)
    onnx.checker.check_model(model)
    return model


def _embeddings(g: _Graph, weights: Weights, eps: float) -> str:
    """Word + position + token type 0 embeddings, layer-normalised: (batch, tokens, hidden)."""
    positions = weights["embeddings.position_embeddings.weight"]
    positions = positions + weights["embeddings.token_type_embeddings.weight"][0]
    words = g.op("Gather", g.const(weights["embeddings.word_embeddings.weight"]), "input_ids")
    length = g.op("Slice", g.op("Shape", "input_ids"), g.ints(1), g.ints(2))
    first = g.op("Slice", g.const(positions), g.ints(0), length, g.ints(0))
    return g.layer_norm(g.op("Add", words, first), weights, "embeddings.LayerNorm", eps)


def _mask_bias(g: _Graph) -> str:
    """0 where attention_mask is 1, -1e9 where it is 0, shaped (batch, 1, 1, tokens)."""
    mask = g.op("Cast", "attention_mask", to=TensorProto.FLOAT)
    bias = g.op("Mul", g.op("Sub", g.const(1.0), mask), g.const(-1e9))
    return g.op("Unsqueeze", bias, g.ints(1, 2))


def _layer(g: _Graph, w: Weights, p: str, x: str, bias: str, heads: int, eps: float) -> str:
    """One transformer block: self-attention and the GELU feed-forward, each residual + norm."""
    attention = _attention(g, w, p + "attention.", x, bias, heads)
    x = g.layer_norm(g.op("Add", x, attention), w, p + "attention.output.LayerNorm", eps)
    up = g.dense(x, w, p + "intermediate.dense")
    erf = g.op("Erf", g.op("Div", up, g.const(math.sqrt(2.0))))
    gelu = g.op("Mul", g.op("Mul", up, g.op("Add", erf, g.const(1.0))), g.const(0.5))
    down = g.dense(gelu, w, p + "output.dense")
    return g.layer_norm(g.op("Add", x, down), w, p + "output.LayerNorm", eps)


def _attention(g: _Graph, w: Weights, p: str, x: str, bias: str, heads: int) -> str:
    """Multi-head self-attention: one fused QKV product, the query pre-scaled by 1/sqrt(width)."""
    hidden = w[p + "self.query.weight"].shape[0]
    width = hidden // heads
    scale = np.float32(1.0 / math.sqrt(width))
    names = ("query", "key", "value")
    qkv_w = np.concatenate([w[f"{p}self.{n}.weight"] for n in names])
    qkv_b = np.concatenate([w[f"{p}self.{n}.bias"] for n in names])
    qkv_w[:hidden] *= scale
    qkv_b[:hidden] *= scale
    qkv = g.op("Reshape", g.linear(x, qkv_w, qkv_b, p + "self.qkv"), g.ints(0, 0, 3, heads, width))
    parts = g.op("Transpose", qkv, perm=[2, 0, 3, 1, 4])  # (3, batch, heads, tokens, width)
    query, key, value = (g.op("Gather", parts, g.const(i, np.int64), axis=0) for i in range(3))
    scores = g.op("MatMul", query, g.op("Transpose", key, perm=[0, 1, 3, 2]))
    probs = g.op("Softmax", g.op("Add", scores, bias), axis=-1)
    context = g.op("Transpose", g.op("MatMul", probs, value), perm=[0, 2, 1, 3])
    merged = g.op("Reshape", context, g.ints(0, 0, hidden))
    return g.dense(merged, w, p + "output.dense")


def quantise(model: onnx.ModelProto, target: Path) -> None:
    """Write ``model`` to ``target`` with int8 weights, one scale per output column.

    Activations are quantised at run time (dynamic quantisation). One scale per weight tensor
    loses too much here (cosine to the fp32 vectors down to 0.89 on account descriptions); one
    per column keeps it >= 0.98.
    """
    root = logging.getLogger()
    root.addFilter(_not_from_the_quantiser)
    try:
        quantize_dynamic(model, target, per_channel=True, weight_type=QuantType.QInt8)
    finally:
        root.removeFilter(_not_from_the_quantiser)


def _not_from_the_quantiser(record: logging.LogRecord) -> bool:
    """Drop the quantiser's root-logger chatter: a line per tensor and advice to pre-process."""
    return "onnxruntime" not in Path(record.pathname).parts


class OnnxEncoder:
    """An onnxruntime session over the encoder graph: ids and mask in, last hidden states out."""

    def __init__(self, model: Path | bytes, threads: int) -> None:
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        source = model if isinstance(model, bytes) else str(model)
        self._session = ort.InferenceSession(source, options, providers=["CPUExecutionProvider"])

    def encode(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]) -> Array:
        """Last hidden states (batch, tokens, hidden) for padded ids and their 0/1 mask."""
        outputs = self._session.run([OUTPUT], {"input_ids": ids, "attention_mask": mask})
        return np.asarray(outputs[0], dtype=np.float32)

    def check(self) -> None:
        """Raise ValueError unless two tokens come out as finite vectors of the right shape."""
        hidden = self.encode(np.array([[101, 102]], np.int64), np.ones((1, 2), np.int64))
        if hidden.ndim != 3 or hidden.shape[:2] != (1, 2) or not np.isfinite(hidden).all():
            raise ValueError(f"the ONNX encoder gave hidden states of shape {hidden.shape}")


def load_encoder(folder: Path, cache_dir: Path | None, threads: int) -> OnnxEncoder:
    """The int8 encoder of ``folder``'s weights, from ``cache_dir`` (built there when missing
    or unreadable). Without a cache folder it is built in a temporary one and not kept."""
    if cache_dir is None:
        with tempfile.TemporaryDirectory(prefix="harper-onnx-") as scratch:
            built = _build(folder, Path(scratch) / f"{PREFIX}unkept.onnx")
            return OnnxEncoder(built.read_bytes(), threads)
    path = cached_path(folder, cache_dir)
    if path.exists():
        try:
            return _opened(path, threads)
        except Exception:
            log.warning("cached ONNX model %s is unreadable; rebuilding it", path, exc_info=True)
    return _opened(_build(folder, path), threads)


def cached_path(folder: Path, cache_dir: Path) -> Path:
    """Where the model of these weights is cached: named by their SHA-256 and FORMAT_VERSION."""
    with (folder / "model.safetensors").open("rb") as weights:
        digest = hashlib.file_digest(weights, "sha256").hexdigest()
    return cache_dir / f"{PREFIX}{digest[:16]}-f{FORMAT_VERSION}.onnx"


def _opened(path: Path, threads: int) -> OnnxEncoder:
    encoder = OnnxEncoder(path, threads)
    encoder.check()
    return encoder


def _build(folder: Path, target: Path) -> Path:
    """Build, quantise and atomically move the model to ``target``; drop other versions."""
    cache_dir = target.parent
    cache_dir.mkdir(parents=True, exist_ok=True)
    log.info("building the int8 ONNX model of %s into %s", folder, target)
    handle, scratch = tempfile.mkstemp(prefix=".building-", suffix=".onnx", dir=cache_dir)
    os.close(handle)
    try:
        quantise(build_graph(folder), Path(scratch))
        with open(scratch, "rb") as written:
            os.fsync(written.fileno())
        os.replace(scratch, target)
    finally:
        Path(scratch).unlink(missing_ok=True)
    for stale in cache_dir.glob(f"{PREFIX}*.onnx"):
        if stale != target:
            stale.unlink(missing_ok=True)
    return target
