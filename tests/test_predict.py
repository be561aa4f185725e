"""Predict, then reveal: the computed answers (core/questions.py) against hand-worked cases and
invariants, and the question on every concept page (ui/predict.py) through AppTest, en and zh."""

from __future__ import annotations

import numpy as np
import pytest

from core import questions
from core.attention import STANDARD, AttentionSettings
from core.encoding import Encoded, ModelRef
from core.models import ToyConfig, ToyModel, toy_projection
from core.pipeline import Pipeline, attend_encoded, pipeline, with_random_weights
from tests.apptest_utils import (
    QUESTIONS,
    chart_records,
    chart_titles,
    default_model,
    open_page,
    page_file,
    unfold,
)
from ui import predict
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXT

# ---- core: hand-worked cases -------------------------------------------------------------


def _pipe(
    q: list[list[float]],
    k: list[list[float]],
    v: list[list[float]] | None = None,
    settings: AttentionSettings = STANDARD,
    x: list[list[float]] | None = None,
) -> Pipeline:
    """Self-attention over explicit q, k, v (one token per row, words w0, w1, ...)."""
    qa, ka = np.array(q, dtype=float), np.array(k, dtype=float)
    va = np.array(v, dtype=float) if v is not None else ka.copy()
    xa = np.array(x, dtype=float) if x is not None else ka.copy()
    n, d_k = ka.shape
    enc = Encoded(
        text=" ".join(f"w{i}" for i in range(n)),
        tokens=tuple(f"w{i}" for i in range(n)),
        n_total=n,
        embedding=xa,
        positions=np.zeros_like(xa),
        x=xa,
        q=qa,
        k=ka,
        v=va,
    )
    projection = toy_projection(xa.shape[1], d_k, 0)
    return attend_encoded(enc, enc, projection, settings, ModelRef("toy", xa.shape[1], d_k))


def _softmax(row: np.ndarray) -> np.ndarray:
    e = np.exp(row - row.max())
    return e / e.sum()


def test_top_key_by_hand():
    # query 2 = [1, 1] against keys [1, 0], [0, 2], [3, 0]: Q·Kᵀ = 1, 2, 3, scaled by √2.
    # Its own key (3) is the largest, but the question is about the other words: key 1 (2).
    p = _pipe([[1, 0], [0, 1], [1, 1]], [[1, 0], [0, 2], [3, 0]])
    answer = questions.top_key(p, 2)
    assert answer is not None
    assert answer.options == ("0", "1")  # the query itself is not offered
    assert answer.correct == {"1"} and answer.words == (2, 1)
    expected = np.exp(2 / np.sqrt(2)) / sum(np.exp(s / np.sqrt(2)) for s in (1, 2, 3))
    assert answer.numbers[0] == pytest.approx(expected)
    # query 0 = [1, 0]: scores 1, 0, 3 -> key 2 among the others
    assert questions.top_key(p, 0).correct == {"2"}
    assert questions.top_key(p, 0).is_right("2") and not questions.top_key(p, 0).is_right("1")


def test_a_tie_accepts_every_tied_key():
    # keys 0 and 2 are the same vector: query 1 = [0, 1] scores them alike (1), above key 3's -1
    p = _pipe([[1, 0], [0, 1], [2, 1], [0, 0]], [[1, 1], [0, 5], [1, 1], [0, -1]])
    assert questions.top_key(p, 1).correct == {"0", "2"}
    assert questions.top_dot(p, 1).correct == {"0", "2"}


def test_one_token_asks_no_which_word_question():
    p = _pipe([[1, 2]], [[3, 4]])
    assert questions.top_key(p, 0) is None
    assert questions.top_dot(p, 0) is None
    assert questions.biggest_term(p, 0) is None
    assert questions.repeat_identical(p) is None
    assert questions.rows_sum_to_one(p).correct == {"yes"}
    assert questions.dot_sign(p, 0, 0).correct == {"positive"}  # 1·3 + 2·4 = 11


