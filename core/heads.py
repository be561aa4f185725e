"""What real attention heads do, measured on the current sentence."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

STARTS = ("[CLS]", "<s>")  # the token an encoder puts first: MiniLM's, e5's
ENDS = ("[SEP]", "</s>")  # and last
SPECIAL_TOKENS = STARTS + ENDS


@dataclass(frozen=True)
class HeadPatterns:
    """Average attention, per head, that each query sends to one kind of key. [layers, heads]."""

    previous: np.ndarray  # to the token just before it
    next: np.ndarray  # to the token just after it
    itself: np.ndarray  # to its own position
    cls: np.ndarray  # to the first token ([CLS], <s>)
    sep: np.ndarray  # to the last one ([SEP], </s>)
    same_word: np.ndarray  # to other positions holding the same token (0 when none repeat)


def head_patterns(weights: np.ndarray, tokens: list[str] | tuple[str, ...]) -> HeadPatterns:
    """[L, H, n, n] softmax weights -> mean weight per head on each kind of key."""
    n = weights.shape[-1]
    rows = np.arange(n)

    def mean_on(mask: np.ndarray) -> np.ndarray:  # mask [n, n] of the keys that count
        counted = mask.any(axis=1)  # queries that have such a key at all
        if not counted.any():
            return np.zeros(weights.shape[:2])
        picked = (weights * mask).sum(axis=-1)  # [L, H, n]
        return picked[..., counted].mean(axis=-1)

    low = np.array([t.lower() for t in tokens])
    same = (low[:, None] == low[None, :]) & ~np.eye(n, dtype=bool)
    starts = np.isin(np.asarray(tokens), STARTS)  # [n]
    ends = np.isin(np.asarray(tokens), ENDS)  # [n]
    return HeadPatterns(
        previous=mean_on(rows[None, :] == rows[:, None] - 1),
        next=mean_on(rows[None, :] == rows[:, None] + 1),
        itself=mean_on(np.eye(n, dtype=bool)),
        cls=mean_on(np.broadcast_to(starts, (n, n))),
        sep=mean_on(np.broadcast_to(ends, (n, n))),
        same_word=mean_on(same),
    )


def strongest_heads(pattern: np.ndarray, count: int = 3) -> list[tuple[int, int, float]]:
    """[L, H] -> the `count` (layer, head, value) with the largest values, largest first."""
    order = np.argsort(-pattern, axis=None, kind="stable")[:count]
    n_heads = pattern.shape[1]
    return [(int(i // n_heads), int(i % n_heads), float(pattern.flat[i])) for i in order]


def keep_words(tokens: list[str] | tuple[str, ...]) -> np.ndarray:
    """Indices of the tokens that are not the frame ([CLS]/[SEP], <s>/</s>)."""
    return np.array([i for i, t in enumerate(tokens) if t not in SPECIAL_TOKENS], dtype=int)


def without_specials(
    matrix: np.ndarray, tokens: list[str] | tuple[str, ...], *, square: bool = True
) -> tuple[np.ndarray, tuple[str, ...]]:
    """Drop the frame's ([CLS]/[SEP], <s>/</s>) rows (and columns when `square`):
    [..., n, n] -> [..., m, m] or [..., n, d] -> [..., m, d] (leading axes, e.g. layers and
    heads, are kept).

    Nothing is renormalised here: softmax rows then add up to less than 1 (see `renormalised`).
    """
    keep = keep_words(tokens)
    kept = matrix[..., keep, :]  # [..., m, n] or [..., m, d]
    if square:
        kept = kept[..., keep]  # [..., m, m]
    return kept, tuple(tokens[i] for i in keep)


def renormalised(weights: np.ndarray) -> np.ndarray:
    """[..., n, m] non-negative weights -> each row divided by its sum (a zero row stays zero):
    the share of attention each remaining word gets once [CLS]/[SEP] are left out."""
    sums = weights.sum(axis=-1, keepdims=True)  # [..., n, 1]
    return np.divide(weights, sums, out=np.zeros_like(weights, dtype=float), where=sums > 0)


def layer_mean(weights: np.ndarray, layer: int) -> np.ndarray:
    """[L, H, n, n] -> [n, n] the average of one layer's heads."""
    return weights[layer].mean(axis=0)
