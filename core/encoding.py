"""What every model gives the pipeline: its encoding, its projection and its reference.

A model (the toy, a MiniLM head, page 7's model, the distilled head; see core/models.py) turns
a sentence into tokens and the rows X that enter attention (`encode`), holds the three linear
layers that make Q, K and V from X (`projection`), and says what it is (`ref`), for the charts
to name it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from core.arrays import read_only


@dataclass(frozen=True)
class Family:
    """What the pages need to know of a kind of model besides its numbers: one per model
    module (its FAMILY), all of them in core/models' registry (FAMILIES)."""

    kind: str  # ModelRef.kind
    layered: bool  # one head of a real model with layers: named by its layer and head
    learned_positions: bool  # position embeddings learned (not sine waves, not rotary)
    random_weights: bool  # weights drawn from a seed: the patterns they make mean nothing
    tokenizer: str  # what cuts a sentence: "words", "wordpiece", "sentencepiece" or "bpe"


@dataclass(frozen=True)
class ModelRef:
    """Which model made a pipeline's vectors: what a chart must say about it."""

    # "toy", "minilm" (a pretrained head), "e5", "trained" (page 7's), "distilled", "smollm2"
    kind: str
    d_model: int
    d_k: int
    seed: int | None = None  # toy: word vectors and W; trained: the training seed
    positional: bool = True  # positions were added to the embeddings
    layer: int | None = None  # minilm, e5, smollm2; distilled: the MiniLM layer it learned from
    head: int | None = None  # minilm, e5, smollm2
    heads: tuple[int, ...] = ()  # distilled: the heads of `layer` whose mean it learned
    weights_seed: int | None = None  # W_Q, W_K, W_V redrawn at random from this seed


@dataclass(frozen=True, eq=False)
class Projection:
    """The three learnable linear layers: q = x @ w_q + b_q, and so on. Read-only arrays."""

    w_q: np.ndarray  # [d_model, d_k]
    w_k: np.ndarray  # [d_model, d_k]
    w_v: np.ndarray  # [d_model, d_v]
    b_q: np.ndarray  # [d_k]
    b_k: np.ndarray  # [d_k]
    b_v: np.ndarray  # [d_v]

    @classmethod
    def without_bias(cls, w_q: np.ndarray, w_k: np.ndarray, w_v: np.ndarray) -> Projection:
        """Layers with no bias (the toy's and page 7's): zero b_q, b_k, b_v."""
        zero_k, zero_v = read_only(np.zeros(w_q.shape[1]), np.zeros(w_v.shape[1]))
        return cls(w_q, w_k, w_v, b_q=zero_k, b_k=zero_k, b_v=zero_v)


@dataclass(frozen=True)
class Embedded:
    """One sentence as a model reads it, one row per token: what enters the linear layers."""

    text: str  # what the user typed
    tokens: tuple[str, ...]
    n_total: int  # tokens in the whole text; more than len(tokens) when it was cut
    embedding: np.ndarray  # [n, d_model] word vectors
    positions: np.ndarray  # [n, d_model] positional encoding (zeros when switched off)
    x: np.ndarray  # [n, d_model] embedding + positions: what enters attention
    x_kind: str = "sum"  # how x was made: "sum" (embedding + positions), "layernorm", "layer",
    # "rmsnorm" (a decoder layer's input through its RMSNorm; positions come later, by rotation)
    # what each token is read as, where a model reads a token as another vocabulary entry (the
    # default model reads a Chinese word as its English gloss); empty: each token is itself
    reads: tuple[str, ...] = ()

    @property
    def truncated(self) -> bool:
        return self.n_total > len(self.tokens)


@dataclass(frozen=True, kw_only=True)
class Encoded(Embedded):
    """One sentence on its way into attention: its inputs, and Q, K, V made from x."""

    q: np.ndarray  # [n, d_k]
    k: np.ndarray  # [n, d_k]
    v: np.ndarray  # [n, d_v]


class Model(Protocol):
    """What the pipeline needs from a model."""

    @property
    def ref(self) -> ModelRef: ...

    @property
    def projection(self) -> Projection: ...

    def encode(self, text: str) -> Embedded: ...

    def project(self, inputs: Embedded) -> Encoded: ...


class LinearQKV:
    """Q, K and V as x through the three linear layers alone: every model with no rotary
    positions (a rotary model, core/models/smollm2.py, turns Q and K by position after them)."""

    projection: Projection

    def project(self, inputs: Embedded) -> Encoded:
        return project(inputs, self.projection)


def project(inputs: Embedded, projection: Projection) -> Encoded:
    """x [n, d_model] through W_Q, W_K, W_V: the same inputs, with q, k, v (read-only)."""
    x = inputs.x  # [n, d_model]
    q = x @ projection.w_q + projection.b_q  # [n, d_k]
    k = x @ projection.w_k + projection.b_k  # [n, d_k]
    v = x @ projection.w_v + projection.b_v  # [n, d_v]
    kept = {f.name: getattr(inputs, f.name) for f in dataclasses.fields(Embedded)}
    return Encoded(**kept, q=read_only(q), k=read_only(k), v=read_only(v))
