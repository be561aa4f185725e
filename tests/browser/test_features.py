"""The app's bigger features in a real browser: a real model's heads, sharing,
downloads, presenter mode, comparing and the glossary.

Run: `.venv/bin/python -m pytest tests/browser/test_features.py -q`. Needs Debian's Chromium at
/usr/bin/chromium (see tests/browser/conftest.py). Expected texts come from ui/i18n.py and
expected numbers from core/, so the tests follow the translations and the maths.
"""

from __future__ import annotations

import ast
import csv
import io
import json
import math
import re
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import numpy as np
import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError

from app_pages.compare.params import CMP_A, CMP_B
from app_pages.glossary.texts import GLOSSARY
from core.attention import AttentionSettings
from core.models import ToyConfig, ToyModel
from core.models.e5 import E5_STORY_HEAD, load_e5
from core.pipeline import pipeline
from core.pretrained import MiniLM, MiniLMResult
from core.story import TEACHER_HEADS, TEACHER_LAYER
from core.tokenize import MAX_TOKENS, tokenize
from lessons import lesson
from tests.apptest_utils import MENU, PAGE_PARAMS, default_model, page_file
from tests.browser.helpers import (
    IDLE,
    MARKS,
    RUN_TIMEOUT,
    SETTLE,
    axis_labels,
    cell_fields,
    cells,
    chart,
    chart_download,
    charts,
    charts_titled,
    choose_option,
    drawn_tokens,
    en,
    expect_param,
    menu_link,
    no_exception,
    number,
    open_app,
    sidebar,
    title,
    url_params,
    url_path,
    wait_idle,
    wait_loaded,
)
from ui.i18n import TEXTS
from ui.settings import DEFAULT_MODEL, DEFAULT_TEXT, DEFAULT_TEXTS

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]
# a shared 2-CPU machine can take seconds to mount and draw a chart: wait up to 15 s, not 5
expect.set_options(timeout=15_000)

DEFAULT_TIMEOUT = 20_000  # ms: any single Playwright wait, as in conftest.py
REPO = Path(__file__).resolve().parents[2]
LANGS = ["en", "zh"]
VALUE_TOL = 5e-5  # chart numbers (Vega's aria-labels keep 12 digits) vs core: 4 decimals


def tr(lang: str, key: str, **kwargs: object) -> str:
    text = TEXTS[key][lang]
    return text.format(**kwargs) if kwargs else text


def lang_params(lang: str, **params: str) -> dict[str, str]:
    return {**params, "lang": "zh"} if lang == "zh" else params


def exactly(text: str) -> re.Pattern[str]:
    return re.compile("^" + re.escape(text) + "$")


def page_constant(file: str, name: str) -> object:
    """A literal constant of a page script, read without running the page."""
    tree = ast.parse((REPO / file).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == name for target in node.targets
        ):
            return ast.literal_eval(node.value)
    raise AssertionError(f"no constant {name} in {file}")


def heading(page: Page, text: str) -> Locator:
    """Subheaders (h3) whose text is exactly `text`."""
    return page.locator("h3").filter(has_text=exactly(text))


def heat(
    one_chart: Locator, lang: str, value_key: str, **values: object
) -> dict[tuple[str, str], float]:
    """A word-by-word heatmap's cells: {(query id, key id): value}, ids like "002|cat";
    `value_key` (with `values`) names the value, as the chart's legend does."""
    labels = cells(one_chart).evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    row, col, value = tr(lang, "ax_query"), tr(lang, "ax_key"), tr(lang, value_key, **values)
    found = {}
    for label in labels:
        fields = dict(part.split(": ", 1) for part in (label or "").split("; ") if ": " in part)
        found[(fields[row], fields[col])] = number(fields[value])
    return found


def as_matrix(cells_by_id: dict[tuple[str, str], float], n_rows: int, n_cols: int) -> np.ndarray:
    """Cells keyed by "007|word" ids -> an [n_rows, n_cols] array in id order."""
    matrix = np.full((n_rows, n_cols), np.nan)
    for (r, c), value in cells_by_id.items():
        matrix[int(r.split("|", 1)[0]), int(c.split("|", 1)[0])] = value
    assert not np.isnan(matrix).any(), f"missing cells in {sorted(cells_by_id)}"
    return matrix


