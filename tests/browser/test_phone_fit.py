"""Phones (issue 18, item 4): at 390 × 844 px no chart, legend or text of any page reaches past
the right edge of the screen, except inside a chart's (or table's) own sideways-scrolling box.

Every page, in both languages, is checked by the one pass over the pages
(tests/browser/test_pages.py::test_every_page): on a phone (its browser's User-Agent says
"Mobile"), and in a desktop window narrowed to 390 px, which says nothing of the kind: there the
charts narrow to their column in the browser (ui/charts.py `fitted`), not on the server.
Here, page 7 after a training run (its curves and heatmaps, which that pass does not train for),
one load each:
- in English in a plain 390 px window: its heatmaps narrow to the column all the same (a chart
  wider than the screen scrolls inside its box, its colour bar on screen);
- in Chinese on a phone: drawn to fit, every legend wholly on screen.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from tests.browser.helpers import (
    CHARTS_DRAWN,
    HEATMAPS_OFF_SCREEN,
    LEGENDS_OFF_SCREEN,
    OVER_THE_EDGE,
    PHONE,
    PHONE_USER_AGENT,
    RUN_TIMEOUT,
    no_exception,
    open_app,
    settled,
)
from tests.browser.tabs import Contexts

pytestmark = pytest.mark.browser

EXTRA = {"learn": {"lrun": "1"}}  # page 7 after a training run: its curves and heatmaps
LOADS = [(screen, path) for screen in ("en-window", "zh-phone") for path in EXTRA]


@pytest.fixture
def phone(contexts: Contexts, screen: str) -> Iterator[tuple[Page, str, bool]]:
    """A new tab on the screen: (page, language, sends a phone User-Agent)."""
    lang, kind = screen.split("-")
    on_phone = kind == "phone"
    page = contexts.page(
        viewport=PHONE,
        locale="zh-CN" if lang == "zh" else "en-US",
        user_agent=PHONE_USER_AGENT if on_phone else None,
        is_mobile=False,  # Chromium's mobile emulation would zoom the page out to fit instead
    )
    try:
        yield page, lang, on_phone
    finally:
        contexts.release(page)


@pytest.mark.parametrize(
    ("screen", "path"), LOADS, ids=[f"{screen}-{path or 'home'}" for screen, path in LOADS]
)
def test_every_page_fits_a_phone(
    phone: tuple[Page, str, bool], screen: str, path: str, app_url: str
) -> None:
    tab, lang, on_phone = phone
    open_app(tab, app_url, path, {"lang": lang, **EXTRA[path]})
    tab.wait_for_function(CHARTS_DRAWN, timeout=RUN_TIMEOUT)
    no_exception(tab)
    problems: dict[str, object] = {}
    over = settled(tab, OVER_THE_EDGE, PHONE["width"])
    if over:
        problems["past the right edge"] = over[:5]
    squeezed = settled(tab, HEATMAPS_OFF_SCREEN, PHONE["width"])
    if squeezed:  # a small heatmap wider than its column, or a colour bar off screen
        problems["heatmap off screen"] = squeezed[:5]
    if on_phone:
        legends = settled(tab, LEGENDS_OFF_SCREEN, PHONE["width"])
        if legends:
            problems["legend off screen"] = legends
    assert not problems, json.dumps(problems, ensure_ascii=False, indent=1)
