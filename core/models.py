"""The three models the pages show, each as a `Model` (core/encoding.py) for `pipeline`.

ToyModel: word vectors and W_Q, W_K, W_V drawn from a seed, with sinusoidal positions.
MiniLMHead: one head of the pretrained all-MiniLM-L6-v2; x is the input of its layer.
TrainedHead: the one-head model page 7 trains (or the same model before training).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from core.arrays import read_only
from core.embeddings import embed, positional_encoding
from core.encoding import Embedded, ModelRef, Projection
from core.learning.task import TrainedModel
from core.pretrained import MiniLM, MiniLMResult
from core.tokenize import MAX_TOKENS, Tokenized, tokenize


def _summed(
    text: str, tokenized: Tokenized, embedding: np.ndarray, positions: np.ndarray
) -> Embedded:
    """[n, d_model] embedding and positions -> Embedded with x = embedding + positions."""
    x = embedding + positions  # [n, d_model]
    read_only(embedding, positions, x)
    return Embedded(text, tokenized.tokens, tokenized.n_total, embedding, positions, x)


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
class ToyModel:
    """The toy self-attention module: every number comes from `config`."""

    config: ToyConfig = ToyConfig()

    @property
    def ref(self) -> ModelRef:
        c = self.config
        return ModelRef("toy", c.d_model, c.d_k, seed=c.seed, positional=c.positional)

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
        return _summed(text, tokenized, embedding, positions)


@dataclass(frozen=True, eq=False)
class MiniLMHead:
    """One head of MiniLM, re-computed with the dashboard's switches (softmax off, ...).

    `run` is the forward pass (default `model.run`); pass a cached one to reuse it across heads.
    """

    model: MiniLM
    layer: int
    head: int
    run: Callable[[str], MiniLMResult] | None = None

    @property
    def ref(self) -> ModelRef:
        c = self.model.config
        return ModelRef("minilm", c.d_model, c.d_head, layer=self.layer, head=self.head)

    @property
    def projection(self) -> Projection:
        """W_Q, W_K, W_V [d_model, d_head] and biases [d_head] of this head."""
        return self.model.head_params(self.layer, self.head)

    def encode(self, text: str) -> Embedded:
        """The input of `layer` for one sentence, with [CLS] and [SEP].

        x is hidden[layer]: for layer 0 LayerNorm(word + position embeddings), later the output
        of the layer before. A text with no word pieces gives no tokens (not just [CLS] [SEP]).
        """
        n_pieces = len(self.model.tokenizer.tokenize(text))
        if n_pieces == 0:
            empty = read_only(np.zeros((0, self.model.config.d_model), dtype=np.float32))
            return Embedded(text, (), 0, empty, empty, empty)
        forward = self.run or (lambda s: self.model.run(s, max_tokens=MAX_TOKENS))
        result = forward(text)
        return Embedded(
            text,
            tuple(result.tokens),
            n_pieces + 2,
            result.word_embeddings,  # [n, d_model]
            result.position_embeddings,  # [n, d_model]
            x=result.hidden[self.layer],  # [n, d_model]
            x_kind="layernorm" if self.layer == 0 else "layer",
        )


@dataclass(frozen=True, eq=False)
class TrainedHead:
    """Page 7's model: its trained W_Q, W_K, W_V (no bias) and embeddings, with positions.

    `seed`: the training seed, for the charts to name the run.
    """

    model: TrainedModel
    seed: int | None = None

    @property
    def ref(self) -> ModelRef:
        return ModelRef("trained", self.model.d_model, self.model.d_k, seed=self.seed)

    @property
    def projection(self) -> Projection:
        return Projection.without_bias(self.model.w_q, self.model.w_k, self.model.w_v)

    def encode(self, text: str) -> Embedded:
        """Words it never saw get a zero vector (see `model.unknown`); object words get the
        [mask] vector, as in training (see `model.hidden`)."""
        tokenized = tokenize(text)
        embedding, positions = self.model.embed(list(tokenized.tokens))  # [n, d_model] each
        return _summed(text, tokenized, embedding, positions)