def assert_close(shown: np.ndarray, expected: np.ndarray, tol: float = VALUE_TOL) -> None:
    assert shown.shape == expected.shape, (shown.shape, expected.shape)
    worst = float(np.max(np.abs(shown - expected))) if shown.size else 0.0
    assert worst <= tol, f"largest difference {worst:.3g} > {tol}:\n{shown}\nvs\n{expected}"


def eventually(check: Callable[[], None], timeout: float = 15.0) -> None:
    """Retry `check` until it passes: a chart may be redrawn a moment after its run ended."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            check()
            return
        except (AssertionError, PlaywrightError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def follow_menu(page: Page, path: str, page_title: str) -> None:
    """Go to another page through the sidebar menu: the same session, so the same state."""
    menu_link(page, path).click()
    expect(title(page)).to_contain_text(page_title, timeout=RUN_TIMEOUT)
    wait_idle(page)


def share_panel(page: Page, lang: str) -> Locator:
    """The sidebar's "Share and export" expander, opened."""
    panel = sidebar(page).get_by_test_id("stExpander").filter(has_text=tr(lang, "share_heading"))
    expect(panel).to_have_count(1)
    if panel.locator("details").get_attribute("open") is None:
        panel.locator("summary").click()
    expect(panel.get_by_test_id("stCode")).to_be_visible()
    return panel


@cache
def minilm_default(lang: str = "en") -> MiniLMResult:
    """The real model's forward pass over the example sentence in `lang`, computed here by core."""
    return MiniLM.load().run(DEFAULT_TEXTS[lang], max_tokens=MAX_TOKENS)


