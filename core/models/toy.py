"""The toy self-attention module: word vectors and W_Q, W_K, W_V drawn from a seed."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.arrays import read_only
from core.embeddings import embed, positional_encoding
from core.encoding import Embedded, Family, LinearQKV, ModelRef, Projection
from core.models.inputs import summed
from core.tokenize import tokenize

FAMILY = Family(
    "toy", layered=False, learned_positions=False, random_weights=True, tokenizer="words"
)


@dataclass(frozen=True)
class ToyConfig:
    d_model: int = 8  # embedding width: small so every number fits in a cell
    d_k: int = 4  # query/key (and value) width
    seed: int = 0  # draws the word vectors and W_Q, W_K, W_V
    positional: bool = True  # add sinusoidal positional encoding to the embeddings


def toy_projection(d_model: int, d_k: int, seed: int) -> Projection:
    """W_Q, W_K, W_V [d_model, d_k] drawn from the seed, scaled by 1/√d_model; no bias."""
    rng = np.random.default_rng([seed, d_model, d_k])
    w = read_only(rng.standard_normal((3, d_model, d_k)) / np.sqrt(d_model))  # [3, d_model, d_k]
    return Projection.without_bias(w[0], w[1], w[2])


@dataclass(frozen=True)
class ToyModel(LinearQKV):
    """The toy self-attention module: every number comes from `config`."""

    config: ToyConfig = ToyConfig()

    @property
    def ref(self) -> ModelRef:
        c = self.config
        return ModelRef(FAMILY.kind, c.d_model, c.d_k, seed=c.seed, positional=c.positional)

    @property
    def projection(self) -> Projection:
        return toy_projection(self.config.d_model, self.config.d_k, self.config.seed)

    def encode(self, text: str) -> Embedded:
        """The first MAX_TOKENS tokens, a seeded vector per word, positions unless switched off."""
        tokenized = tokenize(text)
        n, d_model = len(tokenized.tokens), self.config.d_model
        embedding = embed(tokenized.tokens, d_model, self.config.seed)  # [n, d_model]
        positions = positional_encoding(n, d_model)  # [n, d_model]
        if not self.config.positional:
            positions = np.zeros_like(positions)
        return summed(text, tokenized, embedding, positions)
