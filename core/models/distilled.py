"""The pages' default: a 16-wide head trained to attend like MiniLM heads."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from core.arrays import read_only
from core.chinese import read_pieces
from core.encoding import Embedded, Family, LinearQKV, ModelRef, Projection
from core.models.inputs import summed
from core.pretrained import DEFAULT_DIR
from core.tokenize import MAX_TOKENS, Tokenized
from core.wordpiece import WordPieceTokenizer

DISTILLED_FILE = Path(__file__).resolve().parent.parent.parent / "models" / "distilled" / "head.npz"
# How often the object looks most at its verb (by 1.2x), form by form, on 200 held-out generated
# sentences of each (python -m tools.measure_story --model distilled --count 200 --seed 11;
# tests/test_story_rates.py checks them on other sentences). The app states these, no more.
STORY_RATES = {  # (language, form): share of sentences
    ("en", "plain"): 0.820,
    ("en", "question"): 0.510,
    ("en", "wh_question"): 0.775,
    ("en", "progressive"): 0.805,
    ("en", "perfect"): 0.795,
    ("en", "future"): 0.615,
    ("en", "imperative"): 0.630,
    ("en", "quantifier"): 0.540,
    ("en", "possessive"): 0.595,
    ("en", "relative"): 0.860,
    ("en", "adverb"): 0.775,
    ("en", "time"): 0.705,
    ("en", "negation"): 0.705,
    ("en", "adjective_object"): 0.195,
    ("en", "passive"): 0.045,
    ("zh", "article"): 0.725,
    ("zh", "plain"): 0.570,
    ("zh", "measure"): 0.035,
    ("zh", "de_phrase"): 0.000,
    ("zh", "ba"): 0.080,
    ("zh", "adverb"): 0.090,
    ("zh", "progressive"): 0.570,
    ("zh", "ma_question"): 0.520,
    ("zh", "shei_question"): 0.000,
    ("zh", "time"): 0.045,
    ("zh", "place"): 0.025,
    ("zh", "negation"): 0.505,
    ("zh", "pronoun"): 0.031,
    ("zh", "future"): 0.660,
    ("zh", "bei"): 0.000,
}

FAMILY = Family(
    "distilled", layered=False, learned_positions=True, random_weights=False, tokenizer="words"
)


@dataclass(frozen=True, eq=False)
class DistilledHead(LinearQKV):
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
        return ModelRef(FAMILY.kind, d_model, d_k, layer=layer, heads=heads)

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
        return summed(text, tokenized, embedding, positions, reads)
