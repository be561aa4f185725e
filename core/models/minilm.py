"""One head of the pretrained all-MiniLM-L6-v2; x is the input of its layer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from core.arrays import read_only
from core.encoding import Embedded, Family, LinearQKV, ModelRef, Projection
from core.pretrained import MiniLM, MiniLMResult
from core.tokenize import MAX_TOKENS

FAMILY = Family(
    "minilm", layered=True, learned_positions=True, random_weights=False, tokenizer="wordpiece"
)


@dataclass(frozen=True, eq=False)
class MiniLMHead(LinearQKV):
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
        return ModelRef(FAMILY.kind, c.d_model, c.d_head, layer=self.layer, head=self.head)

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
