"""The article's claims, read from what the pages draw on their default settings (issue 18).

Doshi's argument: training makes a word's query agree with the keys of the words it relates
to, so their dot product is large, so softmax gives them the weight. On the example sentence
the object "milk" should weigh its verb "drank" most, then the subject "cat", then the
adjective "black"; the Chinese UI's example 黑猫喝了牛奶 the same way (牛奶 → 喝 > 猫 > 黑). Each
test opens a page as a visitor does (no sentence in the link, the reader's language) and reads
the numbers from the page's own charts and metrics, never from core.
"""

from __future__ import annotations

import pytest
import streamlit as st

from core.pipeline import pipeline
from tests.apptest_utils import (
    QUESTIONS,
    chart_records,
    chart_specs,
    default_model,
    open_page,
    page_file,
)
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXTS

LANGS = ("en", "zh")
# the example sentence's roles, by language: object, verb, subject, adjective
ROLES = {"en": ("milk", "drank", "cat", "black"), "zh": ("牛奶", "喝", "猫", "黑")}
ADJECTIVE_AT_MOST = 0.10  # the bound on the object's weight on the adjective
QK_AGREEMENT_AT_LEAST = 0.8  # the bound on page 6b's map against the weights


def tr(lang: str, key: str, **values: object) -> str:
    text = TEXTS[key][lang]
    return text.format(**values) if values else text


def visit(page: str, lang: str):
    """The page as a first-time visitor opens it: no link parameters, the browser's language."""
    return open_page(page_file(page), locale={"en": "en-US", "zh": "zh-CN"}[lang])


def row_of(records: list[dict], word: str) -> dict[str, float]:
    """One query's row of a word-by-word chart: key word -> value (each word once here)."""
    return {r["col_label"]: r["value"] for r in records if r["row_label"] == word}


def chart_row(page: str, lang: str, title_key: str, word: str) -> dict[str, float]:
    at = visit(page, lang)
    assert not at.exception
    return row_of(chart_records(at, tr(lang, title_key).split("（")[0].split(" (")[0]), word)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", ["rows", "score", "summary"])
def test_the_object_weighs_its_verb_then_subject_then_adjective(page: str, lang: str) -> None:
    obj, verb, subject, adjective = ROLES[lang]
    row = chart_row(page, lang, "m_weights_soft", obj)
    others = {word: w for word, w in row.items() if word != obj}
    assert row[verb] > row[subject] > row[adjective], row
    assert max(others, key=others.__getitem__) == verb, row
    if lang == "en":  # the bound, on its own sentence
        assert row[adjective] <= ADJECTIVE_AT_MOST, row


@pytest.mark.parametrize("lang", LANGS)
def test_the_roles_page_draws_the_objects_row_with_the_verb_first(lang: str) -> None:
    obj, verb, subject, adjective = ROLES[lang]
    at = visit("roles", lang)
    assert not at.exception
    title = tr(lang, "roles_weights", word=obj).split("（")[0].split(" (")[0]
    weights = {r["label"] if "label" in r else r["key"]: r for r in chart_records(at, title)}
    values = {k: next(v for v in r.values() if isinstance(v, float)) for k, r in weights.items()}
    assert values[verb] > values[subject] > values[adjective], values


@pytest.mark.parametrize("lang", LANGS)
def test_in_the_factor_matrix_the_object_agrees_most_with_its_verb(lang: str) -> None:
    obj, verb, _, _ = ROLES[lang]
    row = chart_row("score", lang, "m_factor", obj)
    others = {word: v for word, v in row.items() if word != obj}
    assert row[verb] > 0 and max(others, key=others.__getitem__) == verb, row


