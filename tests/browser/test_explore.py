"""The query–key map, the head atlas and change one word in a real browser.

Run: `.venv/bin/python -m pytest tests/browser/test_explore.py -q -m browser`. Expected texts come
from ui/i18n.py and expected numbers from core/.
"""

from __future__ import annotations

from functools import cache

import pytest
from playwright.sync_api import Browser, Page, expect

from app_pages.qk_map.charts import LINKS_MARK
from app_pages.variant.params import DEFAULT_VARIANT_TEXT
from core.atlas import SENTENCES, atlas
from core.models.e5 import load_e5
from core.pretrained import MiniLM
from core.qkmap import top_keys
from core.variant import variant
from tests.browser.helpers import (
    chart,
    find_cell,
    no_exception,
    open_app,
    point_at,
    sidebar,
    title,
    wait_idle,
)
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXT, DEFAULT_TEXTS

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]
expect.set_options(timeout=20_000)  # a loaded 2-CPU machine can take seconds to draw a chart

LANGS = ["en", "zh"]


def tr(lang: str, key: str, **kwargs: object) -> str:
    text = TEXTS[key][lang]
    return text.format(**kwargs) if kwargs else text


@cache
def minilm() -> MiniLM:
    return MiniLM.load()


def test_qk_map_links_the_query_to_its_top_keys(tab: Page, app_url: str) -> None:
    """MiniLM layer 2, head 5, query 3: three dashed lines, one from each of core's top-3 keys,
    labelled with its weight."""
    open_app(tab, app_url, "qk-map", {"src": "pretrained", "layer": "2", "head": "5", "qkq": "3"})
    no_exception(tab)
    one = chart(tab, tr("en", "qk_map_title"))
    links = f"g.mark-rule.{LINKS_MARK}_marks"
    rules = one.locator(f"{links} line, {links} path")
    expect(rules).to_have_count(3)
    weights = minilm().run(DEFAULT_TEXT).weights[2, 5, 3]
    expected = [f"{weights[j]:.2f}" for j in top_keys(weights, 3)]
    texts = one.locator("g.mark-text.role-mark text").evaluate_all(
        "els => els.map(e => e.textContent)"
    )
    assert texts[:3] == expected, texts


# Page 6b on a 1280 × 720 projector (issue 18): what lies above the map, and how it reads.
QK_FIRST_SCREEN = """() => {
    const main = document.querySelector("[data-testid='stMain']");
    const chart = main.querySelector("[data-testid='stVegaLiteChart']").getBoundingClientRect();
    const h1 = main.querySelector("h1").getBoundingClientRect();
    const sizes = (css) => [...main.querySelectorAll(css)]
        .map(e => parseFloat(getComputedStyle(e).fontSize));
    return {
        top: chart.top, above: chart.top - h1.bottom, height: main.scrollHeight,
        labels: sizes("g.role-axis-label text, g.role-mark text, g.role-legend-label text"),
    };
}"""
QK_ABOVE = 120  # px at most between the title and the map: two lines of text and a caption
QK_PAGE_HEIGHT = 2160  # px: three 720 px screens at most (details fold into an expander)
QK_FONT_MIN = 14  # px: axis labels, token and weight labels on the map, legend


@pytest.mark.parametrize("lang", LANGS)
def test_qk_map_fits_a_projector(chromium: Browser, app_url: str, lang: str) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 720}, locale="en-US")
    try:
        tab = context.new_page()
        open_app(tab, app_url, "qk-map", {"lang": lang})
        no_exception(tab)
        chart(tab, tr(lang, "qk_map_title"))
        found = tab.evaluate(QK_FIRST_SCREEN)
        assert found["top"] < 720 and found["above"] <= QK_ABOVE, found
        assert found["height"] <= QK_PAGE_HEIGHT, found
        assert min(found["labels"]) >= QK_FONT_MIN, found
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_atlas_click_chooses_a_head(tab: Page, app_url: str, lang: str) -> None:
    """English opens on MiniLM's 6 x 12 heads, Chinese on e5's 12 x 12 (the model that reads
    it): a click chooses a head of that model, in the sidebar and the link to its page."""
    layer, head = 3, 7
    en = lang == "en"
    model, name = (minilm(), "all-MiniLM-L6-v2") if en else (load_e5(), "multilingual-e5-small")
    n_layers = model.config.n_layers
    open_app(tab, app_url, "atlas", {"lang": lang})
    no_exception(tab)
    grid = chart(tab, tr(lang, "atlas_grid", model=name))
    cells = grid.locator("g.mark-rect path[aria-roledescription='rect mark']")
    expect(cells).to_have_count(n_layers * 12 + 1)  # every head, and the chosen one's frame
    target = find_cell(grid, **{tr(lang, "ax_layer"): str(layer), tr(lang, "ax_head"): str(head)})
    x, y = point_at(tab, target)
    tab.mouse.click(x, y)
    wait_idle(tab)
    no_exception(tab)
    layer_label = tr(lang, "layer", hi=n_layers - 1)
    expect(sidebar(tab).get_by_label(layer_label)).to_have_value(str(layer))
    expect(sidebar(tab).get_by_label(tr(lang, "head", hi=11))).to_have_value(str(head))
    text = DEFAULT_TEXT if en else DEFAULT_TEXTS["zh"]
    label = atlas(model, (*SENTENCES, text)).labels[layer][head]
    frame = {"cls": "[CLS]", "sep": "[SEP]"} if en else {"cls": "<s>", "sep": "</s>"}
    shown = frame.get(label) or tr(lang, f"atlas_b_{label}")
    link_text = tr(lang, "atlas_open_real", layer=layer, head=head, label=shown)
    link = tab.get_by_test_id("stPageLink").filter(has_text=link_text)
    expect(link).to_have_count(1)
    link.click()
    wait_idle(tab)
    expect(title(tab)).to_contain_text(tr(lang, "nav_real"))
    expect(
        tab.get_by_text(tr(lang, "real_head", layer=layer, head=head), exact=True)
    ).to_have_count(1)


def test_variant_shows_cores_top_head(tab: Page, app_url: str) -> None:
    open_app(tab, app_url, "change-one-word")
    no_exception(tab)
    run = minilm().run
    v = variant(run(DEFAULT_TEXT), run(DEFAULT_VARIANT_TEXT))
    layer, head = v.ranking[0].tolist()
    metric = tab.get_by_test_id("stMetric").filter(has_text=tr("en", "variant_top"))
    expect(metric).to_contain_text(tr("en", "variant_head", layer=layer, head=head))
    chart(tab, tr("en", "variant_map_title", rank=1, layer=layer, head=head))