# ---- 1. a real model: the 6 x 12 grid of heads -------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_real_model_grid_opens_a_head(tab: Page, app_url: str, lang: str) -> None:
    """English opens on MiniLM at the default model's teacher, Chinese on e5 at its story
    head; a click on the grid opens another head of the same model."""
    layer, head = 2, 5
    if lang == "en":
        name, n_layers, keys, frame = "all-MiniLM-L6-v2", 6, ("layer", "head"), ("[CLS]", "[SEP]")
        opening = {"layer": TEACHER_LAYER, "head": TEACHER_HEADS[0]}
        expected = minilm_default(lang)
    else:
        name, n_layers, keys, frame = (
            "multilingual-e5-small",
            12,
            ("elayer", "ehead"),
            ("<s>", "</s>"),
        )
        opening = dict(zip(("layer", "head"), E5_STORY_HEAD, strict=True))
        expected = load_e5().run(DEFAULT_TEXTS[lang], max_tokens=MAX_TOKENS)
    specials = {"start": frame[0], "end": frame[1]}
    open_app(tab, app_url, "real-model", lang_params(lang))
    expect(title(tab)).to_contain_text(tr(lang, "nav_real"))
    no_exception(tab)
    grid = chart(tab, tr(lang, "real_grid", model=name))
    images = grid.locator("g.mark-image image")
    expect(images).to_have_count(n_layers * 12)
    expect(heading(tab, tr(lang, "real_head", **opening))).to_have_count(1)
    xs, ys = axis_labels(grid, "X"), axis_labels(grid, "Y")
    assert xs == [str(h) for h in range(12)], xs
    assert ys == [str(ly) for ly in range(n_layers)], ys

    # the point in the column labelled 5 and the row labelled 2 is head 2 · 5's picture
    picture = f"{tr(lang, 'ax_layer_head')}: {layer} · {head};"  # in its tooltip and aria-label
    target = grid.locator(f"g.mark-image image[aria-label*='{picture}']")
    expect(target).to_have_count(1)
    target.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
    x_label = grid.locator("g.role-axis[aria-label^='X-axis'] g.role-axis-label text").nth(head)
    y_label = grid.locator("g.role-axis[aria-label^='Y-axis'] g.role-axis-label text").nth(layer)
    x_box, y_box = x_label.bounding_box(), y_label.bounding_box()
    assert x_box is not None and y_box is not None
    x, y = x_box["x"] + x_box["width"] / 2, y_box["y"] + y_box["height"] / 2
    under = tab.evaluate(
        "([x, y]) => { const e = document.elementFromPoint(x, y);"
        " return e ? [e.tagName, e.getAttribute('aria-label') || ''] : null; }",
        [x, y],
    )
    assert under is not None and under[0] == "image", under
    assert picture in under[1], under

    tab.mouse.click(x, y)
    wait_idle(tab)

    expect(heading(tab, tr(lang, "real_head", layer=layer, head=head))).to_have_count(1)
    expect(heading(tab, tr(lang, "real_head", **opening))).to_have_count(0)
    # the layer and head pickers sit beside the grid, in the part the click re-ran, and not
    # in the sidebar (which that re-run does not redraw)
    main = tab.get_by_test_id("stMain")
    layer_label = tr(lang, "layer", hi=n_layers - 1)
    expect(main.get_by_label(layer_label)).to_have_value(str(layer))
    expect(main.get_by_label(tr(lang, "head", hi=11))).to_have_value(str(head))
    expect(sidebar(tab).get_by_label(layer_label)).to_have_count(0)
    params = url_params(tab)
    assert (params.get(keys[0]), params.get(keys[1])) == (str(layer), str(head)), tab.url
    # the yellow frame moved to the chosen picture
    grid = chart(tab, tr(lang, "real_grid", model=name))
    frames = grid.locator("g.mark-rect path[aria-roledescription='rect mark']")
    expect(frames).to_have_count(1)
    assert cell_fields(frames.first) == {
        tr(lang, "ax_head"): str(head),
        tr(lang, "ax_layer"): str(layer),
    }
    # and the heatmaps below show that head's attention, as core computes it
    tokens = list(expected.tokens)
    assert (tokens[0], tokens[-1]) == frame, tokens
    chosen = np.asarray(expected.weights[layer, head], dtype=float)  # [n, n]

    def head_drawn(words: list[str], matrix: np.ndarray) -> None:
        # a tab is drawn once chosen (ui/fold.py): the weights' tab, then the scores' tab
        tab.get_by_role("tab", name=tr(lang, "real_tab_weights")).click()
        for key in ("m_weights_raw", "m_weights_soft"):
            one = chart(tab, tr(lang, key))
            assert axis_labels(one, "X") == words and axis_labels(one, "Y") == words, key
        weights = chart(tab, tr(lang, "m_weights_soft"))
        shown = as_matrix(heat(weights, lang, "ax_weight"), len(words), len(words))
        assert_close(shown, matrix, tol=1e-4)
        tab.get_by_role("tab", name=tr(lang, "real_tab_scores")).click()
        scores = charts_titled(tab, tr(lang, "m_scores", steps=tr(lang, "step_scale")))
        expect(scores).to_have_count(1)
        assert axis_labels(scores.first, "X") == words and axis_labels(scores.first, "Y") == words

    eventually(lambda: head_drawn(tokens, chosen))
    no_exception(tab)

    # hiding [CLS] and [SEP] (<s> and </s>) takes them out of the head's charts, nothing else
    tab.get_by_text(tr(lang, "hide_specials", **specials), exact=True).click()
    wait_idle(tab)
    expect(tab.get_by_role("switch", name=tr(lang, "hide_specials", **specials))).to_be_checked()
    expect_param(tab, "nospecial", "1")
    expect(heading(tab, tr(lang, "real_head", layer=layer, head=head))).to_have_count(1)
    kept = chosen[1:-1, 1:-1]
    renormalised = kept / kept.sum(axis=1, keepdims=True)  # each row over the words left
    eventually(lambda: head_drawn(tokens[1:-1], renormalised))
    every_label = charts(tab).locator("g.role-axis-label text").all_text_contents()
    assert frame[0] not in every_label and frame[1] not in every_label
    no_exception(tab)


# ---- 3. the share link restores the same view in another browser ------------------------------


def view_of(page: Page, lang: str) -> dict[str, object]:
    """What a visitor sees: title, sentence, kind of attention, and the first two heatmaps in
    view (an open share panel builds the hidden tabs too: ui/fold.py)."""
    heatmaps = charts(page).filter(visible=True)
    expect(heatmaps.nth(1).locator(MARKS).first).to_be_attached()
    kinds = page.get_by_role("radiogroup", name=tr(lang, "kind"))
    view: dict[str, object] = {
        "title": title(page).inner_text().strip(),
        "sentence": sidebar(page).get_by_label(tr(lang, "sentence")).input_value(),
        "kind": kinds.locator("[aria-checked='true']").all_text_contents(),
        "scale": page.get_by_role("switch", name=tr(lang, "scale")).is_checked(),
    }
    for i in range(2):
        one = heatmaps.nth(i)
        view[f"chart {i}"] = {
            "title": one.locator("g.role-title text").all_text_contents(),
            "x": axis_labels(one, "X"),
            "y": axis_labels(one, "Y"),
            "cells": sorted(
                cells(one).evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
            ),
        }
    return view


