"""Page 7's model: the one head it trains (or the same model before training)."""

from __future__ import annotations

from dataclasses import dataclass

from core.encoding import Embedded, Family, LinearQKV, ModelRef, Projection
from core.learning.corpus import cut_chinese
from core.learning.task import TrainedModel
from core.models.inputs import summed
from core.tokenize import MAX_TOKENS, Tokenized, tokenize_all

FAMILY = Family(
    "trained", layered=False, learned_positions=False, random_weights=False, tokenizer="words"
)


@dataclass(frozen=True, eq=False)
class TrainedHead(LinearQKV):
    """Page 7's model: its trained W_Q, W_K, W_V (no bias) and embeddings, with positions.

    `seed`: the training seed, for the charts to name the run.
    """

    model: TrainedModel
    seed: int | None = None

    @property
    def ref(self) -> ModelRef:
        return ModelRef(FAMILY.kind, self.model.d_model, self.model.d_k, seed=self.seed)

    @property
    def projection(self) -> Projection:
        return Projection.without_bias(self.model.w_q, self.model.w_k, self.model.w_v)

    def encode(self, text: str) -> Embedded:
        """Words it never saw get a zero vector (see `model.unknown`); object words get the
        [mask] vector, as in training (see `model.hidden`). Chinese is cut into the corpus's
        Chinese words (那只 黑 猫 喝 了 奶), each read as the English word it stands for."""
        every = cut_chinese(tokenize_all(text))
        tokenized = Tokenized(tuple(every[:MAX_TOKENS]), len(every))
        embedding, positions = self.model.embed(list(tokenized.tokens))  # [n, d_model] each
        return summed(text, tokenized, embedding, positions)
