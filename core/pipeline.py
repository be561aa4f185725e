"""The toy self-attention module: tokens -> embeddings (+ positions) -> Q, K, V -> attention."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from core.attention import STANDARD, AttentionResult, AttentionSettings, attend
from core.embeddings import embed, positional_encoding
from core.tokenize import MAX_TOKENS, tokenize


@dataclass(frozen=True)
class ToyConfig:
    d_model: int = 8  # embedding width: small so every number fits in a cell
    d_k: int = 4  # query/key (and value) width
    seed: int = 0  # draws the word vectors and W_Q, W_K, W_V
    positional: bool = True  # add sinusoidal positional encoding to the embeddings


@dataclass(frozen=True)
class ModelRef:
    """Which model made a pipeline's vectors: what a chart must say about it."""

    kind: str  # "toy", "minilm" (a pretrained head) or "trained" (page 7's model)
    d_model: int
    d_k: int
    seed: int | None = None  # toy: word vectors and W; trained: the training seed
    positional: bool = True  # positions were added to the embeddings
    layer: int | None = None  # minilm
    head: int | None = None  # minilm
    weights_seed: int | None = None  # W_Q, W_K, W_V redrawn at random from this seed


@dataclass(frozen=True)
class Projection:
    """The three learnable linear layers: q = x @ w_q + b_q, and so on."""

    w_q: np.ndarray  # [d_model, d_k]
    w_k: np.ndarray  # [d_model, d_k]
    w_v: np.ndarray  # [d_model, d_v]
    b_q: np.ndarray  # [d_k]
    b_k: np.ndarray  # [d_k]
    b_v: np.ndarray  # [d_v]


@dataclass(frozen=True)
class Encoded:
    """One sentence on its way into attention, one row per token."""

    text: str  # what the user typed
    tokens: tuple[str, ...]
    n_total: int  # tokens in the whole text; more than len(tokens) when it was cut
    embedding: np.ndarray  # [n, d_model] word vectors
    positions: np.ndarray  # [n, d_model] positional encoding (zeros when switched off)
    x: np.ndarray  # [n, d_model] embedding + positions: what enters attention
    q: np.ndarray  # [n, d_k]
    k: np.ndarray  # [n, d_k]
    v: np.ndarray  # [n, d_v]
    x_kind: str = "sum"  # how x was made: "sum" (embedding + positions), "layernorm", "layer"

    @property
    def truncated(self) -> bool:
        return self.n_total > len(self.tokens)


@dataclass(frozen=True)
class Pipeline:
    """Everything the pages draw for one sentence (or a target/source pair)."""

    query_side: Encoded  # supplies Q (the sentence itself, or the target sentence)
    key_side: Encoded  # supplies K and V (the same object for self-attention)
    projection: Projection
    attention: AttentionResult  # carries the switches that made it (attention.settings)
    model: ModelRef

    @property
    def tokens(self) -> tuple[str, ...]:
        return self.key_side.tokens

    @property
    def settings(self) -> AttentionSettings:
        return self.attention.settings

    @property
    def is_cross(self) -> bool:
        return self.query_side is not self.key_side


def toy_projection(d_model: int, d_k: int, seed: int) -> Projection:
    """W_Q, W_K, W_V drawn from the seed, scaled by 1/√d_model; toy layers have no bias."""
    rng = np.random.default_rng([seed, d_model, d_k])
    w_q, w_k, w_v = rng.standard_normal((3, d_model, d_k)) / np.sqrt(d_model)
    zeros = np.zeros(d_k)
    return Projection(w_q=w_q, w_k=w_k, w_v=w_v, b_q=zeros, b_k=zeros, b_v=zeros)


def project(
    text: str,
    tokens: tuple[str, ...],
    n_total: int,
    embedding: np.ndarray,
    positions: np.ndarray,
    projection: Projection,
    x: np.ndarray | None = None,
    x_kind: str = "sum",
) -> Encoded:
    """[n, d_model] embedding and positions -> Encoded with q, k, v.

    x, the input of the linear layers, is embedding + positions unless given (a real model's
    layer input, say), then `x_kind` says what it is.
    """
    x = embedding + positions if x is None else x  # [n, d_model]
    return Encoded(
        x_kind=x_kind,
        text=text,
        tokens=tokens,
        n_total=n_total,
        embedding=embedding,
        positions=positions,
        x=x,
        q=x @ projection.w_q + projection.b_q,  # [n, d_k]
        k=x @ projection.w_k + projection.b_k,  # [n, d_k]
        v=x @ projection.w_v + projection.b_v,  # [n, d_v]
    )


