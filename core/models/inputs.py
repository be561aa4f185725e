"""What the models that add positions to word vectors share: X = embedding + positions."""

from __future__ import annotations

import numpy as np

from core.arrays import read_only
from core.encoding import Embedded
from core.tokenize import Tokenized


def summed(
    text: str,
    tokenized: Tokenized,
    embedding: np.ndarray,
    positions: np.ndarray,
    reads: tuple[str, ...] = (),
) -> Embedded:
    """[n, d_model] embedding and positions -> Embedded with x = embedding + positions."""
    x = embedding + positions  # [n, d_model]
    read_only(embedding, positions, x)
    return Embedded(text, tokenized.tokens, tokenized.n_total, embedding, positions, x, reads=reads)
