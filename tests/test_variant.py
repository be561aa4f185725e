"""Change one word: JS divergence by hand, alignment, and a loop reference on real MiniLM runs."""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import pytest

from core.pretrained import MiniLM
from core.variant import align, js_divergence, variant, variant_from_weights

CAT = "The cat sat on the mat."
DOG = "The dog sat on the mat."
BIG_CAT = "The big cat sat on the mat."


@pytest.fixture(scope="module")
def model() -> MiniLM:
    return MiniLM.load()


def slow_js(p: list[float], q: list[float]) -> float:
    total = 0.0
    for x, y in zip(p, q, strict=True):
        m = (x + y) / 2
        if x > 0:
            total += 0.5 * x * math.log2(x / m)
        if y > 0:
            total += 0.5 * y * math.log2(y / m)
    return total


def slow_variant(wa: np.ndarray, wb: np.ndarray, pairs: np.ndarray) -> np.ndarray:
    """[L, H, m] JS per head and aligned query, with loops."""
    n_l, n_h = wa.shape[:2]
    keys_a, keys_b = [int(i) for i in pairs[:, 0]], [int(j) for j in pairs[:, 1]]
    out = np.zeros((n_l, n_h, len(pairs)))
    for layer in range(n_l):
        for head in range(n_h):
            for r, (ia, ib) in enumerate(zip(keys_a, keys_b, strict=True)):
                p = [float(wa[layer, head, ia, j]) for j in keys_a]
                q = [float(wb[layer, head, ib, j]) for j in keys_b]
                sp, sq = sum(p), sum(q)
                out[layer, head, r] = slow_js([x / sp for x in p], [y / sq for y in q])
    return out


def test_js_two_elements_by_hand() -> None:
    # m = (0.75, 0.25); ½·log2(1/0.75) + ½·(½·log2(0.5/0.75) + ½·log2(0.5/0.25))
    expected = 0.5 * math.log2(4 / 3) + 0.5 * (0.5 * math.log2(2 / 3) + 0.5 * 1.0)
    assert js_divergence(np.array([1.0, 0.0]), np.array([0.5, 0.5])) == pytest.approx(expected)
    assert expected == pytest.approx(0.31127812445913283)
    assert js_divergence(np.array([1.0, 0.0]), np.array([0.0, 1.0])) == pytest.approx(1.0)
    assert js_divergence(np.array([0.3, 0.7]), np.array([0.3, 0.7])) == 0.0


def test_js_symmetric_and_matches_slow() -> None:
    rng = np.random.default_rng(0)
    p = rng.dirichlet(np.ones(6), size=5)  # [5, 6]
    q = rng.dirichlet(np.ones(6), size=5)
    np.testing.assert_allclose(js_divergence(p, q), js_divergence(q, p), atol=1e-15)
    np.testing.assert_allclose(
        js_divergence(p, q), [slow_js(list(a), list(b)) for a, b in zip(p, q, strict=True)]
    )
    assert ((js_divergence(p, q) > 0) & (js_divergence(p, q) <= 1)).all()


def test_align_by_position_when_lengths_match() -> None:
    pairs, by_position = align(["[CLS]", "a", "b", "[SEP]"], ["[CLS]", "a", "x", "[SEP]"])
    assert by_position
    assert pairs.tolist() == [[0, 0], [1, 1], [2, 2], [3, 3]]


@cache
def slow_lcs_length(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    if not a or not b:
        return 0
    if a[0] == b[0]:
        return 1 + slow_lcs_length(a[1:], b[1:])
    return max(slow_lcs_length(a[1:], b), slow_lcs_length(a, b[1:]))


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (
            "[CLS] the cat sat [SEP]",
            "[CLS] the big cat sat [SEP]",
            [[0, 0], [1, 1], [2, 3], [3, 4], [4, 5]],
        ),
        ("[CLS] a b a [SEP]", "[CLS] a [SEP]", [[0, 0], [1, 1], [4, 2]]),
        ("[CLS] x y [SEP]", "[CLS] y x z [SEP]", [[0, 0], [2, 1], [3, 4]]),  # tie: skip A first
        ("The Cat", "the cat sat", [[0, 0], [1, 1]]),
    ],
)
def test_align_longest_common_subsequence(a: str, b: str, expected: list[list[int]]) -> None:
    ta, tb = a.split(), b.split()
    pairs, by_position = align(ta, tb)
    assert not by_position
    assert pairs.tolist() == expected
    assert len(pairs) == slow_lcs_length(tuple(t.lower() for t in ta), tuple(t.lower() for t in tb))
    assert all(ta[i].lower() == tb[j].lower() for i, j in pairs)