def _same(seen: object, wanted: object) -> None:
    assert seen == wanted


def test_share_link_restores_the_view(
    tab: Page, app_url: str, chromium: Browser, request: pytest.FixtureRequest
) -> None:
    lang = "zh"
    sentence = "小狗追球 and the cat sat"
    params = {"kind": "causal", "softmax": "0", "temp": "0.5", "text": sentence, "lang": lang}
    open_app(tab, app_url, "score", params)
    expect(title(tab)).to_contain_text(tr(lang, "nav_score"))
    # one more change made on the page, after the link was opened: the share link must follow
    tab.get_by_text(tr(lang, "scale"), exact=True).click()
    wait_idle(tab)
    expect(tab.get_by_role("switch", name=tr(lang, "scale"))).not_to_be_checked()
    no_exception(tab)

    code = share_panel(tab, lang).get_by_test_id("stCode").locator("code")
    link = code.inner_text().strip()
    parsed = urlparse(link)
    assert f"{parsed.scheme}://{parsed.netloc}" == app_url, link
    assert parsed.path == "/score", link
    shared = {k: v[-1] for k, v in parse_qs(parsed.query).items()}
    assert shared == {**params, "scale": "0", "src": DEFAULT_MODEL}, shared  # the model always
    view = view_of(tab, lang)
    assert view["title"] == tr(lang, "nav_score")
    assert view["sentence"] == sentence
    assert view["kind"] == [tr(lang, "kind_causal")]
    assert view["chart 0"]["x"] == drawn_tokens(sentence)  # type: ignore[index]

    other = chromium.new_context(viewport={"width": 1600, "height": 1000}, locale="en-US")
    other.set_default_timeout(DEFAULT_TIMEOUT)
    try:
        visitor = other.new_page()
        visitor.goto(link)
        wait_loaded(visitor)
        time.sleep(SETTLE)
        no_exception(visitor)
        eventually(lambda: _same(view_of(visitor, lang), view))
        expect_param(visitor, "lang", lang)  # Chinese although the browser is English
    finally:
        other.close()


# ---- 4. downloads: a chart's CSV and every matrix as JSON ---------------------------------------


def test_csv_download_equals_the_chart(tab: Page, app_url: str) -> None:
    lang = "en"
    sentence = "the cat saw the other cat"
    open_app(tab, app_url, "score", {"text": sentence})
    tokens = drawn_tokens(sentence)
    expected = pipeline(default_model(), sentence)
    for chart_title, value_key, matrix in (
        (tr(lang, "m_factor"), "ax_score", expected.attention.factor),
        (tr(lang, "m_weights_soft"), "ax_weight", expected.attention.weights),
    ):
        one = chart(tab, chart_title)
        xs, ys = axis_labels(one, "X"), axis_labels(one, "Y")
        assert xs == ys == tokens
        shown = heat(one, lang, value_key)
        button = chart_download(tab, one, tr(lang, "csv"))
        with tab.expect_download() as download:
            button.click()
        path = download.value.path()
        assert download.value.suggested_filename.endswith(".csv")
        rows = list(csv.reader(io.StringIO(Path(path).read_text(encoding="utf-8"))))
        assert rows[0] == ["", *xs], rows[0]
        assert [r[0] for r in rows[1:]] == ys
        table = np.array([[float(v) for v in r[1:]] for r in rows[1:]])
        assert table.shape == (len(ys), len(xs))
        for i in range(len(ys)):
            for j in range(len(xs)):
                cell = shown[(f"{i:03d}|{ys[i]}", f"{j:03d}|{xs[j]}")]
                assert math.isclose(table[i, j], cell, abs_tol=VALUE_TOL), (i, j, table[i, j], cell)
        assert_close(table, matrix, tol=1e-9)  # and exactly core's numbers
    no_exception(tab)


