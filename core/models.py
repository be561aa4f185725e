"""The models, each a `Model` (core/encoding.py) for `pipeline`.

DistilledHead: the pages' default, a 16-wide head trained to attend like two MiniLM heads
    (tools/distill_head.py), with learned positions.
ToyModel: word vectors and W_Q, W_K, W_V drawn from a seed, with sinusoidal positions.
MiniLMHead: one head of the pretrained all-MiniLM-L6-v2; x is the input of its layer.
TrainedHead: the one-head model page 7 trains (or the same model before training).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from core.arrays import read_only
from core.chinese import read_pieces
from core.embeddings import embed, positional_encoding
from core.encoding import Embedded, ModelRef, Projection
from core.learning.task import TrainedModel
from core.pretrained import DEFAULT_DIR, MiniLM, MiniLMResult
from core.tokenize import MAX_TOKENS, Tokenized, tokenize
from core.wordpiece import WordPieceTokenizer

DISTILLED_FILE = Path(__file__).resolve().parent.parent / "models" / "distilled" / "head.npz"


def _summed(
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


@dataclass(frozen=True, eq=False)
class DistilledHead:
    """A head 16 wide that attends like MiniLM heads, made by tools/distill_head.py.

    x = word_vectors[piece] + positions[i]: MiniLM's word and position embeddings, each through
    a learned 384 -> d_model projection; no context, so every piece has one vector. A Chinese
    word takes the vector of its English gloss (core/chinese.py).
    """

    tokenizer: WordPieceTokenizer
    word_vectors: np.ndarray  # [vocab_size, d_model]
    positions: np.ndarray  # [MAX_TOKENS, d_model] the i-th piece's position vector (learned)
    qkv: Projection  # W_Q, W_K [d_model, d_k], W_V [d_model, d_v], b_v; b_q, b_k are zero
    teacher: tuple[int, tuple[int, ...]]  # MiniLM layer and the heads whose mean it learned

    @classmethod
    def load(
        cls, path: str | Path = DISTILLED_FILE, minilm: str | Path = DEFAULT_DIR
    ) -> DistilledHead:
        """Read head.npz, and the vocabulary and word table of MiniLM in `minilm`."""
        minilm = Path(minilm)
        with np.load(path) as npz:
            head = {key: npz[key] for key in npz.files}
        with np.load(minilm / "weights.npz") as npz:
            table = npz["embed.word"]  # [vocab_size, 384] float16
        word_vectors = table.astype(np.float32) @ head["a"]  # [vocab_size, d_model]
        zero_k = np.zeros(head["w_q"].shape[1], dtype=np.float32)
        layer, *heads = head["teacher"].tolist()  # [1 + h] MiniLM layer, then its heads
        qkv = Projection(
            *read_only(head["w_q"], head["w_k"], head["w_v"]),
            b_q=read_only(zero_k),
            b_k=zero_k,
            b_v=read_only(head["b_v"]),
        )
        return cls(
            tokenizer=WordPieceTokenizer.from_vocab_file(minilm / "vocab.txt"),
            word_vectors=read_only(word_vectors),
            positions=read_only(head["positions"]),
            qkv=qkv,
            teacher=(int(layer), tuple(int(h) for h in heads)),
        )

    @property
    def ref(self) -> ModelRef:
        d_model, d_k = self.qkv.w_q.shape
        layer, heads = self.teacher
        return ModelRef("distilled", d_model, d_k, layer=layer, heads=heads)

    @property
    def projection(self) -> Projection:
        return self.qkv

    def encode(self, text: str) -> Embedded:
        """The first MAX_TOKENS word pieces (no [CLS], [SEP]; a Chinese word is one, read as its
        gloss): their vectors plus positions."""
        pieces = read_pieces(self.tokenizer, text)
        kept = pieces[:MAX_TOKENS]
        ids = np.array([self.tokenizer.vocab[p.reads] for p in kept], dtype=np.int64)  # [n]
        embedding = self.word_vectors[ids]  # [n, d_model]
        positions = self.positions[: len(ids)].copy()  # [n, d_model]
        tokenized = Tokenized(tuple(p.shown for p in kept), n_total=len(pieces))
        reads = tuple(p.reads for p in kept) if any(p.glossed for p in kept) else ()
        return _summed(text, tokenized, embedding, positions, reads)
