"""Query–key map: exact on hand-built score matrices, the best rank-2 match on any other,
and its agreement with the weights on the default sentences."""

from __future__ import annotations

import math

import numpy as np
import pytest

from core.attention import softmax
from core.models import DistilledHead
from core.pipeline import pipeline
from core.pretrained import MiniLM
from core.qkmap import average_ranks, qk_map, row_agreement, spearman, top_keys
from ui.settings import DEFAULT_TEXTS


def slow_ranks(values: list[float]) -> list[float]:
    """1-based ranks; tied values get the mean of the positions they occupy."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        mean_rank = (start + 1 + end + 1) / 2
        for pos in range(start, end + 1):
            ranks[order[pos]] = mean_rank
        start = end + 1
    return ranks


def slow_spearman(a: list[float], b: list[float]) -> float:
    ra, rb = slow_ranks(a), slow_ranks(b)
    n = len(a)
    mean_a, mean_b = sum(ra) / n, sum(rb) / n
    cov = sum((ra[i] - mean_a) * (rb[i] - mean_b) for i in range(n))
    var_a = sum((ra[i] - mean_a) ** 2 for i in range(n))
    var_b = sum((rb[i] - mean_b) ** 2 for i in range(n))
    return cov / math.sqrt(var_a * var_b)


def test_ranks_average_ties() -> None:
    values = np.array([3.0, 1.0, 3.0, 2.0, 3.0])
    assert average_ranks(values).tolist() == [4.0, 1.0, 4.0, 2.0, 4.0]
    assert average_ranks(values).tolist() == slow_ranks(values.tolist())


def test_spearman_with_ties_matches_slow() -> None:
    a = [1.0, 2.0, 2.0, 3.0, 5.0, 5.0, 0.0]
    b = [2.0, 1.0, 4.0, 4.0, 6.0, 3.0, 0.5]
    assert spearman(np.array(a), np.array(b)) == pytest.approx(slow_spearman(a, b), abs=1e-12)
    assert spearman(np.array(a), -np.array(a)) == pytest.approx(-1.0)
    assert math.isnan(spearman(np.ones(4), np.arange(4.0)))


def slow_rank_two(scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The obvious way, no SVD: centre each row with loops, then project the rows on the two
    top eigenvectors of CᵀC. Returns the best rank-2 match of C and the two eigenvalue shares."""
    n_q, n_k = scores.shape
    centred = np.array(
        [[scores[i, j] - sum(scores[i]) / n_k for j in range(n_k)] for i in range(n_q)]
    )
    eigval, eigvec = np.linalg.eigh(centred.T @ centred)  # ascending
    top = eigvec[:, ::-1][:, :2]  # [n_k, 2]
    return centred @ top @ top.T, eigval[::-1][:2] / eigval.sum()


def test_a_hand_built_matrix_gives_the_hand_computed_points() -> None:
    """C has orthogonal rows (3, −1, −2, 0) and (−1, −1, −1, 3), each summing to 0: σ² = 14 and
    12, U = I, the rows of Vᵀ are C's rows over their lengths (largest entries 3 > 0, so no
    sign flips): queries (14^¼, 0), (0, 12^¼), key j (C₀ⱼ / 14^¼, C₁ⱼ / 12^¼). Each row of the
    scores adds a constant, which the map takes out first."""
    centred = np.array([[3.0, -1.0, -2.0, 0.0], [-1.0, -1.0, -1.0, 3.0]])
    scores = centred + np.array([[5.0], [-3.0]])
    m = qk_map(scores, softmax(scores))
    r14, r12 = 14**0.25, 12**0.25  # √σ
    np.testing.assert_allclose(m.row_means, [5.0, -3.0])
    np.testing.assert_allclose(m.query_points, [[r14, 0.0], [0.0, r12]], atol=1e-12)
    np.testing.assert_allclose(
        m.key_points,
        [[3 / r14, -1 / r12], [-1 / r14, -1 / r12], [-2 / r14, -1 / r12], [0.0, 3 / r12]],
        atol=1e-12,
    )
    np.testing.assert_allclose(m.map_scores, centred, atol=1e-12)
    np.testing.assert_allclose(m.kept, [14 / 26, 12 / 26])
    # row 1 ties keys 0, 1 and 2 (score −1, equal weights): the ranks tie the same way
    np.testing.assert_allclose(m.row_agreement, [1.0, 1.0])
    assert m.agreement == pytest.approx(1.0)