def test_json_download_equals_core(tab: Page, app_url: str) -> None:
    lang = "en"
    sentence = "Attention lets every word look at every other word"
    params = {
        "text": sentence,
        "softmax": "0",
        "temp": "0.5",
        "d_model": "6",
        "d_k": "3",
        "seed": "7",
    }
    open_app(tab, app_url, "score", params)
    expect(title(tab)).to_contain_text(tr(lang, "nav_score"))
    panel = share_panel(tab, lang)
    button = panel.get_by_test_id("stDownloadButton").get_by_role("button")
    button = button.filter(has_text=tr(lang, "export_json"))  # the page as HTML is there too
    expect(button).to_contain_text(tr(lang, "export_json"))
    with tab.expect_download() as download:
        button.click()
    doc = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))

    config = ToyConfig(d_model=6, d_k=3, seed=7, positional=True)
    expected = pipeline(
        ToyModel(config), sentence, AttentionSettings(use_softmax=False, temperature=0.5)
    )
    assert doc["tokens"] == list(expected.tokens) == list(tokenize(sentence).tokens)
    settings = doc["settings"]
    model = settings["model"]
    assert (settings["text"], model["d_model"], model["d_k"], model["seed"]) == (sentence, 6, 3, 7)
    assert settings["attention"]["use_softmax"] is False
    assert settings["attention"]["temperature"] == 0.5
    weights = np.array(doc["weights"], dtype=float)
    assert_close(weights, expected.attention.weights, tol=1e-9)
    assert_close(np.array(doc["scores"], dtype=float), expected.attention.scores, tol=1e-9)
    no_exception(tab)


# ---- 5. presenter mode ---------------------------------------------------------------------------


STEPS = lesson.default().steps  # presenter mode walks the built-in lesson's steps
EXAMPLE: str = page_constant(page_file("present"), "EXAMPLE")  # type: ignore[assignment]


def button(page: Page, key: str) -> Locator:
    """A page button by its widget key (Streamlit puts the key in a class).

    A button with help text is drawn twice, once hidden (to measure it): take the visible one.
    """
    return page.locator(f".st-key-{key} button:visible")


def on_step(page: Page, lang: str, i: int) -> None:
    """Presenter mode shows step i (0-based): the counter, the strip, the link, the buttons."""
    counter = tr(lang, "present_counter", number=i + 1, n=len(STEPS))
    expect(page.get_by_text(counter, exact=True)).to_be_visible()
    lit = page.get_by_test_id("stMain").locator("span.stMarkdownColoredBackground")
    expect(lit).to_have_count(1)
    expect(lit).to_have_text(tr(lang, f"kind_short_{STEPS[i].id}"))
    assert url_params(page).get("lesson", "0") == str(i), page.url
    back, forward = expect(button(page, "present_back")), expect(button(page, "present_next"))
    if i == 0:
        back.to_be_disabled()
    else:
        back.to_be_enabled()
    if i == len(STEPS) - 1:
        forward.to_be_disabled()
    else:
        forward.to_be_enabled()
    no_exception(page)


def _labels_are(one_chart: Locator, axis: str, wanted: list[str]) -> None:
    assert axis_labels(one_chart, axis) == wanted


def test_presenter_mode_steps_and_worked_example(tab: Page, app_url: str) -> None:
    lang = "en"
    mine = "a small dog ran far away"
    open_app(tab, app_url, "present", {"text": mine, "ask": "0"})
    expect(title(tab)).to_contain_text(tr(lang, "nav_present"))
    for key in ("present_back", "present_next"):  # an icon's name, then the label
        expect(button(tab, key)).to_have_text(re.compile(re.escape(tr(lang, key)) + "$"))
    on_step(tab, lang, 0)
    for i in (1, 2):
        button(tab, "present_next").click()
        wait_idle(tab)
        on_step(tab, lang, i)
    button(tab, "present_back").click()
    wait_idle(tab)
    on_step(tab, lang, 1)

    # the lesson's recap: one heatmap of the sentence's weights, its words down
    recap = [step.id for step in STEPS].index("what_moves")
    open_app(tab, app_url, "present", {"text": mine, "lesson": str(recap), "ask": "0"})
    on_step(tab, lang, recap)
    assert axis_labels(chart(tab, tr(lang, "m_weights_soft")), "Y") == mine.split()

    example = button(tab, "present_example")
    expect(example).to_contain_text(tr(lang, "present_example"))
    example.click()
    wait_idle(tab)
    on_step(tab, lang, recap)  # the step stays
    box = sidebar(tab).get_by_label(tr(lang, "sentence"))
    expect(box).to_have_value(EXAMPLE)
    expect_param(tab, "text", EXAMPLE)

    def example_drawn() -> None:
        words = axis_labels(chart(tab, tr(lang, "m_weights_soft")), "Y")
        assert words == list(tokenize(EXAMPLE).tokens) and len(words) == 4

    eventually(example_drawn)
    expect(example).to_have_count(0)

    restore = button(tab, "present_restore")
    expect(restore).to_contain_text(tr(lang, "present_restore"))
    restore.click()
    wait_idle(tab)
    expect(box).to_have_value(mine)
    expect_param(tab, "text", mine)
    eventually(lambda: _labels_are(chart(tab, tr(lang, "m_weights_soft")), "Y", mine.split()))
    expect(restore).to_have_count(0)
    expect(button(tab, "present_example")).to_have_count(1)
    no_exception(tab)


