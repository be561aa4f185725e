"""Presenter mode on a projector and page 6's vector boxes, in Chromium.

Presenter mode: every step of the lesson, for the default sentence and for the worked example,
fits a 1280 × 720 and a 1920 × 1080 screen without scrolling, and at 1280 × 720 every number
printed in a heatmap's cell is at least FONT_MIN_BIG px. Streamlit scrolls its main area
(stMain), not the document, so both are checked.

Page 6: typing "-3" into vector A in one go gives a negative first product.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from playwright.sync_api import Page, expect

from core.pipeline import pipeline
from lessons import lesson
from tests.apptest_utils import default_model
from tests.browser.helpers import (
    at_least,
    cell_fields,
    charts,
    en,
    expect_param,
    find_cell,
    no_exception,
    number,
    open_app,
    url_params,
    wait_idle,
)
from tests.browser.tabs import Contexts
from ui.settings import DEFAULT_TEXT
from ui.theme import FONT_MIN_BIG

pytestmark = pytest.mark.browser

SCREENS = {"720p": (1280, 720), "1080p": (1920, 1080)}
STEPS = lesson.default().steps  # presenter mode walks the built-in lesson
# off against on, learned against random, before and after the swap; else 1
CHARTS_PER_STEP = {"softmax_sums": 2, "learned_vs_random": 2, "one_word_changes": 2}
# one bar per word (or candidate): no number in a cell to measure
BARS = {"query_match", "longest_term", "next_word"}
PROBE_WORDS = 6  # the training step watches page 7's probe, not the sentence
FRAME = {"real_head": 2, "story_head": 1}  # MiniLM adds [CLS] and [SEP]; SmolLM2 ⟨start⟩
MEASURE = """() => {
    const main = document.querySelector("[data-testid='stMain']");
    const numbers = [...document.querySelectorAll(
        "[data-testid='stVegaLiteChart'] g.role-mark text")];
    const fonts = numbers.map(e => parseFloat(getComputedStyle(e).fontSize));
    const boxes = numbers.map(e => e.getBoundingClientRect().height);
    return {
        document: document.scrollingElement.scrollHeight, inner: innerHeight,
        main: main.scrollHeight, mainClient: main.clientHeight,
        font: fonts.length ? Math.min(...fonts) : null,
        box: boxes.length ? Math.min(...boxes) : null,
    };
}"""


@pytest.fixture
def projector(contexts: Contexts, request: pytest.FixtureRequest) -> Iterator[tuple[Page, str]]:
    """A page of the screen named by the test's parameter."""
    width, height = SCREENS[request.param]
    page = contexts.page(viewport={"width": width, "height": height}, locale="en-US")
    try:
        yield page, request.param
    finally:
        contexts.release(page)


def _button(page: Page, key: str):
    return page.locator(f".st-key-{key} button:visible")


# The worked example (4 words) is smaller than the default sentence: where the default fits a
# 1920 x 1080 screen the example does, so the larger screen is walked with the default alone.
@pytest.mark.parametrize(
    ("projector", "example"),
    [("720p", False), ("720p", True), ("1080p", False)],
    ids=["720p-default", "720p-worked_example", "1080p-default"],
    indirect=["projector"],
)
def test_every_presenter_step_fits_the_screen(
    projector: tuple[Page, str], app_url: str, example: bool
) -> None:
    page, screen = projector
    open_app(page, app_url, "present", {"ask": "0"})  # the charts themselves, no questions
    expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
    if example:
        _button(page, "present_example").click()
        wait_idle(page)
        expect(_button(page, "present_restore")).to_have_count(1)
    words = 4 if example else len(DEFAULT_TEXT.split())
    for i, step in enumerate(STEPS):
        name = step.id
        if i:
            _button(page, "present_next").click()
            expect_param(page, "lesson", str(i))
        else:
            assert url_params(page).get("lesson", "0") == "0"
        wanted = CHARTS_PER_STEP.get(name, 1)
        rows = PROBE_WORDS if step.training else words + FRAME.get(name, 0)
        at_least(charts(page), wanted)
        if name not in BARS:
            cells = charts(page).locator("g.role-mark text")
            at_least(cells, wanted * rows)  # every cell of every chart has its number
        no_exception(page)
        m = page.evaluate(MEASURE)
        where = f"step {i} ({name}) on {screen}: {m}"
        assert m["document"] <= m["inner"], where
        assert m["main"] <= m["mainClient"], where
        if screen == "720p" and name not in BARS:
            assert m["font"] >= FONT_MIN_BIG, where
            assert m["box"] >= FONT_MIN_BIG, where


def test_typing_a_minus_sign_in_one_go(tab: Page, app_url: str) -> None:
    enc = pipeline(default_model(), DEFAULT_TEXT).key_side
    b = int(np.flatnonzero(enc.k[:, 0] > 0)[0])  # a key whose first number is positive
    open_app(tab, app_url, "dot-product", {"a": "5", "b": str(b)})
    folded = tab.get_by_test_id("stExpander").filter(has_text=en("edit_vectors"))
    folded.locator("summary").click()  # folded until a vector is typed: the result comes first
    box = tab.locator(".st-key-va_box input")
    box.click()
    box.press("Control+a")
    typed = "-3, " + ", ".join(f"{x:g}" for x in enc.q[5, 1:])
    box.press_sequentially(typed)
    box.press("Enter")
    wait_idle(tab)
    no_exception(tab)
    expect(box).to_have_value(typed)
    expect_param(tab, "va", typed)
    a = np.array([float(x) for x in typed.split(",")])
    dot = float(a @ enc.k[b])
    value = tab.get_by_test_id("stMetricValue").first
    expect(value).to_have_text(f"{dot:.4f}")
    table = charts(tab).first  # the page's first chart: A, B and A × B, a row each
    fields = {en("ax_token"): "002|A × B", en("ax_dim"): "000|0"}
    first = number(cell_fields(find_cell(table, **fields))[en("ax_value")])
    assert first == pytest.approx(-3 * float(enc.k[b, 0]), abs=1e-4)
    assert first < 0, "A's first number is negative and B's positive: their term is negative"
