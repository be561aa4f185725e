"""One pipeline for every model: text -> tokens -> X -> Q, K, V -> attention.

`pipeline(model, text, settings)` runs any `Model` (core/models.py: the toy, a MiniLM head,
page 7's model) and returns every intermediate the pages draw. Pages import the result types
(Pipeline, Encoded, ModelRef) and ToyConfig from here.
"""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass

import numpy as np

from core.attention import STANDARD, AttentionResult, AttentionSettings, attend
from core.encoding import Encoded, Model, ModelRef, Projection, project
from core.models.toy import toy_projection


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


def pipeline(
    model: Model,
    text: str,
    settings: AttentionSettings = STANDARD,
    query_text: str | None = None,
) -> Pipeline:
    """Self-attention over `text`, or encoder-decoder attention with Q from `query_text`."""
    key_side = model.project(model.encode(text))
    query_side = key_side if query_text is None else model.project(model.encode(query_text))
    return attend_encoded(query_side, key_side, model.projection, settings, model.ref)


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


def with_random_weights(p: Pipeline, seed: int) -> Pipeline:
    """The same inputs X through random W_Q, W_K, W_V drawn from `seed` (same widths)."""
    projection = toy_projection(p.key_side.x.shape[1], p.projection.w_q.shape[1], seed)
    key_side = project(p.key_side, projection)
    query_side = project(p.query_side, projection) if p.is_cross else key_side
    model = dataclasses.replace(p.model, weights_seed=seed)
    return attend_encoded(query_side, key_side, projection, p.settings, model)


def fingerprint(p: Pipeline) -> str:
    """A digest of everything that determines `p`: both sides' fields (text, tokens, X, Q, K, V),
    the weights, the switches and the model. The attention follows from these. A cache keyed on
    a pipeline hashes this (microseconds) instead of a deep copy of every array in it."""
    digest = hashlib.blake2b(digest_size=16)
    sides = (p.query_side,) if not p.is_cross else (p.query_side, p.key_side)
    for part in (*sides, p.projection):
        for field in dataclasses.fields(part):
            value = getattr(part, field.name)
            if isinstance(value, np.ndarray):
                digest.update(f"{value.dtype}{value.shape}".encode())
                digest.update(np.ascontiguousarray(value).tobytes())
            else:
                digest.update(repr(value).encode())
            digest.update(b"\0")
    digest.update(f"{p.is_cross}{p.settings!r}{p.model!r}".encode())
    return digest.hexdigest()


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
