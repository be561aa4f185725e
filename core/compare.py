"""Comparing two attention results: what can be subtracted, aligned how, on what colour scale."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


def shared_extent(*matrices: np.ndarray) -> float:
    """Largest |value| over all matrices: one colour scale for all of them."""
    return max((float(np.abs(m).max()) for m in matrices if m.size), default=0.0)


def shared_range(*arrays: np.ndarray, zero: bool = False) -> tuple[float, float]:
    """(lowest, highest) value over all arrays: one axis for charts that are compared.
    `zero`: the range also holds 0 (bars grow from it). Empty arrays are skipped."""
    values = [np.asarray(a, dtype=float) for a in arrays]
    lows = [float(v.min()) for v in values if v.size]
    highs = [float(v.max()) for v in values if v.size]
    if zero:
        lows, highs = [*lows, 0.0], [*highs, 0.0]
    if not lows:
        return 0.0, 0.0
    return min(lows), max(highs)


def aligned_labels(a: Sequence[str], b: Sequence[str]) -> tuple[str, ...]:
    """Labels for the first min(len) positions: the word, or "a/b" where the two differ."""
    return tuple(x if x == y else f"{x}/{y}" for x, y in zip(a, b, strict=False))


@dataclass(frozen=True)
class Difference:
    """B − A over the positions both have, and where it changed most."""

    matrix: np.ndarray  # [n, n] for word maps, [n, d] for outputs; n = min(n_a, n_b)
    labels: tuple[str, ...]  # n labels, "a/b" where the words differ
    cut: bool  # one of the two had more tokens than n
    largest: float  # max |B − A|
    row: int  # where it is
    col: int

    @property
    def row_change(self) -> np.ndarray:
        """[n] the largest |change| in each row."""
        return np.abs(self.matrix).max(axis=1) if self.matrix.size else np.zeros(0)


def difference_by_position(
    a: np.ndarray,
    b: np.ndarray,
    tokens_a: Sequence[str],
    tokens_b: Sequence[str],
    *,
    square: bool,
) -> Difference:
    """B − A aligned by position: rows (and columns when `square`) 0..n−1, n the shorter.

    a, b: [n_a, n_a] and [n_b, n_b] word maps (`square`), or [n_a, d] and [n_b, d] outputs.
    """
    n = min(len(tokens_a), len(tokens_b))
    if not square and a.shape[1] != b.shape[1]:
        raise ValueError(f"outputs of widths {a.shape[1]} and {b.shape[1]} cannot be subtracted")
    cut_a = a[:n, :n] if square else a[:n]
    cut_b = b[:n, :n] if square else b[:n]
    diff = cut_b - cut_a
    if diff.size:
        row, col = np.unravel_index(int(np.argmax(np.abs(diff))), diff.shape)
        largest = float(np.abs(diff[row, col]))
    else:
        row, col, largest = 0, 0, 0.0
    return Difference(
        matrix=diff,
        labels=aligned_labels(tokens_a, tokens_b),
        cut=len(tokens_a) != len(tokens_b),
        largest=largest,
        row=int(row),
        col=int(col),
    )