def test_rows_sum_to_one_reads_the_numbers_not_the_flag():
    q, k = [[1.0], [2.0]], [[1.0], [3.0]]
    on = _pipe(q, k)
    assert on.settings.use_softmax and questions.rows_sum_to_one(on).correct == {"yes"}
    off = _pipe(q, k, settings=STANDARD.replace(use_softmax=False))
    # d_k = 1, so the scores are Q·Kᵀ: rows [1, 3] and [2, 6] sum to 4 and 8
    answer = questions.rows_sum_to_one(off)
    assert answer.correct == {"no"} and answer.numbers == pytest.approx((4.0, 8.0))
    # softmax off, yet every row happens to add up to 1: the answer follows the numbers
    lucky = _pipe([[1.0], [2.0]], [[0.25], [0.25]], settings=STANDARD.replace(use_softmax=False))
    np.testing.assert_allclose(lucky.attention.weights.sum(axis=1), [0.5, 1.0])
    assert questions.rows_sum_to_one(lucky).correct == {"no"}
    exact = _pipe([[2.0]], [[0.25], [0.25]], settings=STANDARD.replace(use_softmax=False))
    assert not exact.settings.use_softmax
    assert questions.rows_sum_to_one(exact).correct == {"yes"}


@pytest.mark.parametrize("seed", range(20))
def test_scaling_never_changes_the_order_of_a_row(seed):
    rng = np.random.default_rng(seed)
    n, d_k = rng.integers(2, 12), rng.integers(1, 40)
    p = _pipe(rng.standard_normal((n, d_k)), rng.standard_normal((n, d_k)))
    answer = questions.scale_changes_order(p)
    assert answer.correct == {"no"}
    assert answer.numbers == pytest.approx((np.sqrt(d_k), 0.0))


def test_repeated_word_rows_identical_only_without_positions():
    off = pipeline(ToyModel(ToyConfig(positional=False)), "the cat saw the dog")
    answer = questions.repeat_identical(off)
    assert answer.correct == {"yes"} and answer.words == (0, 3) and answer.numbers == (0.0,)
    on = pipeline(ToyModel(ToyConfig(positional=True)), "the cat saw the dog")
    answer = questions.repeat_identical(on)
    x = on.key_side.x
    assert answer.correct == {"no"}
    assert answer.numbers[0] == pytest.approx(np.max(np.abs(x[0] - x[3]))) and answer.numbers[0] > 0
    assert questions.repeat_identical(pipeline(ToyModel(), "a cat sat")) is None


def test_query_width_offers_the_sizes_on_screen():
    p = pipeline(ToyModel(ToyConfig(d_model=8, d_k=4)), "a b c")
    answer = questions.query_width(p)
    assert answer.options == ("3", "4", "8") and answer.correct == {"4"}
    assert answer.numbers == (4.0, 8.0)
    same = questions.query_width(pipeline(ToyModel(ToyConfig(d_model=8, d_k=4)), "a b c d"))
    assert same.options == ("4", "8") and same.correct == {"4"}  # d_k = n: offered once


def test_dot_sign_from_its_terms():
    p = _pipe([[1, -2], [0, 0]], [[3, 1], [1, 1]])
    answer = questions.dot_sign(p, 0, 0)  # 1·3 + (−2)·1 = 1
    assert answer.options == ("positive", "negative") and answer.correct == {"positive"}
    assert answer.numbers == pytest.approx((1.0, 3.0, -2.0, 1.0, 1.0))
    assert questions.dot_sign(p, 0, 1).correct == {"negative"}  # 1 − 2 = −1
    zero = _pipe([[1, -1], [0, 0]], [[1, 1], [2, 0]])
    assert questions.dot_sign(zero, 0, 0).correct == {"positive", "negative"}


