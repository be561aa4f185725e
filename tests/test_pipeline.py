"""The toy module end to end, similarity helpers and URL parameter parsing."""

import numpy as np
import pytest

from core.params import Param, Problem, decode_all, encode_changed
from core.pipeline import (
    ToyConfig,
    identical_rows,
    max_change,
    repeated_pairs,
    resolve_index,
    row_sums,
    run_toy,
    toy_projection,
    value_range,
)
from core.similarity import clean_vector, cosine_matrix, dot_breakdown, output_breakdown, rank_pairs


def test_pipeline_is_the_formula_step_by_step():
    cfg = ToyConfig(d_model=6, d_k=3, seed=11)
    p = run_toy("the cat sat on the mat", cfg)
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
    off = run_toy(text, ToyConfig(positional=False)).key_side
    on = run_toy(text, ToyConfig(positional=True)).key_side
    assert identical_rows(off.x) == [(0, 3)]
    np.testing.assert_array_equal(off.q[0], off.q[3])
    np.testing.assert_array_equal(off.positions, 0)
    assert identical_rows(on.x) == []
    assert repeated_pairs(on.tokens) == [(0, 3)]
    assert repeated_pairs(("The", "x", "the")) == [(0, 2)]


def test_cross_attention_pipeline():
    p = run_toy("The ball is blue", query_text="La bola es azul !")
    assert p.attention.weights.shape == (5, 4)
    assert p.query_side.tokens[0] == "La" and p.key_side.tokens[-1] == "blue"
    np.testing.assert_allclose(p.attention.output, p.attention.weights @ p.key_side.v)


def test_empty_and_long_text():
    p = run_toy("")
    assert p.tokens == () and p.attention.weights.shape == (0, 0)
    p = run_toy(" ".join(["w"] * 200))
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


def test_dot_breakdown_by_hand():
    d = dot_breakdown(np.array([1.0, -2.0, 3.0]), np.array([4.0, 5.0, -1.0]))
    np.testing.assert_array_equal(d.products, [4.0, -10.0, -3.0])
    assert d.dot == -9.0
    assert d.cosine == pytest.approx(-9.0 / (np.sqrt(14) * np.sqrt(42)))
    assert d.positive.tolist() == [4.0] and d.negative.tolist() == [-10.0, -3.0]
    scaled = dot_breakdown(np.array([2.0, -4.0, 6.0]), np.array([4.0, 5.0, -1.0]))
    assert scaled.dot == 2 * d.dot and scaled.cosine == pytest.approx(d.cosine)
    assert dot_breakdown(np.zeros(3), np.ones(3)).cosine == 0.0


def test_clean_vector_makes_typed_numbers_finite():
    v = clean_vector(np.array([np.nan, np.inf, -np.inf, 1e300, 2.5]))
    assert np.isfinite(v).all()
    assert v.tolist() == [0.0, 1e6, -1e6, 1e6, 2.5]


def test_rank_pairs_and_cosines():
    q = np.array([[1.0, 0.0], [0.0, 1.0]])
    k = np.array([[2.0, 0.0], [1.0, 1.0]])
    ranked = rank_pairs(q, k)
    assert [(r.query, r.key, r.dot) for r in ranked] == [
        (0, 0, 2.0),
        (0, 1, 1.0),
        (1, 1, 1.0),
        (1, 0, 0.0),
    ]
    np.testing.assert_allclose(cosine_matrix(q, k), [[1.0, 1 / np.sqrt(2)], [0.0, 1 / np.sqrt(2)]])


def test_output_breakdown_sums_to_output_row():
    p = run_toy("The black cat drank the milk")
    row = p.attention.weights[5]
    parts = output_breakdown(row, p.key_side.v)
    np.testing.assert_allclose(parts.total, p.attention.output[5])
    np.testing.assert_allclose(parts.terms[2], row[2] * p.key_side.v[2])
    assert parts.strongest == int(np.argmax(row))


PARAMS = {
    p.key: p
    for p in (
        Param("d_model", 8, "int", 2, 64),
        Param("temp", 1.0, "float", 0.05, 5.0),
        Param("lang", "en", "choice", choices=("en", "zh")),
        Param("pe", True, "bool"),
        Param("text", "hi", "text"),
    )
}


def test_decode_rejects_nonsense_with_reasons():
    values, rejected = decode_all(
        {
            "d_model": "-3",
            "temp": "abc",
            "lang": "xx",
            "pe": "maybe",
            "foo": "1",
            "text": "<b>x</b>",
        },
        PARAMS,
    )
    assert values == {"text": "<b>x</b>"}
    problems = {r.key: r.problem for r in rejected}
    assert problems == {
        "d_model": Problem.OUT_OF_RANGE,
        "temp": Problem.NOT_A_NUMBER,
        "lang": Problem.NOT_A_CHOICE,
        "pe": Problem.NOT_A_SWITCH,
        "foo": Problem.UNKNOWN_KEY,
    }
    assert {r.key: r.allowed for r in rejected}["d_model"] == "2–64"


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ("nan", Problem.NOT_A_NUMBER),
        ("inf", Problem.NOT_A_NUMBER),
        ("1e999", Problem.NOT_A_NUMBER),
        ("3.5", Problem.NOT_A_NUMBER),
        ("", Problem.NOT_A_NUMBER),
        ("65", Problem.OUT_OF_RANGE),
        ("1", Problem.OUT_OF_RANGE),
    ],
)
def test_decode_int_refuses_non_integers(raw, problem):
    value, rejected = PARAMS["d_model"].decode(raw)
    assert rejected is not None and rejected.problem is problem and rejected.raw == raw
    assert value == PARAMS["d_model"].default


def test_decode_accepts_and_round_trips():
    values, rejected = decode_all({"d_model": "16", "temp": "0.5", "lang": "zh", "pe": "0"}, PARAMS)
    assert rejected == []
    assert values == {"d_model": 16, "temp": 0.5, "lang": "zh", "pe": False}
    assert encode_changed(values | {"text": "hi"}, PARAMS) == {
        "d_model": "16",
        "temp": "0.5",
        "lang": "zh",
        "pe": "0",
    }
    _, too_long = PARAMS["text"].decode("x" * 20_001)
    assert too_long is not None and too_long.problem is Problem.TOO_LONG