def toy_encode(text: str, config: ToyConfig, max_tokens: int = MAX_TOKENS) -> Encoded:
    """Tokenize `text` and run it through the toy embedding and linear layers."""
    tokenized = tokenize(text, max_tokens)
    n = len(tokenized.tokens)
    embedding = embed(tokenized.tokens, config.d_model, config.seed)  # [n, d_model]
    positions = positional_encoding(n, config.d_model)  # [n, d_model]
    if not config.positional:
        positions = np.zeros_like(positions)
    projection = toy_projection(config.d_model, config.d_k, config.seed)
    return project(text, tokenized.tokens, tokenized.n_total, embedding, positions, projection)


def toy_ref(config: ToyConfig) -> ModelRef:
    return ModelRef(
        "toy", config.d_model, config.d_k, seed=config.seed, positional=config.positional
    )


def run_toy(
    text: str,
    config: ToyConfig = ToyConfig(),
    settings: AttentionSettings = STANDARD,
    *,
    query_text: str | None = None,
) -> Pipeline:
    """Self-attention over `text`, or encoder-decoder attention with Q from `query_text`."""
    key_side = toy_encode(text, config)
    query_side = key_side if query_text is None else toy_encode(query_text, config)
    projection = toy_projection(config.d_model, config.d_k, config.seed)
    return attend_encoded(query_side, key_side, projection, settings, toy_ref(config))


def attend_encoded(
    query_side: Encoded,
    key_side: Encoded,
    projection: Projection,
    settings: AttentionSettings,
    model: ModelRef,
) -> Pipeline:
    """Attention of `query_side`'s Q over `key_side`'s K and V, whatever made the vectors."""
    attention = attend(query_side.q, key_side.k, key_side.v, settings)
    return Pipeline(query_side, key_side, projection, attention, model)


def identical_rows(x: np.ndarray) -> list[tuple[int, int]]:
    """[n, d] -> pairs (i, j), i < j, of exactly equal rows (repeated words, no positions)."""
    n = x.shape[0]
    return [(i, j) for i in range(n) for j in range(i + 1, n) if np.array_equal(x[i], x[j])]


def repeated_pairs(tokens: tuple[str, ...]) -> list[tuple[int, int]]:
    """Pairs (i, j), i < j, of positions holding the same word, case ignored."""
    low = [tok.lower() for tok in tokens]
    return [(i, j) for i in range(len(low)) for j in range(i + 1, len(low)) if low[i] == low[j]]


def resolve_index(index: int, n: int) -> int:
    """A chosen token index that fits a sentence of n tokens; -1 or out of range -> last token."""
    return index if 0 <= index < n else n - 1


def max_change(a: np.ndarray, b: np.ndarray) -> float:
    """Largest absolute difference between two matrices of one shape."""
    if a.shape != b.shape:
        raise ValueError(f"can only compare matrices of one shape; got {a.shape} and {b.shape}")
    return float(np.max(np.abs(a - b))) if a.size else 0.0


def value_range(matrix: np.ndarray) -> tuple[float, float]:
    """(smallest, largest) entry; (0, 0) for an empty matrix."""
    return (float(matrix.min()), float(matrix.max())) if matrix.size else (0.0, 0.0)


def row_sums(matrix: np.ndarray) -> np.ndarray:
    """[n, m] -> [n] the sum of each row."""
    return matrix.sum(axis=1)


def with_random_weights(p: Pipeline, seed: int) -> Pipeline:
    """The same inputs X through random W_Q, W_K, W_V drawn from `seed` (same widths)."""
    projection = toy_projection(p.key_side.x.shape[1], p.projection.w_q.shape[1], seed)

    def again(e: Encoded) -> Encoded:
        return project(
            e.text, e.tokens, e.n_total, e.embedding, e.positions, projection, e.x, e.x_kind
        )

    key_side = again(p.key_side)
    query_side = again(p.query_side) if p.is_cross else key_side
    model = dataclasses.replace(p.model, weights_seed=seed)
    return attend_encoded(query_side, key_side, projection, p.settings, model)
