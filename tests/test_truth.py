"""Every chart states the settings of the computation that made it, never the sidebar's.

The lines under a chart's title (its subtitle) are what a saved PNG carries into a slide: a
chart of weights computed with softmax off must say "softmax off" even when the sidebar has it
on, and a column of random weights must name its own seed.
"""

from __future__ import annotations

import json

import pytest

from core.encoding import ModelRef
from tests.apptest_utils import open_page, open_whole_page, page_file, unfold
from ui import figures
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXT


def tr(lang: str, text_key: str, /, **kwargs: object) -> str:
    return TEXTS[text_key][lang].format(**kwargs)


def charts_by_title(at) -> list[tuple[str, list[str]]]:
    """(title, subtitle lines) of every chart on the page."""
    found = []
    for chart in at.get("vega_lite_chart"):
        title = json.loads(chart.proto.spec).get("title", "")
        if isinstance(title, dict):
            subtitle = title.get("subtitle", [])
            found.append(
                (title.get("text", ""), [subtitle] if isinstance(subtitle, str) else subtitle)
            )
        else:
            found.append((title, []))
    return found


def squeeze(text: str) -> str:
    """Text without whitespace: long subtitles are wrapped into lines at any space (or, in
    Chinese, between any two characters)."""
    return "".join(text.split())


def says(subtitle: list[str], needle: str) -> bool:
    return squeeze(needle) in squeeze("".join(subtitle))


def softmax_says(lang: str, on: bool) -> str:
    return f"softmax {tr(lang, 'on' if on else 'off')}"


# the pages that draw attention weights or outputs under the titles the test reads
WEIGHT_PAGES = [
    page_file(name)
    for name in ("home", "rows", "weights", "score", "summary", "real_model", "next_word")
]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("sidebar_softmax", ["0", "1"])
@pytest.mark.parametrize("page", WEIGHT_PAGES)
def test_weights_charts_state_their_own_softmax(page: str, sidebar_softmax: str, lang: str):
    """Each weights or output chart says whether softmax was on in its own computation, read
    from the result, whatever the sidebar says; every page named draws at least one."""
    at = open_whole_page(page, {"softmax": sidebar_softmax, "lang": lang, "seed": "3"})
    assert not at.exception
    checked = 0
    for title, subtitle in charts_by_title(at):
        for key, on in (
            ("m_weights_soft", True),
            ("m_weights_raw", False),
            ("out_on", True),
            ("out_off", False),
        ):
            if title.replace("\n", " ") == tr(lang, key):
                assert says(subtitle, softmax_says(lang, on)), (page, title, subtitle)
                assert not says(subtitle, softmax_says(lang, not on)), (page, title, subtitle)
                checked += 1
    assert checked > 0, f"{page} drew no chart of weights or outputs to check"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_random_weights_column_names_its_own_seed(lang: str):
    at = open_whole_page(page_file("weights"), {"seed": "0", "seed_b": "5", "lang": lang})
    assert not at.exception
    random_line = tr(lang, "ctx_random_weights", seed=5)
    charts = charts_by_title(at)
    # the page draws each matrix twice, learned and random (side by side or in tabs): exactly
    # the random half names its seed
    named = [says(sub, random_line) for _, sub in charts]
    assert len(charts) >= 2 and len(charts) % 2 == 0
    assert sum(named) == len(charts) // 2, [sub for _, sub in charts]


def test_real_model_charts_name_the_head_and_their_softmax():
    at = open_whole_page(page_file("real_model"), {"layer": "2", "head": "5", "softmax": "0"})
    assert not at.exception
    head = tr("en", "ctx_minilm", layer=2, head=5)
    charts = charts_by_title(at)
    with_subtitle = [(title, subtitle) for title, subtitle in charts if subtitle]
    assert len(with_subtitle) >= 2, charts  # the page's heatmaps state their computation
    for title, subtitle in with_subtitle:
        assert says(subtitle, head), title


@pytest.mark.parametrize(
    ("model", "tag"),
    [
        (ModelRef("minilm", 384, 32, layer=2, head=5), "minilm-l2-h5"),
        (ModelRef("toy", 8, 4, seed=3), "toy-seed3"),
        (ModelRef("toy", 8, 4, seed=0, weights_seed=1), "toy-seed0-w1"),
        (ModelRef("trained", 16, 8, seed=0), "trained-seed0"),
    ],
)
def test_file_names_name_the_page_the_matrix_and_the_model(model: ModelRef, tag: str):
    assert figures.file_tag(model) == tag
    name = figures.file_name("real-model", "Weights: softmax on (rows sum to 1)", tag)
    assert name == f"real-model_weights-softmax-on-rows-sum-to-1_{tag}"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("page", [page_file("roles"), page_file("dot"), page_file("summary")])
