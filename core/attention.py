"""Scaled dot-product attention, one operation per line, returning every intermediate."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from core.arrays import read_only

MIN_TEMPERATURE = 0.05  # below this, softmax is a hard argmax for every practical purpose


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    """Numerically stable softmax along `axis`."""
    if x.size == 0:
        return np.array(x, dtype=float)
    shifted = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(shifted)
    return e / np.sum(e, axis=axis, keepdims=True)


def causal_mask(n_q: int, n_k: int) -> np.ndarray:
    """[n_q, n_k] boolean, True where query i may look at key j (j <= i)."""
    return np.tril(np.ones((n_q, n_k), dtype=bool))


@dataclass(frozen=True)
class AttentionSettings:
    """The attention switches, as one hashable value carried by every result.

    A chart, a caption, a file name or an export states these from the result it shows,
    never from the sidebar.
    """

    scale: bool = True  # divide Q·Kᵀ by √d_k
    use_softmax: bool = True  # False: the scores themselves are the weights (the article)
    causal: bool = False  # query i may look only at keys j <= i
    temperature: float = 1.0  # scores are divided by it before softmax

    def __post_init__(self) -> None:
        if not self.temperature > 0:
            raise ValueError(f"temperature must be positive; got {self.temperature}")
        object.__setattr__(self, "temperature", float(self.temperature))

    def replace(self, **changes: object) -> AttentionSettings:
        return dataclasses.replace(self, **changes)


STANDARD = AttentionSettings()  # scaled dot-product attention with softmax, no mask


@dataclass(frozen=True)
class AttentionResult:
    """Every step of attention for one head."""

    factor: np.ndarray  # [n_q, n_k] raw Q·Kᵀ, the article's "factor matrix"
    scores: np.ndarray  # [n_q, n_k] factor / √d_k (if scale) / temperature
    mask: np.ndarray  # [n_q, n_k] bool, True = allowed
    weights: np.ndarray  # [n_q, n_k] softmax(scores) or the scores themselves; masked cells 0
    output: np.ndarray  # [n_q, d_v] weights @ v, the article's Z
    settings: AttentionSettings  # the switches that made these matrices


def attend(
    q: np.ndarray, k: np.ndarray, v: np.ndarray, settings: AttentionSettings = STANDARD
) -> AttentionResult:
    """[n_q, d_k], [n_k, d_k], [n_k, d_v] -> AttentionResult (output [n_q, d_v]).

    weights = softmax(Q·Kᵀ / √d_k / temperature), future keys masked if causal; output = weights V.
    """
    if q.ndim != 2 or k.ndim != 2 or v.ndim != 2:
        raise ValueError(f"q, k, v must be 2-D; got shapes {q.shape}, {k.shape}, {v.shape}")
    if q.shape[1] != k.shape[1]:
        raise ValueError(f"q and k need the same width d_k; got {q.shape[1]} and {k.shape[1]}")
    if k.shape[0] != v.shape[0]:
        raise ValueError(f"k and v need one row per key; got {k.shape[0]} and {v.shape[0]}")
    n_q, d_k = q.shape
    factor = q @ k.T  # [n_q, n_k]
    scores = factor / np.sqrt(d_k) if settings.scale else factor.copy()
    scores = scores / settings.temperature  # [n_q, n_k]
    mask = causal_mask(n_q, k.shape[0]) if settings.causal else np.ones(factor.shape, dtype=bool)
    if settings.use_softmax:
        weights = softmax(np.where(mask, scores, -np.inf), axis=-1)
    else:
        weights = np.where(mask, scores, 0.0)
    output = weights @ v  # [n_q, d_v]
    read_only(factor, scores, weights, output)
    return AttentionResult(factor, scores, mask, weights, output, settings)
