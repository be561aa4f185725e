"""Change one word: which of the 72 heads move most between two versions of a sentence.

Tokens of sentence A and B are paired up (aligned). For each head and each aligned query pair,
the two attention rows are cut down to the aligned keys, renormalised, and compared with the
Jensen–Shannon divergence in bits (0 = same row, 1 = no key in common).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from core.arrays import read_only
from core.pretrained import MiniLMResult


@dataclass(frozen=True, eq=False)
class Variant:
    """How far each head's attention moved from sentence A to sentence B."""

    tokens_a: tuple[str, ...]  # [n_a]
    tokens_b: tuple[str, ...]  # [n_b]
    pairs: np.ndarray  # [m, 2] aligned (position in A, position in B), increasing
    by_position: bool  # True: equal lengths, paired i with i; False: longest common subsequence
    divergence: np.ndarray  # [n_layers, n_heads, m] JS of each aligned query's rows, in bits
    head_scores: np.ndarray  # [n_layers, n_heads] mean of `divergence` over aligned queries
    ranking: np.ndarray  # [n_layers * n_heads, 2] (layer, head), largest score first
    token_movement: np.ndarray  # [m] mean of `divergence` over all heads


def align(tokens_a: Sequence[str], tokens_b: Sequence[str]) -> tuple[np.ndarray, bool]:
    """[n_a], [n_b] -> (pairs [m, 2], by_position).

    Equal lengths: every position i pairs with i, changed pieces included. Otherwise: the
    longest common subsequence of the lower-cased word pieces; among equally long ones, the
    walk from the start prefers matching now, then skipping a piece of A before one of B.
    Pieces outside it (the changed words) are left out.
    """
    if len(tokens_a) == len(tokens_b):
        idx = np.arange(len(tokens_a))
        return np.stack([idx, idx], axis=1).reshape(-1, 2), True
    a = [t.lower() for t in tokens_a]
    b = [t.lower() for t in tokens_b]
    n_a, n_b = len(a), len(b)
    suffix = np.zeros((n_a + 1, n_b + 1), dtype=int)  # [i, j] LCS length of a[i:], b[j:]
    for i in range(n_a - 1, -1, -1):
        for j in range(n_b - 1, -1, -1):
            if a[i] == b[j]:
                suffix[i, j] = suffix[i + 1, j + 1] + 1
            else:
                suffix[i, j] = max(suffix[i + 1, j], suffix[i, j + 1])
    pairs = []
    i = j = 0
    while i < n_a and j < n_b:
        if a[i] == b[j]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif suffix[i + 1, j] >= suffix[i, j + 1]:
            i += 1
        else:
            j += 1
    return np.array(pairs, dtype=int).reshape(-1, 2), False


def js_divergence(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """[..., n], [..., n] distributions -> [...] Jensen–Shannon divergence in bits, in [0, 1].

    JS = ½ KL(p ‖ m) + ½ KL(q ‖ m) with m = (p + q) / 2 and 0·log 0 = 0.
    """
    p = np.asarray(p, dtype=np.float64)
    q = np.asarray(q, dtype=np.float64)
    m = (p + q) / 2

    def kl_to_m(x: np.ndarray) -> np.ndarray:
        ratio = np.divide(x, m, out=np.ones_like(x), where=x > 0)
        return (x * np.log2(ratio)).sum(axis=-1)

    return np.clip(0.5 * kl_to_m(p) + 0.5 * kl_to_m(q), 0.0, 1.0)


def restrict(weights: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """[L, H, n, n] -> [L, H, m, m] rows and keys `keep`, each row renormalised to sum 1.

    A row with no weight left on the kept keys becomes uniform over them.
    """
    cut = np.asarray(weights, dtype=np.float64)[..., keep, :][..., keep]  # [L, H, m, m]
    total = cut.sum(axis=-1, keepdims=True)  # [L, H, m, 1]
    uniform = np.full_like(cut, 1.0 / cut.shape[-1])
    return np.divide(cut, total, out=uniform, where=total > 0)


def variant_from_weights(
    weights_a: np.ndarray,
    tokens_a: Sequence[str],
    weights_b: np.ndarray,
    tokens_b: Sequence[str],
) -> Variant:
    """[L, H, n_a, n_a] with n_a tokens, [L, H, n_b, n_b] with n_b tokens -> Variant."""
    for weights, tokens, name in ((weights_a, tokens_a, "A"), (weights_b, tokens_b, "B")):
        if weights.ndim != 4 or weights.shape[2:] != (len(tokens),) * 2:
            raise ValueError(
                f"sentence {name}: weights must be [layers, heads, n, n] with n = {len(tokens)} "
                f"tokens; got {weights.shape}"
            )
    if weights_a.shape[:2] != weights_b.shape[:2]:
        raise ValueError(
            f"both sentences need the same layers and heads; got {weights_a.shape[:2]} "
            f"and {weights_b.shape[:2]}"
        )
    pairs, by_position = align(tokens_a, tokens_b)
    if len(pairs) == 0:
        raise ValueError("the two sentences have no word piece in common to compare")
    rows_a = restrict(weights_a, pairs[:, 0])  # [L, H, m, m]
    rows_b = restrict(weights_b, pairs[:, 1])  # [L, H, m, m]
    divergence = js_divergence(rows_a, rows_b)  # [L, H, m]
    head_scores = divergence.mean(axis=-1)  # [L, H]
    n_heads = head_scores.shape[1]
    order = np.argsort(-head_scores, axis=None, kind="stable")  # [L * H]
    ranking = np.stack([order // n_heads, order % n_heads], axis=1)  # [L * H, 2]
    token_movement = divergence.mean(axis=(0, 1))  # [m]
    read_only(pairs, divergence, head_scores, ranking, token_movement)
    return Variant(
        tokens_a=tuple(tokens_a),
        tokens_b=tuple(tokens_b),
        pairs=pairs,
        by_position=by_position,
        divergence=divergence,
        head_scores=head_scores,
        ranking=ranking,
        token_movement=token_movement,
    )


def variant(a: MiniLMResult, b: MiniLMResult) -> Variant:
    """Two MiniLM runs (sentence A, sentence B) -> how much each head's attention moved."""
    return variant_from_weights(a.weights, a.tokens, b.weights, b.tokens)


def difference_maps(weights_a: np.ndarray, weights_b: np.ndarray, pairs: np.ndarray) -> np.ndarray:
    """[L, H, n_a, n_a], [L, H, n_b, n_b], pairs [m, 2] -> [L, H, m, m] B − A.

    Both sides are the rows the divergence compares: cut to the aligned tokens, renormalised.
    """
    pairs = np.asarray(pairs, dtype=int).reshape(-1, 2)
    return restrict(weights_b, pairs[:, 1]) - restrict(weights_a, pairs[:, 0])