def test_top_dot_is_the_largest_raw_product():
    # query 2 = [1, 1]: Q·Kᵀ = 1, 2, 3; its own key left out, key 1 with 2
    p = _pipe([[1, 0], [0, 1], [1, 1]], [[1, 0], [0, 2], [3, 0]])
    answer = questions.top_dot(p, 2)
    assert answer.correct == {"1"} and answer.numbers == (2.0,)
    assert questions.top_dot(_pipe([[1, 0], [0, 1]], [[1, 0], [0, 1]]), 0) is None  # one other


def test_biggest_term_is_weight_times_value_length():
    # one query against three keys with equal scores: weights 1/3 each; values of length 3, 4, 0
    p = _pipe([[0.0]], [[1.0], [1.0], [1.0]], v=[[3, 0], [0, 4], [0, 0]])
    lengths = questions.term_lengths(p, 0)
    np.testing.assert_allclose(lengths, [1.0, 4 / 3, 0.0])
    answer = questions.biggest_term(p, 0)
    assert answer.correct == {"1"} and answer.words == (0, 1)
    assert answer.numbers == pytest.approx((4 / 3, 1 / 3))


def test_two_sets_of_weights_compared():
    # query 2 = [0, 1] against three keys; among the others (0, 1):
    a = _pipe([[1, 0], [0, 1], [0, 1]], [[0, 1], [0, 2], [0, 0]])  # a: key 1 (scores 1, 2, 0)
    b = _pipe([[1, 0], [0, 1], [0, 1]], [[0, 4], [0, 1], [0, 0]])  # b: key 0 (scores 4, 1, 0)
    mb = _softmax(np.array([4, 1, 0]) / np.sqrt(2))[0]
    across = questions.kept_across_seeds(a, [b, b, a, b, b], 2)  # kept by 1 of 5 seeds
    assert across.correct == {"chance"} and across.words == (2, 1)
    assert across.numbers == pytest.approx((1, 5, 1 / 2))  # two other words: chance is 1/2
    assert questions.kept_across_seeds(a, [a, a, a, a, b], 2).correct == {"mostly"}  # 4 of 5
    np.testing.assert_array_equal(questions.seeds_first([a, b, b], 2, 3), [2, 1, 0])
    larger = questions.larger_max_weight(a, b)
    ma = _softmax(np.array([1, 2, 0]) / np.sqrt(2))[1]  # queries 1 and 2 of a, at key 1
    assert larger.numbers == pytest.approx((ma, mb)) and larger.correct == {"b"}
    assert questions.larger_max_weight(a, a).correct == {"a", "b"}


def test_each_question_belongs_to_one_page():
    assert len(QUESTIONS) == 11


def test_the_state_hash_follows_the_inputs():
    p = pipeline(ToyModel(), DEFAULT_TEXT)
    assert predict.inputs_hash("rows_top", p) == predict.inputs_hash(
        "rows_top", pipeline(ToyModel(), DEFAULT_TEXT)
    )
    others = [
        pipeline(ToyModel(), "The black cat drank the water"),
        pipeline(ToyModel(ToyConfig(seed=1)), DEFAULT_TEXT),
        pipeline(ToyModel(), DEFAULT_TEXT, STANDARD.replace(use_softmax=False)),
    ]
    hashes = {predict.inputs_hash("rows_top", o) for o in others}
    assert predict.inputs_hash("rows_top", p) not in hashes and len(hashes) == 3
    assert predict.inputs_hash("rows_top", p, (1,)) != predict.inputs_hash("rows_top", p, (2,))


# ---- the pages: computed here with numpy, independently of core/questions.py -------------

P = pipeline(default_model(), DEFAULT_TEXT)  # the app's default sentence, model and switches
ENC, ATT = P.key_side, P.attention
LAST = len(ENC.tokens) - 1
OTHER = with_random_weights(P, 1)  # page 3's second seed defaults to 1


