"""core.attention against hand-computed cases, a reference implementation and invariants."""

import numpy as np
import pytest

from core.attention import AttentionSettings, attend, causal_mask, softmax


def reference_attention(q, k, v):
    """Textbook scaled dot-product attention, written independently of core."""
    d_k = q.shape[-1]
    s = q @ k.T / np.sqrt(d_k)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    p = e / e.sum(axis=1, keepdims=True)
    return p @ v, p


def test_hand_computed_two_by_two():
    q = np.array([[1.0, 0.0], [0.0, 2.0]])
    k = np.array([[1.0, 1.0], [0.0, 1.0]])
    v = np.array([[1.0, 2.0], [3.0, 4.0]])
    r = attend(q, k, v, AttentionSettings(scale=False, use_softmax=False))
    # Q·Kᵀ = [[1, 0], [2, 2]] by hand
    np.testing.assert_array_equal(r.factor, [[1.0, 0.0], [2.0, 2.0]])
    np.testing.assert_array_equal(r.weights, [[1.0, 0.0], [2.0, 2.0]])
    # weights @ V = [[1, 2], [2+6, 4+8]]
    np.testing.assert_array_equal(r.output, [[1.0, 2.0], [8.0, 12.0]])
    s = attend(q, k, v, AttentionSettings(scale=True, use_softmax=True))
    # row 0 scores: [1, 0] / √2; softmax = [e^(1/√2), 1] / (e^(1/√2) + 1)
    a = np.exp(1 / np.sqrt(2))
    np.testing.assert_allclose(s.weights[0], [a / (a + 1), 1 / (a + 1)])
    np.testing.assert_allclose(s.weights[1], [0.5, 0.5])
    np.testing.assert_allclose(s.output[1], [2.0, 3.0])


@pytest.mark.parametrize(
    "n_q,n_k,d_k,d_v", [(1, 1, 1, 1), (5, 5, 4, 4), (3, 7, 8, 2), (9, 2, 3, 5)]
)
def test_defaults_equal_reference(n_q, n_k, d_k, d_v):
    rng = np.random.default_rng(n_q * 100 + n_k)
    q, k, v = rng.normal(size=(n_q, d_k)), rng.normal(size=(n_k, d_k)), rng.normal(size=(n_k, d_v))
    out, p = reference_attention(q, k, v)
    r = attend(q, k, v)
    np.testing.assert_allclose(r.weights, p, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(r.output, out, rtol=1e-12, atol=1e-14)
    assert r.output.shape == (n_q, d_v)
    assert r.weights.shape == (n_q, n_k)


def test_softmax_rows_sum_to_one_and_are_in_range():
    rng = np.random.default_rng(1)
    r = attend(rng.normal(size=(6, 4)) * 30, rng.normal(size=(6, 4)) * 30, rng.normal(size=(6, 3)))
    np.testing.assert_allclose(r.weights.sum(axis=1), 1.0)
    assert (r.weights >= 0).all() and (r.weights <= 1).all()


def test_no_softmax_gives_qkt_v_exactly():
    rng = np.random.default_rng(2)
    q, k, v = rng.normal(size=(4, 3)), rng.normal(size=(5, 3)), rng.normal(size=(5, 2))
    r = attend(q, k, v, AttentionSettings(scale=False, use_softmax=False))
    np.testing.assert_array_equal(r.output, (q @ k.T) @ v)
    scaled = attend(q, k, v, AttentionSettings(scale=True, use_softmax=False))
    np.testing.assert_allclose(scaled.output, (q @ k.T / np.sqrt(3)) @ v)


def test_causal_mask_zeroes_future_with_and_without_softmax():
    rng = np.random.default_rng(3)
    q, k, v = rng.normal(size=(5, 4)), rng.normal(size=(5, 4)), rng.normal(size=(5, 4))
    for use_softmax in (True, False):
        r = attend(q, k, v, AttentionSettings(causal=True, use_softmax=use_softmax))
        assert np.all(r.weights[np.triu_indices(5, 1)] == 0)
    r = attend(q, k, v, AttentionSettings(causal=True))
    np.testing.assert_allclose(r.weights.sum(axis=1), 1.0)
    assert r.weights[0, 0] == pytest.approx(1.0)  # the first word can only see itself
    # the last row sees everything, so it equals unmasked attention's last row
    np.testing.assert_allclose(r.weights[-1], attend(q, k, v).weights[-1])
    np.testing.assert_array_equal(causal_mask(2, 3), [[True, False, False], [True, True, False]])


def test_temperature_divides_scores_and_changes_sharpness():
    rng = np.random.default_rng(4)
    q, k, v = rng.normal(size=(4, 4)), rng.normal(size=(6, 4)), rng.normal(size=(6, 4))
    base = attend(q, k, v)
    hot = attend(q, k, v, AttentionSettings(temperature=2.0))
    cold = attend(q, k, v, AttentionSettings(temperature=0.5))
    np.testing.assert_allclose(hot.scores, base.scores / 2.0)
    np.testing.assert_allclose(cold.scores, base.scores / 0.5)
    # lower temperature -> sharper rows: the max weight grows, and entropy falls
    assert (cold.weights.max(axis=1) >= base.weights.max(axis=1)).all()
    assert (hot.weights.max(axis=1) <= base.weights.max(axis=1)).all()
    # the argmax of each row does not move
    np.testing.assert_array_equal(cold.weights.argmax(1), base.weights.argmax(1))
    # a very low temperature approaches one-hot
    frozen = attend(q, k, v, AttentionSettings(temperature=1e-3))
    np.testing.assert_allclose(frozen.weights.max(axis=1), 1.0, atol=1e-6)
    with pytest.raises(ValueError):
        attend(q, k, v, AttentionSettings(temperature=0.0))


def test_cross_attention_shapes():
    rng = np.random.default_rng(5)
    q = rng.normal(size=(3, 4))  # target: 3 words
    k, v = rng.normal(size=(7, 4)), rng.normal(size=(7, 5))  # source: 7 words
    r = attend(q, k, v)
    assert r.factor.shape == r.scores.shape == r.weights.shape == (3, 7)
    assert r.output.shape == (3, 5)


def test_result_is_frozen_and_errors_say_how_to_fix():
    r = attend(np.ones((2, 2)), np.ones((2, 2)), np.ones((2, 2)))
    with pytest.raises(AttributeError):
        r.weights = None  # type: ignore[misc]
    with pytest.raises(ValueError, match="read-only"):
        r.weights[0, 0] = 5
    with pytest.raises(ValueError, match="same width"):
        attend(np.ones((2, 3)), np.ones((2, 2)), np.ones((2, 2)))
    with pytest.raises(ValueError, match="one row per key"):
        attend(np.ones((2, 2)), np.ones((2, 2)), np.ones((3, 2)))


def test_softmax_is_stable_for_huge_scores():
    x = np.array([[1000.0, 1001.0, -1000.0]])
    p = softmax(x)
    assert np.isfinite(p).all()
    np.testing.assert_allclose(p.sum(), 1.0)
    np.testing.assert_allclose(p[0, :2], [1 / (1 + np.e), np.e / (1 + np.e)])
