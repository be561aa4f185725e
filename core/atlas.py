"""Head atlas: what each of MiniLM's 6×12 heads does, measured over many sentences.

Each behaviour gets a score per head, pooled over every query of every sentence: the
positional and special behaviours are mean attention mass (core.heads.head_patterns; 'same_word'
never pairs two [UNK] pieces), 'broad' is the mean row entropy divided by log n. A head is
labelled with the behaviour whose score is the largest multiple of its threshold, if that
multiple is at least 1; else 'mixed'.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from core.arrays import read_only
from core.heads import head_patterns
from core.pretrained import MiniLM
from core.wordpiece import UNK, is_cjk

BEHAVIOURS = ("previous", "next", "self", "cls", "sep", "same_word", "broad")
MIXED = "mixed"  # the label of a head that passes no threshold
THRESHOLDS = (  # a head shows a behaviour when its score reaches this
    0.4,  # previous: mean mass on the token just before (a uniform 12-token row gives 0.08)
    0.4,  # next: mean mass on the token just after
    0.4,  # self: mean mass on its own position
    0.6,  # cls: higher, as parking attention on [CLS] or [SEP] is what idle heads do
    0.6,  # sep: likewise
    0.4,  # same_word: mean mass on the same piece elsewhere, over queries that have one
    0.8,  # broad: mean row entropy / log n (1 = uniform rows)
)

SENTENCES = (  # our own simple sentences: 10 English, then 10 Chinese
    # (the Chinese use only characters in MiniLM's vocabulary, which has 244 CJK characters)
    "The cat sat on the mat and the cat slept.",
    "My sister reads a book every night before bed.",
    "The rain stopped, so we walked to the park.",
    "He bought apples, and she bought apples too.",
    "A small boat crossed the quiet lake at dawn.",
    "The teacher asked a question and the students answered it.",
    "We cooked soup because the evening was cold.",
    "The old dog waited by the door for its owner.",
    "She wrote a letter, then she wrote another letter.",
    "Trains leave the station every ten minutes.",
    "山上有花，山下有水。",
    "春天的花，秋天的月。",
    "男子和女子同行。",
    "天上有日，也有月，也有星。",
    "我家有白花，也有青花。",
    "中国有大河，也有高山。",
    "李小花和王大明同年。",
    "北京和南京都有大学。",
    "水中有石，石上有花。",
    "小王和小李一同出行。",
)


@dataclass(frozen=True, eq=False)
class Atlas:
    """Scores, per head, for each behaviour, and the label each head earns."""

    behaviours: tuple[str, ...]  # [b] names, in the order of the last axis of `scores`
    thresholds: np.ndarray  # [b]
    scores: np.ndarray  # [n_layers, n_heads, b] pooled over all sentences
    top: np.ndarray  # [n_layers, n_heads] index of the behaviour with the largest score/threshold
    strength: np.ndarray  # [n_layers, n_heads] the score of that behaviour
    labels: tuple[tuple[str, ...], ...]  # [n_layers][n_heads] behaviour name or MIXED
    n_sentences: int

    def heads_labelled(self, label: str) -> list[tuple[int, int]]:
        """(layer, head) of every head with this label, in reading order."""
        return [
            (layer, head)
            for layer, row in enumerate(self.labels)
            for head, name in enumerate(row)
            if name == label
        ]


def normalised_entropy(weights: np.ndarray) -> np.ndarray:
    """[..., n] rows -> [...] entropy / log n, in [0, 1]; 0·log 0 counts as 0. Needs n ≥ 2."""
    n = weights.shape[-1]
    if n < 2:
        raise ValueError(f"entropy / log n needs rows of at least 2 keys; got {n}")
    w = np.asarray(weights, dtype=np.float64)
    logs = np.log(w, out=np.zeros_like(w), where=w > 0)
    return -(w * logs).sum(axis=-1) / np.log(n)


def distinct_unknowns(tokens: Sequence[str]) -> list[str]:
    """[n] tokens with each [UNK] made unique ("[UNK]@i"): two unknown pieces are not one word."""
    return [f"{t}@{i}" if t == UNK else t for i, t in enumerate(tokens)]


def query_counts(tokens: Sequence[str]) -> np.ndarray:
    """[b - 1] how many queries each mass behaviour is averaged over, as head_patterns counts them.

    previous and next: n − 1; self: n; cls and sep: n if the token is present, else 0;
    same_word: the queries whose lower-cased piece occurs at another position too.
    """
    n = len(tokens)
    low = [t.lower() for t in tokens]
    repeated = sum(low.count(t) > 1 for t in low)
    return np.array(
        [n - 1, n - 1, n, n * ("[cls]" in low), n * ("[sep]" in low), repeated], dtype=np.float64
    )


def measure(
    runs: Sequence[tuple[np.ndarray, Sequence[str]]],
) -> np.ndarray:
    """[(weights [L, H, n, n], tokens [n]), ...] -> scores [L, H, b], pooled over every query.

    A mass behaviour's score is Σ_sentences (count · head_patterns mean) / Σ count, i.e. the mean
    over all queries that have such a key; 0 when no query of any sentence has one.
    """
    if not runs:
        raise ValueError("the atlas needs at least one sentence")
    n_l, n_h = runs[0][0].shape[:2]
    mass_sum = np.zeros((n_l, n_h, len(BEHAVIOURS) - 1))  # [L, H, b - 1]
    mass_count = np.zeros(len(BEHAVIOURS) - 1)  # [b - 1]
    entropy_sum = np.zeros((n_l, n_h))  # [L, H]
    n_rows = 0
    for weights, tokens in runs:
        if weights.shape[:2] != (n_l, n_h) or weights.shape[2:] != (len(tokens),) * 2:
            raise ValueError(
                f"weights must be [{n_l}, {n_h}, n, n] with n = {len(tokens)} tokens; "
                f"got {weights.shape}"
            )
        tokens = distinct_unknowns(tokens)
        p = head_patterns(weights, tokens)
        means = np.stack([p.previous, p.next, p.itself, p.cls, p.sep, p.same_word], axis=-1)
        counts = query_counts(tokens)  # [b - 1]
        mass_sum += means * counts
        mass_count += counts
        entropy_sum += normalised_entropy(weights).sum(axis=-1)  # [L, H]
        n_rows += len(tokens)
    masses = np.divide(
        mass_sum, mass_count, out=np.zeros_like(mass_sum), where=mass_count > 0
    )  # [L, H, b - 1]
    return np.concatenate([masses, (entropy_sum / n_rows)[..., None]], axis=-1)


def label_heads(scores: np.ndarray, n_sentences: int) -> Atlas:
    """[L, H, b] scores over n_sentences -> Atlas: label = argmax score/threshold, if ≥ 1."""
    scores = np.array(scores, dtype=np.float64)  # a copy: the caller's array stays writable
    thresholds = np.array(THRESHOLDS)  # [b]
    ratio = scores / thresholds  # [L, H, b]
    top = np.argmax(ratio, axis=-1)  # [L, H], first behaviour on ties
    strength = np.take_along_axis(scores, top[..., None], axis=-1)[..., 0]  # [L, H]
    passed = np.take_along_axis(ratio, top[..., None], axis=-1)[..., 0] >= 1.0  # [L, H]
    labels = tuple(
        tuple(BEHAVIOURS[t] if ok else MIXED for t, ok in zip(t_row, ok_row, strict=True))
        for t_row, ok_row in zip(top.tolist(), passed.tolist(), strict=True)
    )
    read_only(thresholds, scores, top, strength)
    return Atlas(
        behaviours=BEHAVIOURS,
        thresholds=thresholds,
        scores=scores,
        top=top,
        strength=strength,
        labels=labels,
        n_sentences=n_sentences,
    )


def atlas_from_runs(runs: Sequence[tuple[np.ndarray, Sequence[str]]]) -> Atlas:
    """[(weights [L, H, n, n], tokens [n]), ...] -> Atlas."""
    return label_heads(measure(runs), len(runs))


def atlas(model: MiniLM, sentences: Sequence[str] = SENTENCES) -> Atlas:
    """Run every sentence through MiniLM and label its 6×12 heads."""
    texts = [s for s in sentences if s.strip()]
    if not texts:
        raise ValueError("the atlas needs at least one non-empty sentence")
    runs = []
    for text in texts:
        result = model.run(text)
        runs.append((result.weights, result.tokens))
    return atlas_from_runs(runs)


def strongest_head(a: Atlas, behaviour: str) -> tuple[int, int, float]:
    """(layer, head, score) of the head with the largest score for `behaviour` (first on ties)."""
    b = a.behaviours.index(behaviour)
    flat = int(np.argmax(a.scores[..., b]))
    layer, head = divmod(flat, a.scores.shape[1])
    return layer, head, float(a.scores[layer, head, b])


def unknown_pieces(tokens: Sequence[str]) -> tuple[int, int]:
    """(pieces that are [UNK], word pieces in all) of a MiniLM token list, [CLS]/[SEP] excluded."""
    pieces = [t for t in tokens if t not in ("[CLS]", "[SEP]")]
    return sum(t == UNK for t in pieces), len(pieces)


def cjk_characters(vocab: Iterable[str]) -> int:
    """How many vocabulary entries are one CJK character (what MiniLM can read of Chinese)."""
    return sum(len(token) == 1 and is_cjk(token) for token in vocab)