@pytest.mark.parametrize("lang", LANGS)
def test_the_dot_product_page_opens_on_a_related_pair_above_an_unrelated_one(lang: str) -> None:
    obj, verb, _, _ = ROLES[lang]
    at = visit("dot", lang)
    assert not at.exception
    assert at.selectbox(key="a").format_func(at.selectbox(key="a").value).endswith(obj)
    assert at.selectbox(key="b").format_func(at.selectbox(key="b").value).endswith(verb)
    metrics = {m.label: float(m.value) for m in at.metric}
    # the numbers are the model's q·k; the least related word is found among all the others
    p = pipeline(default_model(), DEFAULT_TEXTS[lang])
    q, k = p.key_side.q, p.key_side.k
    i, j = p.tokens.index(obj), p.tokens.index(verb)
    dots = {m: float(q[i] @ k[m]) for m in range(len(k)) if m != i}
    least = min(dots, key=dots.__getitem__)
    related = metrics[tr(lang, "dot_result")]
    unrelated = metrics[tr(lang, "dot_least", word=p.tokens[least])]
    assert related > 0 > unrelated, metrics
    assert related == pytest.approx(dots[j], abs=5e-5)
    assert unrelated == pytest.approx(dots[least], abs=5e-5)


@pytest.mark.parametrize("lang", LANGS)
def test_compares_default_pair_moves_the_changed_word_and_keeps_the_roles(lang: str) -> None:
    """Another drinker: the biggest change is in that word's row or column, and in sentence B
    the drink still gives its largest weight (among the others) to the verb."""
    obj, verb, _, _ = ROLES[lang]
    at = visit("compare", lang)
    assert not at.exception
    diff = chart_records(at, "B − A")
    biggest = max(diff, key=lambda r: abs(r["value"]))
    assert "/" in biggest["row_label"] + biggest["col_label"], biggest  # the word changed
    b_title = tr(lang, "cmp_label_b", what=tr(lang, "cmp_kind_weights"))
    row = row_of(chart_records(at, b_title), obj)
    others = {word: w for word, w in row.items() if word != obj}
    assert max(others, key=others.__getitem__) == verb, row


@pytest.mark.parametrize("lang", LANGS)
def test_the_query_key_map_agrees_with_the_weights(lang: str) -> None:
    """Page 6b opens on a map whose dot products order each query's keys as its weights do
    (rank correlation, the page's own number), and on it the object's arrow reaches farthest,
    among the other words, to its verb."""
    obj, verb, _, _ = ROLES[lang]
    at = visit("qk_map", lang)
    assert not at.exception
    shown = {m.label: m.value for m in at.metric}
    assert float(shown[tr(lang, "qk_rank_label")]) >= QK_AGREEMENT_AT_LEAST, shown
    (spec,) = [s for s in chart_specs(at) if s["title"]["text"] == tr(lang, "qk_map_title")]
    points = spec["datasets"][spec["layer"][-1]["data"]["name"]]  # the labelled points
    queries = {r["token"]: (r["x"], r["y"]) for r in points if r["kind"] == tr(lang, "qk_queries")}
    query = queries[obj]
    reach = {
        r["token"]: query[0] * r["x"] + query[1] * r["y"]
        for r in points
        if r["kind"] == tr(lang, "qk_keys") and r["token"] != obj
    }
    assert max(reach, key=reach.__getitem__) == verb, reach


@pytest.mark.parametrize("lang", LANGS)
def test_every_question_on_the_example_has_the_articles_answer(lang: str) -> None:
    """What the article's reasoning predicts for each predict-then-reveal question."""
    obj, verb, _, _ = ROLES[lang]
    p = pipeline(default_model(), DEFAULT_TEXTS[lang])
    at_verb = str(p.tokens.index(verb))
    expected = {
        "rows_top": {at_verb},  # training links the object to its verb
        "summary_top": {at_verb},
        "dot_top": {at_verb},  # ... through a large q·k
        "roles_term": {at_verb},  # the verb's value carries most of the output
        "weights_top_kept": {"chance"},  # random weights keep that order only by chance
        "weights_larger_max": {"a"},  # learned weights pick out a word; random ones spread
        "score_sum": {"yes"},  # softmax rows add up to 1
        "score_scale_order": {"no"},  # one positive divisor keeps every order
        "dot_sign": {"negative"},  # the object and the first word ("the", 黑) are unrelated
        "input_width": {str(p.key_side.q.shape[1])},
    }
    try:
        for qid, right in expected.items():
            asked = QUESTIONS[qid].build(p)
            assert asked is not None and asked.answer.correct == right, (qid, asked.because)
    finally:  # building outside a page writes the word pickers into the bare-mode state
        for key in list(st.session_state):
            del st.session_state[key]
    assert obj in p.tokens
