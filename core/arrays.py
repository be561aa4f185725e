"""Arrays every result shares: frozen, so a cached result can be handed to every session."""

from __future__ import annotations

from typing import overload

import numpy as np


@overload
def read_only(array: np.ndarray, /) -> np.ndarray: ...
@overload
def read_only(*arrays: np.ndarray) -> tuple[np.ndarray, ...]: ...
def read_only(*arrays: np.ndarray) -> np.ndarray | tuple[np.ndarray, ...]:
    """Mark the arrays read-only in place; return the one array, or all of them."""
    for a in arrays:
        a.setflags(write=False)
    return arrays[0] if len(arrays) == 1 else arrays
