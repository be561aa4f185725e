"""Saving for slides and papers, in a real browser: a chart's SVG and PNG downloads, and the page
saved as HTML, opened from disk with the network cut, still draws its charts with tooltips."""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Download, Locator, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError

from tests.browser.helpers import (
    RECT,
    axis_labels,
    cell_fields,
    chart_download,
    charts,
    no_exception,
    not_pwned,
    open_app,
    point_at,
    sidebar,
    wait_idle,
)
from ui.i18n import TEXTS

pytestmark = pytest.mark.browser

# HTML in the sentence: it must stay text in the app and in the saved page
SENTENCE = 'The cat <img src=x onerror="window.__pwned=1"> sat'
SVG_NS = "{http://www.w3.org/2000/svg}"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
DOWNLOAD_TIMEOUT = 60_000  # ms: the first export starts vl-convert's JavaScript engine


def download(page: Page, button: Locator, tries: int = 2) -> Download:
    """The file a press of `button` saves. A press that lands while a run replaces the button
    (a download re-runs the page; on a loaded machine that run can start after the page looked
    idle) is canceled by the browser, as it is for a person, who presses again: so does this,
    once the page is idle."""
    started = time.monotonic()
    for attempt in range(tries):
        with page.expect_download(timeout=DOWNLOAD_TIMEOUT) as info:
            button.click()
        result = info.value
        try:
            result.path()  # wait for the whole file
        except PlaywrightError as error:
            if "canceled" not in str(error) or attempt == tries - 1:
                raise
            wait_idle(page)
            continue
        print(f"{result.suggested_filename}: {time.monotonic() - started:.2f} s")
        return result
    raise AssertionError("unreachable")


def all_mounted(drawn: Locator, buttons: Locator, timeout: float = 30.0) -> int:
    """How many charts the page has, once there are at least two, each with its SVG button,
    and their number held still for a moment."""
    deadline = time.monotonic() + timeout
    last = -1
    while True:
        n = drawn.count()
        if n >= 2 and n == buttons.count() == last:
            return n
        assert time.monotonic() < deadline, f"{n} charts, {buttons.count()} SVG buttons"
        last = n if n == buttons.count() else -1
        time.sleep(0.5)


def svg_axis_labels(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    found = []
    for group in root.iter(f"{SVG_NS}g"):
        if "role-axis-label" in group.get("class", "").split():
            found += ["".join(t.itertext()) for t in group.iter(f"{SVG_NS}text")]
    return found


def test_chart_files_and_the_page_offline(
    tab: Page, app_url: str, chromium: Browser, tmp_path: Path
) -> None:
    lang = "zh"
    open_app(tab, app_url, "weights", {"lang": lang, "text": SENTENCE})
    no_exception(tab)
    main = tab.get_by_test_id("stMain")
    # every chart drawn before the first is read: the browser can draw a later chart first,
    # and on a loaded machine mounts them (and their Download boxes) over a few seconds
    n_charts = all_mounted(charts(tab), main.get_by_test_id("stPopover"))
    expect(charts(tab)).to_have_count(n_charts)
    expect(charts(tab).locator("svg.marks")).to_have_count(n_charts)
    first = charts(tab).first
    shown_labels = axis_labels(first)

    # the first chart as SVG: the same axis labels as on the page
    svg_file = download(tab, chart_download(tab, first, "SVG"))
    assert svg_file.suggested_filename.endswith(".svg")
    svg = Path(svg_file.path()).read_text(encoding="utf-8")
    assert svg.startswith("<svg")
    assert sorted(svg_axis_labels(svg)) == sorted(shown_labels)
    wait_idle(tab)  # a download may re-run the page: a PNG button of the run before is gone

    png_file = download(tab, chart_download(tab, first, "PNG"))
    assert png_file.suggested_filename.endswith(".png")
    assert Path(png_file.path()).read_bytes().startswith(PNG_SIGNATURE)
    wait_idle(tab)
    no_exception(tab)

    # the page as one HTML file, saved to disk
    panel = sidebar(tab).get_by_test_id("stExpander").filter(has_text=TEXTS["share_heading"][lang])
    if panel.locator("details").get_attribute("open") is None:
        panel.locator("summary").click()
        wait_idle(tab)  # opening it re-runs the page: a button of the run before is gone
    button = panel.get_by_test_id("stDownloadButton").filter(has_text=TEXTS["export_html"][lang])
    saved = tmp_path / "page.html"
    download(tab, button).save_as(saved)
    n_charts = charts(tab).count()  # every chart is mounted by now
    assert n_charts > 1

    # opened from disk with every network request refused
    context = chromium.new_context(offline=True, viewport={"width": 1400, "height": 1000})
    asked: list[str] = []

    def refuse(route: Route) -> None:
        asked.append(route.request.url)
        route.abort()

    context.route("http*://**/*", refuse)
    dialogs: list[str] = []
    try:
        page = context.new_page()
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(saved.as_uri())
        drawn = page.locator(".chart svg.marks")
        expect(drawn).to_have_count(n_charts, timeout=30_000)  # ~1 MB of script, on a busy machine
        assert axis_labels(page.locator(".chart").first) == shown_labels
        # the sentence is shown as text, its HTML never run
        expect(page.locator("li").filter(has_text=SENTENCE)).to_have_count(1)
        not_pwned(page)
        # a tooltip on hover, naming the cell's fields
        cell = page.locator(".chart").first.locator(f"g.mark-rect {RECT}").first
        fields = cell_fields(cell)
        assert fields
        page.mouse.move(*point_at(page, cell))
        tooltip = page.locator("#vg-tooltip-element")
        expect(tooltip).to_be_visible()
        for name in fields:
            expect(tooltip).to_contain_text(name)
        # the share link is there, as text and as a link back to the app
        link = page.locator("a.link")
        expect(link).to_have_count(1)
        assert link.get_attribute("href").startswith(app_url)
        assert asked == [] and dialogs == []
    finally:
        context.close()