def top_other(row: np.ndarray, query: int) -> int:
    """The key with the largest entry of the query's row, the query itself left out."""
    return int(np.argmax(np.where(np.arange(row.size) == query, -np.inf, row)))


def _word_case(row: np.ndarray) -> tuple[set[str], str]:
    top = top_other(row, LAST)
    return {str(top)}, f"{row[top]:.3f}"


def _cases() -> dict[str, tuple[str, set[str], str]]:
    """question id -> (page, the right options, a number the revealed answer must quote)."""
    w_last = ATT.weights[LAST]
    terms = np.linalg.norm(w_last[:, None] * ENC.v, axis=1)
    dot = float(ENC.q[LAST] @ ENC.k[0])
    sums = ATT.weights.sum(axis=1)
    low = [tok.lower() for tok in ENC.tokens]
    i, j = next((i, j) for i in range(len(low)) for j in range(i + 1, len(low)) if low[i] == low[j])
    repeat_gap = float(np.max(np.abs(ENC.x[i] - ENC.x[j])))
    ma, mb = float(ATT.weights.max()), float(OTHER.attention.weights.max())
    # page 3 tries random seeds 1-20: how many still put the learned top word first
    mine = top_other(w_last, LAST)
    kept_by = sum(
        top_other(with_random_weights(P, seed).attention.weights[LAST], LAST) == mine
        for seed in range(1, 21)
    )
    return {
        "input_width": ("input", {str(ENC.q.shape[1])}, f"d_model = {ENC.x.shape[1]}"),
        "input_repeat": ("input", {"no"}, f"{repeat_gap:.3f}"),
        "rows_top": ("rows", *_word_case(w_last)),
        "weights_top_kept": ("weights", {"mostly" if kept_by >= 16 else "chance"}, f"{kept_by} "),
        "weights_larger_max": ("weights", {"a" if ma > mb else "b"}, f"{mb:.3f}"),
        "score_sum": ("score", {"yes"}, f"{sums.min():.3f}"),
        "score_scale_order": ("score", {"no"}, f"{np.sqrt(ENC.q.shape[1]):.2f}"),
        "roles_term": ("roles", {str(int(np.argmax(terms)))}, f"{terms.max():.3f}"),
        "dot_sign": ("dot-product", {"positive" if dot > 0 else "negative"}, f"{dot:.3f}"),
        "dot_top": ("dot-product", *_word_case(ATT.factor[LAST])),
        "summary_top": ("summary", *_word_case(w_last)),
    }


CASES = _cases()
PAGE_FILES = {"dot-product": page_file("dot")} | {
    page: page_file(page) for page in ("input", "rows", "weights", "score", "roles", "summary")
}


def _radio(at, qid: str):
    found = [r for r in at.radio if (r.key or "").startswith(f"{predict.RADIO}{qid}_")]
    assert len(found) == 1, [r.key for r in at.radio]
    return found[0]


def _button(at, prefix: str):
    found = [b for b in at.button if (b.key or "").startswith(prefix)]
    assert len(found) == 1, [b.key for b in at.button]
    return found[0]


def _verdicts(at) -> list[str]:
    return [el.value for kind in ("success", "warning") for el in at.get(kind)]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("qid", sorted(CASES))