def test_identical_sentences_move_nothing(model: MiniLM) -> None:
    a, b = model.run(CAT), model.run(CAT)
    v = variant(a, b)
    assert v.by_position
    assert (v.divergence == 0).all() and (v.head_scores == 0).all()
    assert (v.token_movement == 0).all()


@pytest.mark.parametrize("other", [DOG, BIG_CAT])
def test_vectorised_equals_loop_reference(model: MiniLM, other: str) -> None:
    a, b = model.run(CAT), model.run(other)
    v = variant(a, b)
    assert v.by_position == (len(a.tokens) == len(b.tokens))
    np.testing.assert_allclose(v.divergence, slow_variant(a.weights, b.weights, v.pairs), atol=1e-9)
    assert v.head_scores.shape == (6, 12) and v.ranking.shape == (72, 2)
    np.testing.assert_allclose(v.head_scores, v.divergence.mean(axis=-1))
    ranked = [v.head_scores[layer, head] for layer, head in v.ranking]
    assert ranked == sorted(ranked, reverse=True)
    assert sorted(map(tuple, v.ranking.tolist())) == [(i, j) for i in range(6) for j in range(12)]
    assert (v.head_scores > 0).all()
    np.testing.assert_allclose(v.token_movement, v.divergence.mean(axis=(0, 1)))


def test_swapping_sentences_gives_the_same_scores(model: MiniLM) -> None:
    a, b = model.run(CAT), model.run(DOG)
    np.testing.assert_allclose(variant(a, b).head_scores, variant(b, a).head_scores, atol=1e-15)


def test_changed_word_moves_most_in_a_hand_made_head() -> None:
    """One head, three tokens: only the middle query's row differs, so only it moves."""
    wa = np.array([[[[1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]]])
    wb = np.array([[[[1.0, 0.0, 0.0], [0.5, 0.5, 0.0], [0.0, 0.0, 1.0]]]])
    v = variant_from_weights(wa, ["[CLS]", "cat", "[SEP]"], wb, ["[CLS]", "dog", "[SEP]"])
    np.testing.assert_allclose(v.token_movement, [0.0, 0.31127812445913283, 0.0])
    assert v.head_scores[0, 0] == pytest.approx(0.31127812445913283 / 3)


def test_rows_are_renormalised_over_aligned_keys() -> None:
    """B has an extra key ("big") holding half of each row; cut away, the rows equal A's."""
    wa = np.array([[[[0.5, 0.5], [0.2, 0.8]]]])
    wb = np.array([[[[0.25, 0.5, 0.25], [0.5, 0.5, 0.5], [0.1, 0.5, 0.4]]]])
    wb = wb / wb.sum(axis=-1, keepdims=True)
    v = variant_from_weights(wa, ["a", "b"], wb, ["a", "big", "b"])
    assert v.pairs.tolist() == [[0, 0], [1, 2]]
    assert v.divergence[0, 0, 0] == pytest.approx(0.0, abs=1e-12)
    assert v.divergence[0, 0, 1] == pytest.approx(0.0, abs=1e-12)


def test_bad_input_says_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="no word piece in common"):
        variant_from_weights(np.ones((1, 1, 1, 1)), ["a"], np.ones((1, 1, 2, 2)) / 2, ["b", "c"])
    with pytest.raises(ValueError, match="sentence B"):
        variant_from_weights(np.ones((1, 1, 1, 1)), ["a"], np.ones((1, 1, 2, 2)), ["a"])
    with pytest.raises(ValueError, match="same layers and heads"):
        variant_from_weights(np.ones((1, 1, 1, 1)), ["a"], np.ones((2, 1, 1, 1)), ["a"])
