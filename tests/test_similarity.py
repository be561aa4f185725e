"""Dot products term by term, cosines, ranked pairs and the output row as a sum of terms."""

import numpy as np
import pytest

from core.models import ToyModel
from core.pipeline import pipeline
from core.similarity import clean_vector, cosine_matrix, dot_breakdown, output_breakdown, rank_pairs


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
    p = pipeline(ToyModel(), "The black cat drank the milk")
    row = p.attention.weights[5]
    parts = output_breakdown(row, p.key_side.v)
    np.testing.assert_allclose(parts.total, p.attention.output[5])
    np.testing.assert_allclose(parts.terms[2], row[2] * p.key_side.v[2])
    assert parts.strongest == int(np.argmax(row))
