"""Page 6's vector boxes (typed vectors, the link, Reset) and presenter mode's chart sizes."""

import json
import math

import numpy as np
import pyarrow as pa
import pytest

from app_pages.present.screen import PRESENT_HEADER, PRESENT_SCREEN, SPAN_PRESENT
from core.models import ToyModel
from core.pipeline import pipeline, with_random_weights
from core.similarity import MAX_VECTOR_CHARS, format_vector, parse_vector
from lessons import kinds, lesson
from tests.apptest_utils import chart_specs, default_model, open_page, page_file
from ui import charts, theme
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXT, DEFAULT_TEXTS

A, B = [1.0, -2.0, 3.0, 0.5], [2.0, 2.0, -1.0, 4.0]


def test_parse_vector_reads_what_people_type():
    assert parse_vector("1, −2；3  -4", 4).values.tolist() == [1, -2, 3, -4]
    assert parse_vector("1，2 3,4", 4).values.tolist() == [1, 2, 3, 4]
    assert parse_vector("1e9 0 0 0", 4).values[0] == 1e6  # clipped to EDIT_LIMIT
    assert (parse_vector("1, x", 2).problem, parse_vector("1, x", 2).detail) == (
        "not_a_number",
        "x",
    )
    assert parse_vector("nan 1", 2).problem == "not_a_number"
    assert (parse_vector("1 2", 3).problem, parse_vector("1 2", 3).detail) == ("wrong_length", "2")
    assert parse_vector("1 " * MAX_VECTOR_CHARS, 4).problem == "too_long"
    v = np.array([0.51234, -1.0309, 2.0])
    assert format_vector(v) == "0.512, -1.031, 2"
    assert parse_vector(format_vector(v), 3).values.tolist() == [0.512, -1.031, 2.0]


def _records(chart) -> list[dict]:
    """A chart's data rows, inline or sent as Arrow."""
    spec = json.loads(chart.proto.spec)
    if spec.get("datasets"):
        return [r for rows in spec["datasets"].values() for r in rows]
    if not chart.proto.datasets:
        return []
    return pa.ipc.open_stream(chart.proto.datasets[0].data.data).read_all().to_pylist()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_vectors_from_the_link_then_reset(lang):
    at = open_page(
        page_file("dot"),
        {
            "lang": lang,
            "text": DEFAULT_TEXT,
            "src": "toy",
            "a": "5",
            "b": "3",
            "va": ", ".join(map(str, A)),
            "vb": " ".join(map(str, B)),
        },
    )
    assert not at.exception
    assert at.text_input(key="va_box").value == "1.0, -2.0, 3.0, 0.5"
    assert float(at.metric[0].value) == pytest.approx(float(np.dot(A, B)), abs=5e-5)
    records = [r for chart in at.get("vega_lite_chart") for r in _records(chart)]
    products = [r["value"] for r in records if r.get("row_label") == "A × B"]
    assert products == pytest.approx((np.array(A) * np.array(B)).tolist())
    cos = np.dot(A, B) / np.linalg.norm(A) / np.linalg.norm(B)
    assert float(at.metric[1].value) == pytest.approx(cos, abs=5e-5)

    at.button(key="dot_reset").click().run()
    p = pipeline(ToyModel(), "The black cat drank the milk")
    q, k = p.key_side.q[5], p.key_side.k[3]
    assert float(at.metric[0].value) == pytest.approx(float(q @ k), abs=5e-5)
    assert at.text_input(key="va_box").value == format_vector(q)
    assert "va" not in at.query_params and "vb" not in at.query_params