def test_article_example_holds_on_the_learned_model(page: str, lang: str):
    """“The black cat drank the milk”: the model trained on page 7 sends milk to drank; the
    random toy weights beside it say whatever their numbers say, and the page says so."""
    from core.learning.task import TrainSettings
    from core.models import ToyModel, TrainedHead
    from core.pipeline import pipeline
    from ui import compute

    at = unfold(open_page(page, {"lang": lang, "text": DEFAULT_TEXT}), "learned")
    assert not at.exception
    text = "The black cat drank the milk"
    learned = pipeline(TrainedHead(compute.trained_result(TrainSettings()).model), text)
    random = pipeline(ToyModel(), text)
    milk = 5
    said = [m.value for m in at.markdown]
    for p in (learned, random):
        row = p.attention.weights[milk]
        best = int(row.argmax())
        if best == milk:  # the word itself comes first: the page names it, then the next word
            other = max((j for j in range(len(row)) if j != milk), key=lambda j: row[j])
            expected = tr(
                lang,
                "roles_top_self",
                query="milk",
                w=float(row[milk]),
                key=p.key_side.tokens[other],
                w2=float(row[other]),
            )
        else:
            expected = tr(
                lang, "roles_top", query="milk", w=float(row[best]), key=p.key_side.tokens[best]
            )
        assert expected in said, (expected, said)
    assert int(learned.attention.weights[milk].argmax()) == 3  # drank
    assert tr(lang, "learned_random_meaningless") in [c.value for c in at.caption]


# what a matrix made before softmax says it went through (figures.FACTOR, SCORES)
NO_SOFTMAX = {"en": "no softmax", "zh": "未经 softmax"}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("page", [page_file("score"), page_file("summary")])
def test_the_factor_matrix_says_no_softmax_and_the_weights_say_softmax_on(page: str, lang: str):
    """Q·Kᵀ is made before any scaling and softmax: its caption says so, and never "softmax on",
    while the weights beside it, made with softmax on, say "softmax on" (issue 28, item 4)."""
    at = open_whole_page(page, {"lang": lang, "softmax": "1", "scale": "1"})
    assert not at.exception
    charts = {" ".join(title.split()): subtitle for title, subtitle in charts_by_title(at)}
    factor = charts[tr(lang, "m_factor")]
    assert says(factor, NO_SOFTMAX[lang]) and says(factor, "√d_k"), factor
    assert not says(factor, softmax_says(lang, True)), factor
    weights = [sub for title, sub in charts.items() if title == tr(lang, "m_weights_soft")]
    assert weights and all(says(sub, softmax_says(lang, True)) for sub in weights), charts
    scores = charts.get(tr(lang, "m_scores", steps=tr(lang, "step_scale")))
    if scores is not None:  # the scores, ÷√d_k on: no softmax yet
        assert says(scores, NO_SOFTMAX[lang]) and not says(scores, softmax_says(lang, True))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_page_6s_dot_products_say_no_softmax(lang: str):
    """q·k, and each of its terms, is an entry of Q·Kᵀ: page 6's table and bars say no softmax;
    the same charts on x·x name only the model."""
    for kind, no_softmax in (("qk", True), ("x", False)):
        at = open_whole_page(page_file("dot"), {"lang": lang, "softmax": "1", "vec": kind})
        assert not at.exception
        charts = {" ".join(title.split()): sub for title, sub in charts_by_title(at)}
        for key in ("products_table", "products"):
            sub = charts[tr(lang, key)]
            assert says(sub, NO_SOFTMAX[lang]) == no_softmax, (kind, key, sub)
            assert not says(sub, softmax_says(lang, True)), (kind, key, sub)


def test_a_row_of_the_factor_matrix_or_the_scores_says_which_steps_it_went_through():
    from core.models import ToyModel
    from core.pipeline import pipeline

    p = pipeline(ToyModel(), "the cat drank the milk")
    a = p.attention
    assert figures.stage_of(p, a.factor) == figures.FACTOR
    assert figures.stage_of(p, a.factor[2]) == figures.FACTOR  # a row, as page 4's bars
    assert figures.stage_of(p, a.scores[:, 1]) == figures.SCORES
    assert figures.stage_of(p, a.weights[2]) == figures.WEIGHTS
    assert figures.stage_of(p, a.factor[2] / 2.0) == figures.WEIGHTS  # a new array: say so


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    ("model", "learned"), [("distilled", True), ("pretrained", True), ("toy", False)]
)
def test_page_1_says_how_the_model_shown_adds_positions(model: str, learned: bool, lang: str):
    """Page 1 names the positions the chart draws (learned or sine waves), and a positions
    switch that cannot change the model says why, instead of asking to be flipped."""
    at = unfold(open_page(page_file("input"), {"lang": lang, "src": model}), "notice")
    assert not at.exception
    text = "\n".join(m.value for m in at.markdown)
    right, wrong = ("positions_learned", "positions_sinusoidal")[:: 1 if learned else -1]
    assert tr(lang, right) in text and tr(lang, wrong) not in text
    captions = [c.value for c in at.sidebar.caption]
    fixed = tr(lang, "pe_fixed", toy=tr(lang, "source_toy"))
    if model == "toy":
        assert fixed not in captions and not at.toggle(key="pe").disabled
        assert tr(lang, "input_notice_pe") in text
    else:
        assert fixed in captions and tr(lang, "input_notice_pe") not in text
        shown = [w for w in at.sidebar.toggle if w.label == tr(lang, "pe")]
        assert len(shown) == 1 and shown[0].value is True and shown[0].disabled


def test_the_word_a_row_names_besides_itself_is_the_largest_of_the_other_words():
    """Page 5 names the word itself when it comes first, then the strongest other word: read
    from the same row, never the query's own column."""
    from core.models import ToyModel
    from core.pipeline import pipeline
    from ui.relevance import strongest_other_key

    p = pipeline(ToyModel(), "the black cat drank the milk")
    for q, row in enumerate(p.attention.weights):
        j, w = strongest_other_key(p, q)
        assert j != q and w == max(row[k] for k in range(len(row)) if k != q)
    assert strongest_other_key(pipeline(ToyModel(), "milk"), 0) is None