# ---- 6. compare, and the glossary's links ------------------------------------------------------


def test_compare_sentences_and_settings(tab: Page, app_url: str) -> None:
    lang = "en"
    open_app(tab, app_url, "compare")
    expect(title(tab)).to_contain_text(tr(lang, "nav_compare"))
    what = tr(lang, "cmp_kind_weights")
    expect(charts(tab)).to_have_count(3)  # A, B and their difference, aligned by position
    a_chart = chart(tab, tr(lang, "cmp_label_a", what=what))
    b_chart = chart(tab, tr(lang, "cmp_label_b", what=what))
    a_tokens = drawn_tokens(PAGE_PARAMS[CMP_A].default)
    b_tokens = drawn_tokens(PAGE_PARAMS[CMP_B].default)
    assert axis_labels(a_chart, "X") == a_tokens and axis_labels(b_chart, "X") == b_tokens
    diff_chart = chart(tab, tr(lang, "cmp_diff_title", what=what))
    labels = [x if x == y else f"{x}/{y}" for x, y in zip(a_tokens, b_tokens, strict=True)]
    assert axis_labels(diff_chart, "X") == labels
    n = len(a_tokens)
    a = pipeline(default_model(), PAGE_PARAMS[CMP_A].default).attention.weights
    b = pipeline(default_model(), PAGE_PARAMS[CMP_B].default).attention.weights
    difference = heat(diff_chart, lang, "cmp_diff_legend", what=what)  # the legend says so
    assert_close(as_matrix(difference, n, n), b - a, tol=2 * VALUE_TOL)
    no_exception(tab)

    open_app(tab, app_url, "compare", {"cmp": "settings", "cmps": "softmax"})
    expect(charts(tab)).to_have_count(2)  # weights vs scores: never subtracted
    expect(tab.get_by_test_id("stAlert").filter(has_text="different kinds")).to_have_count(1)
    a_chart = chart(tab, tr(lang, "cmp_label_a", what=what))
    b_chart = chart(tab, tr(lang, "cmp_label_b", what=tr(lang, "cmp_kind_scores")))
    tokens = drawn_tokens(DEFAULT_TEXT)
    n = len(tokens)
    on, off = (
        pipeline(default_model(), DEFAULT_TEXT),
        pipeline(default_model(), DEFAULT_TEXT, AttentionSettings(use_softmax=False)),
    )
    assert_close(as_matrix(heat(a_chart, lang, "ax_weight"), n, n), on.attention.weights)
    assert_close(as_matrix(heat(b_chart, lang, "ax_score"), n, n), off.attention.weights)
    no_exception(tab)


# the pages glossary terms link to (a page's title is its menu label, so no other keys)
LINKED_PAGES = {"input", "rows", "weights", "score", "roles", "dot-product", "real-model"}
ROW_CONTENTS = """rows => rows.map(row => ({
    columns: [...row.querySelectorAll("[data-testid='stColumn']")].map(c => c.innerText.trim()),
    links: [...row.querySelectorAll("a")].map(a => [a.getAttribute("href"), a.innerText.trim()]),
}))"""
# page links whose text does not fit: the link, or anything inside it, is wider than its box
CLIPPED_LINKS = """links => links
    .filter(a => [a, ...a.querySelectorAll("*")].some(e => e.scrollWidth > e.clientWidth + 1))
    .map(a => a.innerText.trim())"""


