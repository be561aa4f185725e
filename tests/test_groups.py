"""Several tokens at once: hand-computed sums and averages."""

from __future__ import annotations

import numpy as np
import pytest

from core.groups import group_attention

WEIGHTS = np.array(  # [3 queries, 4 keys], rows sum to 1
    [
        [0.1, 0.2, 0.3, 0.4],
        [0.5, 0.5, 0.0, 0.0],
        [0.25, 0.25, 0.25, 0.25],
    ]
)


def test_two_queries_all_keys() -> None:
    g = group_attention(WEIGHTS, [0, 1])
    np.testing.assert_allclose(g.summed, [0.6, 0.7, 0.3, 0.4])
    np.testing.assert_allclose(g.averaged, [0.3, 0.35, 0.15, 0.2])
    assert g.keys.tolist() == [0, 1, 2, 3]
    assert g.outside == pytest.approx(0.0)


def test_restricted_to_keys_is_not_renormalised() -> None:
    g = group_attention(WEIGHTS, [2, 0], keys=[3, 1])
    np.testing.assert_allclose(g.summed, [0.65, 0.45])  # key 3: 0.25 + 0.4; key 1: 0.25 + 0.2
    np.testing.assert_allclose(g.averaged, [0.325, 0.225])
    assert g.outside == pytest.approx(0.45)  # 1 − (0.325 + 0.225)
    assert g.queries.tolist() == [2, 0]


def test_one_query_is_its_own_row() -> None:
    g = group_attention(WEIGHTS, [1])
    np.testing.assert_allclose(g.summed, WEIGHTS[1])
    np.testing.assert_allclose(g.averaged, WEIGHTS[1])


@pytest.mark.parametrize(
    ("queries", "keys", "message"),
    [
        ([], None, "at least one query"),
        ([0, 3], None, r"query indices must be in 0\.\.2"),
        ([0, 0], None, "chosen once"),
        ([0], [], "at least one key"),
        ([0], [-1], r"key indices must be in 0\.\.3"),
    ],
)
def test_bad_choices_say_what_is_wrong(queries, keys, message) -> None:
    with pytest.raises(ValueError, match=message):
        group_attention(WEIGHTS, queries, keys)


def test_not_a_matrix() -> None:
    with pytest.raises(ValueError, match=r"\[n_q, n_k\]"):
        group_attention(np.ones(4), [0])
