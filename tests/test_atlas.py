"""Head atlas: a row-by-row reference equals it on MiniLM; hand-made heads get their label."""

from __future__ import annotations

import math

import numpy as np
import pytest

from core.atlas import (
    BEHAVIOURS,
    MIXED,
    SENTENCES,
    THRESHOLDS,
    atlas,
    atlas_from_runs,
    measure,
    normalised_entropy,
)
from core.pretrained import MiniLM
from core.wordpiece import is_cjk

TWO = ("The cat sat on the mat and the cat slept.", "水中有石，石上有花。")


@pytest.fixture(scope="module")
def model() -> MiniLM:
    return MiniLM.load()


def slow_measure(runs: list[tuple[np.ndarray, list[str]]]) -> np.ndarray:
    """Python loops over every row of every head of every sentence."""
    n_l, n_h = runs[0][0].shape[:2]
    out = np.zeros((n_l, n_h, len(BEHAVIOURS)))
    for layer in range(n_l):
        for head in range(n_h):
            sums = dict.fromkeys(BEHAVIOURS, 0.0)
            counts = dict.fromkeys(BEHAVIOURS, 0)
            for weights, tokens in runs:
                n = len(tokens)
                low = [t.lower() for t in tokens]
                for i in range(n):
                    row = [float(x) for x in weights[layer, head, i]]
                    if i > 0:
                        sums["previous"] += row[i - 1]
                        counts["previous"] += 1
                    if i < n - 1:
                        sums["next"] += row[i + 1]
                        counts["next"] += 1
                    sums["self"] += row[i]
                    counts["self"] += 1
                    for name, special in (("cls", "[cls]"), ("sep", "[sep]")):
                        if special in low:
                            sums[name] += sum(row[j] for j in range(n) if low[j] == special)
                            counts[name] += 1
                    same = [
                        j for j in range(n) if j != i and low[j] == low[i] and tokens[i] != "[UNK]"
                    ]
                    if same:
                        sums["same_word"] += sum(row[j] for j in same)
                        counts["same_word"] += 1
                    entropy = -sum(w * math.log(w) for w in row if w > 0)
                    sums["broad"] += entropy / math.log(n)
                    counts["broad"] += 1
            for b, name in enumerate(BEHAVIOURS):
                out[layer, head, b] = sums[name] / counts[name] if counts[name] else 0.0
    return out


def test_vectorised_equals_slow_reference_on_minilm(model: MiniLM) -> None:
    runs = [(r.weights, r.tokens) for r in map(model.run, TWO)]
    assert runs[0][1].count("cat") == 2 and runs[1][1].count("石") == 2  # same_word is exercised
    fast = measure(runs)
    assert fast.shape == (6, 12, len(BEHAVIOURS))
    np.testing.assert_allclose(fast, slow_measure(runs), atol=1e-6)
    result = atlas(model, TWO)
    np.testing.assert_allclose(result.scores, fast)
    assert result.n_sentences == 2


def one_head(rows: np.ndarray) -> np.ndarray:
    """[n, n] -> [1, 1, n, n]: a model with one layer of one head."""
    return np.asarray(rows, dtype=np.float64)[None, None]


TOKENS = ["[CLS]", "a", "b", "c", "d", "e", "f", "[SEP]"]  # n = 8, nothing repeats
N = len(TOKENS)


def label_of(rows: np.ndarray, tokens: list[str] = TOKENS) -> str:
    return atlas_from_runs([(one_head(rows), tokens)]).labels[0][0]


def test_identity_is_self() -> None:
    result = atlas_from_runs([(one_head(np.eye(N)), TOKENS)])
    assert result.labels == (("self",),)
    assert result.strength[0, 0] == pytest.approx(1.0)
    scores = dict(zip(BEHAVIOURS, result.scores[0, 0], strict=True))
    assert scores["cls"] == pytest.approx(1 / N) and scores["sep"] == pytest.approx(1 / N)
    assert scores["previous"] == 0 and scores["broad"] == 0


def test_sub_diagonal_is_previous() -> None:
    rows = np.eye(N, k=-1)
    rows[0, 0] = 1.0  # [CLS] has nothing before it: it looks at itself
    assert label_of(rows) == "previous"


def test_super_diagonal_is_next() -> None:
    rows = np.eye(N, k=1)
    rows[-1, -1] = 1.0
    assert label_of(rows) == "next"


def test_all_on_cls_or_sep() -> None:
    rows = np.zeros((N, N))
    rows[:, 0] = 1.0
    assert label_of(rows) == "cls"
    rows = np.zeros((N, N))
    rows[:, -1] = 1.0
    assert label_of(rows) == "sep"