def glossary_table(tab: Page) -> tuple[Locator, Locator]:
    """The glossary's rows (a header, then one a term) and its page links, all drawn."""
    rows = tab.get_by_test_id("stMain").get_by_test_id("stHorizontalBlock")
    expect(rows).to_have_count(len(GLOSSARY) + 1)
    links = tab.get_by_test_id("stMain").get_by_test_id("stPageLink").locator("a")
    # a page link is drawn lazily (a skeleton first): wait for all of them
    expect(links).to_have_count(len(GLOSSARY))
    return rows, links


def test_glossary_links_open_their_pages(tab: Page, app_url: str) -> None:
    lang = "zh"
    by_file = {p.script: p for p in MENU}
    open_app(tab, app_url, "glossary", {"lang": lang})
    expect(title(tab)).to_contain_text(tr(lang, "nav_glossary"))
    rows, _ = glossary_table(tab)
    shown = rows.evaluate_all(ROW_CONTENTS)  # one round trip for the whole table
    first_link: dict[str, int] = {}
    for i, (term_id, english, chinese, file) in enumerate(GLOSSARY, start=1):
        spec = by_file[file]
        row = shown[i]
        assert row["columns"][:2] == [english, chinese], row
        assert row["columns"][2].startswith(tr(lang, f"gloss_{term_id}")), row  # then the link
        assert len(row["links"]) == 1, row
        href, label = row["links"][0]
        see = tr(lang, "glossary_see", page=tr(lang, spec.label_key))
        assert label.endswith(see), row  # after the arrow icon's name
        assert urlparse(href).path.strip("/").split("/")[-1] == spec.url_path, (term_id, href)
        first_link.setdefault(spec.url_path, i)
    assert set(first_link) == LINKED_PAGES, sorted(first_link)

    for path, i in first_link.items():  # follow one link to each page, in this session
        rows.nth(i).locator("a").click()
        # no charts are read here: the new page's title, then the end of its run, is enough
        label_key = next(p.label_key for p in MENU if p.url_path == path)
        expect(title(tab)).to_contain_text(tr(lang, label_key), timeout=RUN_TIMEOUT)
        tab.wait_for_selector(IDLE, timeout=RUN_TIMEOUT)
        assert url_path(tab) == path
        expect_param(tab, "lang", lang)
        no_exception(tab)
        menu_link(tab, "glossary").click()
        expect(title(tab)).to_contain_text(tr(lang, "nav_glossary"), timeout=RUN_TIMEOUT)
        tab.wait_for_selector(IDLE, timeout=RUN_TIMEOUT)
        expect(rows).to_have_count(len(GLOSSARY) + 1)


# ---- 7. regressions: two bugs these tests found (fixed in 1979922) ------------------------------


def test_real_model_subtitles_name_the_real_model(tab: Page, app_url: str) -> None:
    """The charts of /real-model say MiniLM and its layer and head, not the sidebar's toy."""
    open_app(tab, app_url, "real-model", {"layer": "2", "head": "5"})
    lines = chart(tab, en("m_weights_soft")).locator("g.role-title text").all_text_contents()
    assert any(en("ctx_minilm", layer=2, head=5) in line for line in lines), lines


def test_a_pick_in_a_part_of_the_page_keeps_the_open_share_link_true(tab: Page, app_url: str):
    # picking a query word re-runs only that part of page 5 (a fragment); with the share panel
    # open, the whole page is drawn again so the panel's link names the new word
    open_app(tab, app_url, "roles")
    code = share_panel(tab, "en").get_by_test_id("stCode").locator("code")
    assert "query=" in code.inner_text()  # the default query, the last word
    main = tab.get_by_test_id("stMain")
    choose_option(tab, main.get_by_test_id("stSelectbox").first, "2: cat")
    wait_idle(tab)
    no_exception(tab)
    expect_param(tab, "query", "2")
    expect(code).to_contain_text("query=2")
    expect(charts_titled(tab, en("roles_weights", word="cat"))).to_have_count(1)

    # closed, the panel draws nothing: reopened, it shows the link of the page as it is now
    share_panel(tab, "en").locator("summary").click()
    wait_idle(tab)
    choose_option(tab, main.get_by_test_id("stSelectbox").first, "3: drank")
    wait_idle(tab)
    expect_param(tab, "query", "3")
    expect(share_panel(tab, "en").get_by_test_id("stCode").locator("code")).to_contain_text(
        "query=3"
    )
