"""Query–key map: equal to a slow reference, invariant to translation, exact on a built case."""

from __future__ import annotations

import math

import numpy as np
import pytest

from core.pretrained import MiniLM
from core.qkmap import average_ranks, qk_map, spearman, top_keys


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


def slow_map(q: np.ndarray, k: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Loops and an eigen-decomposition of the covariance: the obvious way, no SVD."""
    n_q, d = q.shape
    n_k = k.shape[0]
    mean_q = [sum(q[i, j] for i in range(n_q)) / n_q for j in range(d)]
    mean_k = [sum(k[i, j] for i in range(n_k)) / n_k for j in range(d)]
    qc = [[q[i, j] - mean_q[j] for j in range(d)] for i in range(n_q)]
    kc = [[k[i, j] - mean_k[j] for j in range(d)] for i in range(n_k)]
    q_norm = sum(math.sqrt(sum(x * x for x in row)) for row in qc) / n_q
    k_norm = sum(math.sqrt(sum(x * x for x in row)) for row in kc) / n_k
    kc = [[x * q_norm / k_norm for x in row] for row in kc]
    rows = np.array(qc + kc)
    cov = rows.T @ rows
    eigval, eigvec = np.linalg.eigh(cov)  # ascending
    top = eigvec[:, ::-1][:, :2].T  # [2, d]
    for c in range(2):
        biggest = max(range(d), key=lambda j, c=c: abs(top[c, j]))
        if top[c, biggest] < 0:
            top[c] = -top[c]
    points = rows @ top.T
    explained = eigval[::-1][:2] / eigval.sum()
    qp, kp = points[:n_q], points[n_q:]
    minus_dist, dots = [], []
    for i in range(n_q):
        for j in range(n_k):
            minus_dist.append(-math.dist(qp[i], kp[j]))
            dots.append(sum(q[i, t] * k[j, t] for t in range(d)))
    return qp, kp, explained, slow_spearman(minus_dist, dots)


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


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_map_matches_slow_reference(seed: int) -> None:
    rng = np.random.default_rng(seed)
    q = rng.normal(size=(5, 4)) + 2.0
    k = rng.normal(size=(7, 4)) * 3.0 - 1.0
    result = qk_map(q, k)
    qp, kp, explained, rho = slow_map(q, k)
    np.testing.assert_allclose(result.query_points, qp, atol=1e-10)
    np.testing.assert_allclose(result.key_points, kp, atol=1e-10)
    np.testing.assert_allclose(result.explained, explained, atol=1e-12)
    assert result.rank_correlation == pytest.approx(rho, abs=1e-12)
    assert -1.0 <= result.rank_correlation <= 1.0


def test_keys_and_queries_share_mean_and_mean_norm() -> None:
    rng = np.random.default_rng(3)
    q = rng.normal(size=(6, 5)) + 4.0
    k = rng.normal(size=(6, 5)) * 0.1 - 7.0
    result = qk_map(q, k)
    shifted = k + result.key_shift
    np.testing.assert_allclose(shifted.mean(axis=0), q.mean(axis=0), atol=1e-12)
    q_c, k_c = q - q.mean(axis=0), (shifted - q.mean(axis=0)) * result.key_scale
    assert np.linalg.norm(k_c, axis=1).mean() == pytest.approx(np.linalg.norm(q_c, axis=1).mean())
    assert result.key_scale > 1.0  # the keys were the smaller cloud


def test_translating_everything_keeps_distances() -> None:
    rng = np.random.default_rng(4)
    q = rng.normal(size=(5, 6))
    k = rng.normal(size=(8, 6)) * 2
    shift = rng.normal(size=6) * 10
    a, b = qk_map(q, k), qk_map(q + shift, k + shift)

    def distances(m):  # [n_q, n_k]
        return np.linalg.norm(m.query_points[:, None] - m.key_points[None], axis=-1)

    np.testing.assert_allclose(distances(a), distances(b), atol=1e-9)
    np.testing.assert_allclose(a.explained, b.explained, atol=1e-12)


def test_points_on_two_circles_give_correlation_one() -> None:
    """Queries on a unit circle, keys on a radius-3 circle, both centred at the origin.

    After scaling, every point is at distance 1 from the centre, so on the map
    distance² = 2 − 2·q·k / 3 and −distance orders the pairs exactly as q·k does.
    """

    def circle(angles: list[float], radius: float) -> np.ndarray:
        # five unit vectors summing to zero: three chosen angles, two that close the polygon
        pts = [[math.cos(a), math.sin(a)] for a in angles]
        sx, sy = -sum(p[0] for p in pts), -sum(p[1] for p in pts)
        half = math.hypot(sx, sy) / 2
        spread = math.acos(half)
        centre = math.atan2(sy, sx)
        pts += [[math.cos(centre + s * spread), math.sin(centre + s * spread)] for s in (1, -1)]
        return radius * np.array(pts)

    q = circle([0.1, 2.3, 4.0], 1.0)
    k = circle([0.4, 2.9, 4.4], 3.0)
    np.testing.assert_allclose(q.mean(axis=0), 0, atol=1e-12)
    np.testing.assert_allclose(k.mean(axis=0), 0, atol=1e-12)
    result = qk_map(q, k)
    assert result.key_scale == pytest.approx(1 / 3)
    assert result.rank_correlation == pytest.approx(1.0, abs=1e-12)
    assert result.explained.sum() == pytest.approx(1.0)


def test_sign_rule_largest_loading_positive() -> None:
    rng = np.random.default_rng(5)
    result = qk_map(rng.normal(size=(4, 3)), rng.normal(size=(4, 3)))
    for row in result.components:
        assert row[np.argmax(np.abs(row))] > 0
    flipped = qk_map(-rng.normal(size=(4, 3)), rng.normal(size=(4, 3)))
    for row in flipped.components:
        assert row[np.argmax(np.abs(row))] > 0


def test_one_dimensional_input_fills_second_axis_with_zero() -> None:
    result = qk_map(np.array([[1.0], [2.0], [4.0]]), np.array([[0.0], [5.0]]))
    np.testing.assert_array_equal(result.query_points[:, 1], 0)
    assert result.explained.tolist() == [1.0, 0.0]


def test_bad_shapes_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="same width"):
        qk_map(np.zeros((3, 2)), np.zeros((3, 4)))
    with pytest.raises(ValueError, match="at least one row"):
        qk_map(np.zeros((0, 2)), np.zeros((3, 2)))


def test_top_keys() -> None:
    row = np.array([0.1, 0.4, 0.1, 0.3, 0.1])
    assert top_keys(row, 2).tolist() == [1, 3]
    assert top_keys(row, 4).tolist() == [1, 3, 0, 2]  # ties in reading order
    assert top_keys(row, 10).tolist() == [1, 3, 0, 2, 4]
    assert top_keys(row, 0).tolist() == []
    with pytest.raises(ValueError, match="m must be"):
        top_keys(row, -1)


def test_real_minilm_head_matches_slow_reference() -> None:
    result = MiniLM.load().run("The cat sat on the mat because it was tired.")
    layer, head = 2, 3
    m = qk_map(result.q[layer, head], result.k[layer, head])
    n = len(result.tokens)
    assert m.query_points.shape == (n, 2) and m.key_points.shape == (n, 2)
    assert 0 < m.explained.sum() <= 1
    qp, kp, explained, rho = slow_map(
        result.q[layer, head].astype(np.float64), result.k[layer, head].astype(np.float64)
    )
    np.testing.assert_allclose(m.query_points, qp, atol=1e-6)
    np.testing.assert_allclose(m.key_points, kp, atol=1e-6)
    np.testing.assert_allclose(m.explained, explained, atol=1e-9)
    assert m.rank_correlation == pytest.approx(rho, abs=1e-9)
