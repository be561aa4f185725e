"""The toy module end to end: the formula step by step, positions, cross attention, helpers."""

import dataclasses
import pickle

import numpy as np
import pytest

from core.attention import STANDARD
from core.models import ToyConfig, ToyModel, toy_projection
from core.pipeline import (
    fingerprint,
    identical_rows,
    max_change,
    pipeline,
    repeated_pairs,
    resolve_index,
    row_sums,
    value_range,
    with_random_weights,
)


def test_pipeline_is_the_formula_step_by_step():
    cfg = ToyConfig(d_model=6, d_k=3, seed=11)
    p = pipeline(ToyModel(cfg), "the cat sat on the mat")
    enc = p.key_side
    w = toy_projection(6, 3, 11)
    np.testing.assert_allclose(enc.x, enc.embedding + enc.positions)
    np.testing.assert_allclose(enc.q, enc.x @ w.w_q)
    np.testing.assert_allclose(enc.k, enc.x @ w.w_k)
    np.testing.assert_allclose(enc.v, enc.x @ w.w_v)
    s = enc.q @ enc.k.T / np.sqrt(3)
    e = np.exp(s - s.max(1, keepdims=True))
    np.testing.assert_allclose(p.attention.weights, e / e.sum(1, keepdims=True))
    np.testing.assert_allclose(p.attention.output, p.attention.weights @ enc.v)
    assert p.query_side is p.key_side


def test_without_positions_repeated_words_have_identical_rows():
    text = "the cat saw the dog"
    off = pipeline(ToyModel(ToyConfig(positional=False)), text).key_side
    on = pipeline(ToyModel(ToyConfig(positional=True)), text).key_side
    assert identical_rows(off.x) == [(0, 3)]
    np.testing.assert_array_equal(off.q[0], off.q[3])
    np.testing.assert_array_equal(off.positions, 0)
    assert identical_rows(on.x) == []
    assert repeated_pairs(on.tokens) == [(0, 3)]
    assert repeated_pairs(("The", "x", "the")) == [(0, 2)]


def test_cross_attention_pipeline():
    p = pipeline(ToyModel(), "The ball is blue", query_text="La bola es azul !")
    assert p.attention.weights.shape == (5, 4)
    assert p.query_side.tokens[0] == "La" and p.key_side.tokens[-1] == "blue"
    np.testing.assert_allclose(p.attention.output, p.attention.weights @ p.key_side.v)


def test_empty_and_long_text():
    p = pipeline(ToyModel(), "")
    assert p.tokens == () and p.attention.weights.shape == (0, 0)
    p = pipeline(ToyModel(), " ".join(["w"] * 200))
    assert len(p.tokens) == 64 and p.key_side.truncated and p.key_side.n_total == 200


def test_projection_shapes_and_seed():
    w = toy_projection(8, 4, 0)
    assert w.w_q.shape == w.w_k.shape == w.w_v.shape == (8, 4)
    assert not np.array_equal(w.w_q, w.w_k)
    assert not np.array_equal(w.w_q, toy_projection(8, 4, 1).w_q)
    np.testing.assert_array_equal(w.w_q, toy_projection(8, 4, 0).w_q)


def test_small_helpers():
    assert resolve_index(-1, 5) == 4 and resolve_index(7, 5) == 4 and resolve_index(2, 5) == 2
    assert max_change(np.array([1.0, 2.0]), np.array([1.5, 0.0])) == 2.0
    assert value_range(np.array([[3.0, -1.0]])) == (-1.0, 3.0)
    np.testing.assert_array_equal(row_sums(np.array([[1.0, 2.0], [3.0, 4.0]])), [3.0, 7.0])
    with pytest.raises(ValueError):
        max_change(np.ones(2), np.ones(3))


def test_fingerprint_changes_with_every_input_and_survives_a_cache_copy():
    """Page 3's cache keys a pipeline by its fingerprint: equal pipelines share one, and any
    input that changes the result (sentence, switches, model, weights, query side) changes it."""
    toy = ToyModel(ToyConfig(d_model=6, d_k=3, seed=11))
    p = pipeline(toy, "the cat drank the milk")
    same = pipeline(toy, "the cat drank the milk")
    assert fingerprint(p) == fingerprint(same)
    assert fingerprint(pickle.loads(pickle.dumps(p))) == fingerprint(p)  # what st.cache_data keeps
    others = [
        pipeline(toy, "the cat drank the water"),
        pipeline(toy, "the cat drank the milk", dataclasses.replace(STANDARD, use_softmax=False)),
        pipeline(ToyModel(ToyConfig(d_model=6, d_k=3, seed=12)), "the cat drank the milk"),
        pipeline(
            ToyModel(ToyConfig(d_model=6, d_k=3, seed=11, positional=False)),
            "the cat drank the milk",
        ),
        pipeline(toy, "the cat drank the milk", query_text="le chat"),
        with_random_weights(p, 1),
    ]
    prints = {fingerprint(o) for o in others}
    assert len(prints) == len(others) and fingerprint(p) not in prints
    assert fingerprint(with_random_weights(p, 1)) == fingerprint(with_random_weights(same, 1))