def test_pick_reveal_right_then_wrong(qid, lang):
    page, right, quoted = CASES[qid]
    at = unfold(open_page(PAGE_FILES[page], {"lang": lang, "text": DEFAULT_TEXT}), "questions")
    assert not at.exception
    heading = TEXTS["pq_heading"][lang]
    assert any(heading in m.value for m in at.markdown)
    radio = _radio(at, qid)
    assert radio.value is None  # no answer picked for the learner
    assert _button(at, f"reveal_{qid}_").disabled
    options = list(QUESTIONS[qid].build(P).answer.options)
    wrong = next(o for o in options if o not in right)

    n_charts = len(chart_titles(at))
    radio.set_value(next(iter(right))).run()
    _button(at, f"reveal_{qid}_").click().run()
    assert not at.exception
    said = [v for v in _verdicts(at) if TEXTS["pq_right"][lang] in v]
    assert len(said) == 1 and quoted in said[0], _verdicts(at)
    assert not any(TEXTS["pq_wrong"][lang] in v for v in _verdicts(at))
    assert len(chart_titles(at)) == n_charts + len(QUESTIONS[qid].build(P).figures)
    if lang == "en":
        assert QUESTIONS[qid].build(P).figures[0].title in chart_titles(at)

    _button(at, f"again_{qid}_").click().run()
    _radio(at, qid).set_value(wrong).run()
    _button(at, f"reveal_{qid}_").click().run()
    said = [v for v in _verdicts(at) if TEXTS["pq_wrong"][lang] in v]
    assert len(said) == 1 and quoted in said[0], _verdicts(at)
    labels = [_radio(at, qid).format_func(o) for o in options if o in right]
    assert TEXTS["pq_answer"][lang].format(answer=labels[0]) in said[0]


def test_the_chart_that_shows_why_is_the_row_itself():
    at = unfold(open_page(page_file("summary")), "questions")
    n_before = len(chart_titles(at))
    radio = _radio(at, "summary_top")
    radio.set_value(str(top_other(ATT.weights[LAST], LAST))).run()
    _button(at, "reveal_summary_top_").click().run()
    titles = chart_titles(at)
    assert len(titles) == n_before + 1 and titles[0] == "Weights of “milk”"
    records = chart_records(at, "Weights of “milk”")
    values = [next(v for k, v in r.items() if isinstance(v, float)) for r in records]
    np.testing.assert_allclose(values, ATT.weights[LAST])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_new_sentence_asks_again(lang):
    at = unfold(open_page(page_file("rows"), {"lang": lang, "text": DEFAULT_TEXT}), "questions")
    _radio(at, "rows_top").set_value("0").run()
    _button(at, "reveal_rows_top_").click().run()
    assert _verdicts(at)
    at.text_area(key="text").input("a dog ate the bone").run()
    assert not at.exception
    assert not _verdicts(at)
    radio = _radio(at, "rows_top")
    assert radio.value is None and radio.options[-1] == "the"  # "bone" asks; itself not offered
    assert _button(at, "reveal_rows_top_").disabled
    # a switch changes the numbers: asked again too
    _radio(at, "rows_top").set_value("0").run()
    _button(at, "reveal_rows_top_").click().run()
    assert _verdicts(at)
    at.toggle(key="softmax").set_value(False).run()
    assert not _verdicts(at) and _radio(at, "rows_top").value is None


@pytest.mark.parametrize(
    ("n", "said"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (101, "101st"),
        (111, "111th"),
    ],
)
def test_ordinals_as_a_class_reads_them(n: int, said: str) -> None:
    assert predict.ordinal(n) == said


def test_a_repeated_word_is_named_by_which_one_it_is_never_by_a_position() -> None:
    """Issue 38, item 3: "the (position 4)" was ambiguous to a class (counted from 0 or 1?)."""
    tokens = ("the", "cat", "saw", "the", "dog", "and", "the", "bird")
    labels = predict.word_labels(tokens)  # outside a session: English
    assert labels == {
        "0": "the 1st ‘the’",
        "1": "cat",
        "2": "saw",
        "3": "the 2nd ‘the’",
        "4": "dog",
        "5": "and",
        "6": "the 3rd ‘the’",
        "7": "bird",
    }
    assert predict.word_labels(tokens, ("3", "4")) == {"3": "the 2nd ‘the’", "4": "dog"}
    assert TEXTS["pq_word_nth"]["zh"].format(word="猫", nth="2") == "第 2 个“猫”"
    assert len(set(labels.values())) == len(tokens)  # every option said apart