def test_uniform_is_broad() -> None:
    result = atlas_from_runs([(one_head(np.full((N, N), 1 / N)), TOKENS)])
    assert result.labels == (("broad",),)
    assert result.strength[0, 0] == pytest.approx(1.0)


def test_same_word_counts_only_queries_with_a_repeat() -> None:
    tokens = ["[CLS]", "the", "cat", "and", "The", "dog", "[SEP]"]  # "the" at 1 and 4
    rows = np.eye(len(tokens))
    rows[1] = rows[4] = 0.0
    rows[1, 4] = rows[4, 1] = 1.0
    result = atlas_from_runs([(one_head(rows), tokens)])
    scores = dict(zip(BEHAVIOURS, result.scores[0, 0], strict=True))
    assert scores["same_word"] == pytest.approx(1.0)  # both queries that have a repeat
    assert scores["self"] == pytest.approx(5 / 7)
    assert result.labels == (("same_word",),)  # 1.0/0.4 beats 0.714/0.4


def test_unknown_pieces_are_not_the_same_word() -> None:
    tokens = ["[CLS]", "[UNK]", "x", "[UNK]", "[SEP]"]
    rows = np.eye(5)
    rows[1] = rows[3] = 0.0
    rows[1, 3] = rows[3, 1] = 1.0
    scores = measure([(one_head(rows), tokens)])[0, 0]
    assert scores[BEHAVIOURS.index("same_word")] == 0.0


def test_three_way_split_is_mixed() -> None:
    rows = np.zeros((N, N))
    for i in range(N):
        around = [j for j in (i - 1, i, i + 1) if 0 <= j < N]
        rows[i, around] = 1 / len(around)  # self 3/8, previous and next 5/14 each
    result = atlas_from_runs([(one_head(rows), TOKENS)])
    assert result.labels == ((MIXED,),)
    assert (result.scores[0, 0] < np.array(THRESHOLDS)).all()


def test_pooling_weights_every_query_equally() -> None:
    """A 4-token and an 8-token sentence: self = (4·1 + 8·0) / 12, not the mean of 1 and 0."""
    short = ["[CLS]", "a", "b", "[SEP]"]
    rows_long = np.zeros((N, N))
    rows_long[:, 0] = 1.0  # all to [CLS]: self only for the [CLS] row
    scores = measure([(one_head(np.eye(4)), short), (one_head(rows_long), TOKENS)])[0, 0]
    assert scores[BEHAVIOURS.index("self")] == pytest.approx((4 + 1) / 12)


def test_entropy_normalised() -> None:
    np.testing.assert_allclose(normalised_entropy(np.array([[0.5, 0.5], [1.0, 0.0]])), [1.0, 0.0])
    with pytest.raises(ValueError, match="at least 2 keys"):
        normalised_entropy(np.ones((1, 1)))


def test_bad_input_says_what_is_wrong(model: MiniLM) -> None:
    with pytest.raises(ValueError, match="at least one sentence"):
        measure([])
    with pytest.raises(ValueError, match="at least one non-empty sentence"):
        atlas(model, ["  ", ""])
    with pytest.raises(ValueError, match="n = 3 tokens"):
        measure([(one_head(np.eye(4)), ["a", "b", "c"])])


def test_built_in_sentences() -> None:
    assert len(SENTENCES) == 20 and len(set(SENTENCES)) == 20
    english, chinese = SENTENCES[:10], SENTENCES[10:]
    assert all(s.isascii() for s in english)
    assert all(any(is_cjk(c) for c in s) for s in chinese)


def test_full_atlas_on_minilm(model: MiniLM) -> None:
    for text in SENTENCES[10:]:  # every Chinese character is in the vocabulary
        assert "[UNK]" not in model.run(text).tokens, text
    result = atlas(model)
    assert result.scores.shape == (6, 12, len(BEHAVIOURS)) and result.n_sentences == 20
    assert len(result.labels) == 6 and all(len(row) == 12 for row in result.labels)
    # layer 0, head 2 of all-MiniLM-L6-v2 looks at the previous token almost always
    assert result.labels[0][2] == "previous"
    assert result.scores[0, 2, BEHAVIOURS.index("previous")] > 0.95
    assert (0, 2) in result.heads_labelled("previous")
    # the label is the behaviour with the largest score/threshold, when that reaches 1
    ratio = result.scores / np.array(THRESHOLDS)
    for layer in range(6):
        for head in range(12):
            best = int(np.argmax(ratio[layer, head]))
            expected = BEHAVIOURS[best] if ratio[layer, head, best] >= 1 else MIXED
            assert result.labels[layer][head] == expected
            assert result.strength[layer, head] == result.scores[layer, head, best]
