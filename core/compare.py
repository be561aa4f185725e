"""Comparing two attention results: can they be subtracted, and on what colour scale."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def first_difference(a: Sequence[str], b: Sequence[str]) -> int | None:
    """The first position where two token lists differ (the shorter length if one is a prefix)."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return None if len(a) == len(b) else min(len(a), len(b))


def shared_extent(*matrices: np.ndarray) -> float:
    """Largest |value| over all matrices: one colour scale for all of them."""
    return max((float(np.abs(m).max()) for m in matrices if m.size), default=0.0)


def difference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """b − a, for two matrices of one shape."""
    if a.shape != b.shape:
        raise ValueError(f"cannot subtract matrices of shapes {a.shape} and {b.shape}")
    return b - a
