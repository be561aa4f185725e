"""Several tokens at once: where a group of queries sends its attention, together."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from core.arrays import read_only


@dataclass(frozen=True, eq=False)
class GroupAttention:
    """The chosen queries' rows added up and averaged, over the chosen keys."""

    queries: np.ndarray  # [g] query indices, in the order given
    keys: np.ndarray  # [m] key indices the rows are restricted to (all keys if none chosen)
    summed: np.ndarray  # [m] Σ over the chosen queries of weights[i, keys]
    averaged: np.ndarray  # [m] summed / g
    outside: float  # average weight the chosen queries give to keys not in `keys`


def _indices(chosen: Sequence[int], size: int, what: str) -> np.ndarray:
    """Check a list of row or column indices: not empty, each in range, no repeats."""
    idx = np.asarray(list(chosen), dtype=int)  # [g]
    if idx.size == 0:
        raise ValueError(f"choose at least one {what}")
    if idx.min() < 0 or idx.max() >= size:
        raise ValueError(f"{what} indices must be in 0..{size - 1}; got {idx.tolist()}")
    if len(set(idx.tolist())) != idx.size:
        raise ValueError(f"each {what} may be chosen once; got {idx.tolist()}")
    return idx


def group_attention(
    weights: np.ndarray, queries: Sequence[int], keys: Sequence[int] | None = None
) -> GroupAttention:
    """[n_q, n_k] weights, g query indices, m key indices (or None: all) -> GroupAttention.

    Rows are restricted to the chosen keys, not renormalised: `outside` is what they leave out.
    """
    weights = np.asarray(weights, dtype=np.float64)
    if weights.ndim != 2:
        raise ValueError(f"weights must be a [n_q, n_k] matrix; got shape {weights.shape}")
    n_q, n_k = weights.shape
    q_idx = _indices(queries, n_q, "query")
    k_idx = np.arange(n_k) if keys is None else _indices(keys, n_k, "key")
    rows = weights[q_idx]  # [g, n_k]
    summed = rows[:, k_idx].sum(axis=0)  # [m]
    averaged = summed / len(q_idx)  # [m]
    outside = float(rows.sum(axis=1).mean() - averaged.sum())
    read_only(q_idx, k_idx, summed, averaged)
    return GroupAttention(
        queries=q_idx, keys=k_idx, summed=summed, averaged=averaged, outside=outside
    )