def test_typing_a_negative_number_and_keeping_it_in_the_link():
    at = open_page(page_file("dot"), {"src": "toy", "a": "5", "b": "3"})
    k = pipeline(ToyModel(), "The black cat drank the milk").key_side.k[3]
    at.text_input(key="va_box").input("-3, 0, 0, 0").run()
    assert float(at.metric[0].value) == pytest.approx(-3 * float(k[0]), abs=5e-5)
    assert at.session_state["va"] == "-3, 0, 0, 0"  # written to the link after the page
    at.selectbox(key="a").set_value(2).run()  # another word: its own vector again
    assert at.text_input(key="va_box").value == format_vector(
        pipeline(ToyModel(), "The black cat drank the milk").key_side.q[2]
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_unreadable_vectors_in_the_link_get_a_message(lang):
    at = open_page(
        page_file("dot"),
        {
            "lang": lang,
            "text": DEFAULT_TEXT,
            "src": "toy",
            "a": "5",
            "b": "3",
            "va": "1,x,3,4",
            "vb": "1,2",
        },
    )
    assert not at.exception
    warnings = [w.value for w in at.warning]
    why_a = TEXTS["vector_not_a_number"][lang].format(name="A", word="x")
    why_b = TEXTS["vector_wrong_length"][lang].format(name="B", d=4, got="2")
    for why in (why_a, why_b):
        assert TEXTS["vector_model_used"][lang].format(why=why) in warnings
    p = pipeline(ToyModel(), "The black cat drank the milk")
    q, k = p.key_side.q[5], p.key_side.k[3]
    assert float(at.metric[0].value) == pytest.approx(float(q @ k), abs=5e-5)


def _spec(n_rows, n_cols, **kw):
    m = np.linspace(-4.9, 4.9, n_rows * n_cols).reshape(n_rows, n_cols)
    words = [f"w{i}" for i in range(max(n_rows, n_cols))]
    return charts.heatmap(
        m,
        words[:n_rows],
        words[:n_cols],
        title="Factor matrix",
        subtitle=["a line under the title"],
        row_title="query",
        col_title="key",
        value_title="score",
        show_numbers=True,
        big=True,
        span=SPAN_PRESENT,
        **kw,
    )


@pytest.mark.parametrize("n", [4, 6, 12, 20])
def test_max_height_shrinks_cells_to_fit(n):
    free = _spec(n, n)
    fitted = _spec(n, n, max_height=480, max_width=1232)
    step = fitted["height"]["step"]
    assert step <= free["height"]["step"]
    # as wide as they are tall, or wider (up to BIG_CELL_ASPECT) where the width has room
    assert step <= fitted["width"]["step"] <= math.floor(step * theme.BIG_CELL_ASPECT)
    heading = theme.LINE_EM * (theme.BIG_TITLE + theme.BIG_LABEL) + theme.TITLE_GAP
    assert n * step + heading < 480
    if n <= 6:  # a presenter's sentence: numbers large enough for the back of the room
        numbers = next(layer for layer in fitted["layer"] if layer["mark"]["type"] == "text")
        assert numbers["mark"]["fontSize"] >= theme.FONT_MIN_BIG


def test_big_numbers_take_one_decimal_before_shrinking_below_18px():
    assert charts.number_fit(-2.9, 2.9, 50, 60) == (".2f", 15)  # the ordinary rule
    fit = charts.number_fit(-2.9, 2.9, 50, 60, theme.FONT_MIN_BIG, theme.FONT_MAX_BIG)
    assert fit == (".1f", 18)


def _step_of(kind: str) -> str:
    """The built-in lesson's step (as the link writes it) of a question kind."""
    return str([step.id for step in lesson.default().steps].index(kind))


def test_presenter_charts_fit_under_the_header():
    at = open_page(page_file("present"), {"lesson": _step_of("own_sentences"), "ask": "0"})
    assert not at.exception
    (spec,) = chart_specs(at)
    rows = 6  # "The black cat drank the milk"
    assert rows * spec["height"]["step"] < PRESENT_SCREEN[1] - PRESENT_HEADER
    numbers = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "text")
    assert numbers["mark"]["fontSize"] >= theme.FONT_MIN_BIG


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_presenter_asks_the_room_before_the_chart(lang: str):
    """The lesson's recap (what moves the top word): the question first and no chart; once
    revealed, the verdict takes the explanation's line and the step's chart appears."""
    from ui import predict

    at = open_page(page_file("present"), {"lesson": _step_of("what_moves"), "lang": lang})
    assert not at.exception
    assert chart_specs(at) == []
    assert TEXTS["pq_heading"][lang] in " ".join(m.value for m in at.markdown)
    p = pipeline(default_model(), DEFAULT_TEXTS[lang])
    last = len(p.key_side.tokens) - 1

    def top(weights: np.ndarray) -> int:  # the last word's top other word, with numpy
        return int(np.argmax(np.where(np.arange(last + 1) == last, -np.inf, weights[last])))

    random = with_random_weights(p, kinds.RANDOM_SEED).attention.weights
    right = "random" if top(random) != top(p.attention.weights) else "none"
    radio = next(r for r in at.radio if r.key.startswith(predict.RADIO))
    radio.set_value(right).run()
    next(b for b in at.button if b.key.startswith("reveal_")).click().run()
    assert not at.exception
    assert len(chart_specs(at)) == 1
    assert any(m.value.startswith("✅") for m in at.markdown)