def test_a_small_rank_two_matrix_is_reproduced_exactly() -> None:
    """scores = A·Bᵀ with A = [[1, 0], [0, 1], [1, 1]], B = [[1, 0], [0, 2], [−1, 1]]."""
    scores = np.array([[1.0, 0.0, -1.0], [0.0, 2.0, 1.0], [1.0, 2.0, 0.0]])
    m = qk_map(scores, softmax(scores))
    np.testing.assert_allclose(m.row_means, [0.0, 1.0, 1.0])
    np.testing.assert_allclose(m.map_scores + m.row_means[:, None], scores, atol=1e-12)
    assert m.kept.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(m.row_agreement, [1.0, 1.0, 1.0])
    assert m.agreement == pytest.approx(1.0)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_any_rank_two_matrix_is_reproduced_and_agrees_fully(seed: int) -> None:
    rng = np.random.default_rng(seed)
    scores = rng.normal(size=(5, 2)) @ rng.normal(size=(2, 7)) + rng.normal(size=(5, 1)) * 4
    weights = softmax(scores / 0.7)  # any temperature keeps each row's order
    m = qk_map(scores, weights)
    np.testing.assert_allclose(m.map_scores + m.row_means[:, None], scores, atol=1e-10)
    np.testing.assert_allclose(m.query_points @ m.key_points.T, m.map_scores)
    np.testing.assert_allclose(m.row_agreement, 1.0)
    assert m.agreement == pytest.approx(1.0)
    assert m.kept.sum() == pytest.approx(1.0)


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_a_full_rank_matrix_gets_its_best_rank_two_match(seed: int) -> None:
    rng = np.random.default_rng(seed)
    scores = rng.normal(size=(6, 8)) * 2 + 1
    m = qk_map(scores, softmax(scores))
    best, shares = slow_rank_two(scores)
    np.testing.assert_allclose(m.map_scores, best, atol=1e-10)
    np.testing.assert_allclose(m.kept, shares, atol=1e-12)
    expected = [spearman(best[i], scores[i]) for i in range(6)]  # softmax keeps each row's order
    np.testing.assert_allclose(m.row_agreement, expected, atol=1e-12)
    assert m.agreement == pytest.approx(np.mean(expected))
    assert -1.0 <= m.agreement <= 1.0 and m.agreement < 1.0


def test_adding_a_constant_to_a_row_moves_no_point() -> None:
    rng = np.random.default_rng(6)
    scores = rng.normal(size=(4, 5))
    shifted = scores + rng.normal(size=(4, 1)) * 10
    a, b = qk_map(scores, softmax(scores)), qk_map(shifted, softmax(shifted))
    np.testing.assert_allclose(a.query_points, b.query_points, atol=1e-9)
    np.testing.assert_allclose(a.key_points, b.key_points, atol=1e-9)
    assert a.agreement == pytest.approx(b.agreement)


def test_row_agreement_by_hand_and_with_a_mask() -> None:
    map_scores = np.array([[3.0, 2.0, 1.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0]])
    weights = np.array([[0.5, 0.3, 0.2], [0.5, 0.3, 0.2], [0.2, 0.8, 0.0]])
    np.testing.assert_allclose(row_agreement(map_scores, weights), [1.0, -1.0, -0.5])
    seen = np.array([[True, False, False], [True, True, False], [True, True, False]])
    got = row_agreement(map_scores, weights, seen)  # row 0 sees one key: nothing to rank
    assert math.isnan(got[0]) and got[1:].tolist() == [-1.0, 1.0]
    m = qk_map(np.array([[1.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 3.0]]), weights, seen)
    assert math.isnan(m.row_agreement[0])
    assert m.agreement == pytest.approx(np.nanmean(m.row_agreement))


def test_one_token_has_no_agreement() -> None:
    m = qk_map(np.array([[2.5]]), np.array([[1.0]]))
    np.testing.assert_array_equal(m.query_points, [[0.0, 0.0]])
    np.testing.assert_array_equal(m.kept, [0.0, 0.0])
    assert math.isnan(m.agreement)


def test_sign_rule_largest_key_loading_positive() -> None:
    rng = np.random.default_rng(7)
    for scores in (rng.normal(size=(4, 5)), -rng.normal(size=(4, 5))):
        m = qk_map(scores, softmax(scores))
        for c in range(2):
            column = m.key_points[:, c]
            assert column[np.argmax(np.abs(column))] > 0


def test_bad_inputs_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="one \\[n_q, n_k\\] matrix each"):
        qk_map(np.zeros((3, 2)), np.zeros((3, 4)))
    with pytest.raises(ValueError, match="mask must have"):
        qk_map(np.zeros((3, 2)), np.zeros((3, 2)), np.ones((2, 2), dtype=bool))
    with pytest.raises(ValueError, match="at least one"):
        qk_map(np.zeros((0, 2)), np.zeros((0, 2)))
    with pytest.raises(ValueError, match="finite"):
        qk_map(np.array([[0.0, math.inf]]), np.zeros((1, 2)))


def test_top_keys() -> None:
    row = np.array([0.1, 0.4, 0.1, 0.3, 0.1])
    assert top_keys(row, 2).tolist() == [1, 3]
    assert top_keys(row, 4).tolist() == [1, 3, 0, 2]  # ties in reading order
    assert top_keys(row, 10).tolist() == [1, 3, 0, 2, 4]
    assert top_keys(row, 0).tolist() == []
    with pytest.raises(ValueError, match="m must be"):
        top_keys(row, -1)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_default_sentences_agree_at_least_point_eight(lang: str) -> None:
    """Issue 18: on the default model and sentence the map orders each query's keys nearly as
    its weights do (the page shows the same number: tests/test_article_claims.py)."""
    a = pipeline(DistilledHead.load(), DEFAULT_TEXTS[lang]).attention
    assert qk_map(a.scores, a.weights, a.mask).agreement >= 0.8


def test_real_minilm_head_is_its_best_rank_two_match() -> None:
    result = MiniLM.load().run("The cat sat on the mat because it was tired.")
    layer, head = 2, 3
    scores = result.scores[layer, head].astype(np.float64)
    m = qk_map(scores, result.weights[layer, head])
    n = len(result.tokens)
    assert m.query_points.shape == (n, 2) and m.key_points.shape == (n, 2)
    best, shares = slow_rank_two(scores)
    np.testing.assert_allclose(m.map_scores, best, atol=1e-9)
    np.testing.assert_allclose(m.kept, shares, atol=1e-9)
