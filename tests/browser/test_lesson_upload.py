"""A teacher's own lesson in Chromium (issue 29): a two-step lesson file uploaded on /present
(sidebar) and on /class (start form) is read, stepped through with Next and shown with its own
step titles; a hostile file is refused with its line and key, as text."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import en, expect_param, no_exception, open_app, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]
expect.set_options(timeout=15_000)

TWO_STEPS = """\
title.en = "Two steps"
languages = ["en"]

[[steps]]
kind = "top_weight"
minutes = 3
title.en = "First of mine"
point.en = "The last word looks at the word that matters to it."
notes.en = "Ask first."

[[steps]]
kind = "what_moves"
minutes = 2
title.en = "Second of mine"
point.en = "Only learned weights set the order."
notes.en = "One minute."
"""
HOSTILE = TWO_STEPS.replace('"Ask first."', '"<img src=x onerror=alert(1)>"')


def _upload(page: Page, where: Page | None, text: str, tmp_path: Path, name: str) -> None:
    """Pick "your own file" in the lesson box, then upload `text` as a .toml file."""
    scope = where or page
    field = scope.get_by_test_id("stSelectbox").filter(has_text=en("lesson_pick")).locator("input")
    field.click()
    field.press_sequentially(en("lesson_own_file")[:8])  # typing always opens the list
    page.get_by_role("option", name=en("lesson_own_file")).click()
    wait_idle(page)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    scope.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(str(path))
    wait_idle(page)


def test_a_two_step_lesson_uploaded_on_present_and_on_class(tab: Page, app_url: str, tmp_path):
    tab.set_viewport_size({"width": 1280, "height": 720})  # a projector: no bar, but the
    open_app(tab, app_url, "present", {"ask": "0"})  # button that opens the sidebar shows
    expect(tab.get_by_test_id("stHeader").get_by_test_id("stMainMenu")).to_be_hidden()
    tab.get_by_test_id("stExpandSidebarButton").click()
    sidebar = tab.get_by_test_id("stSidebar")
    _upload(tab, sidebar, HOSTILE, tmp_path, "hostile.toml")
    expect(sidebar.get_by_text(en("lesson_refused"))).to_be_visible()
    expect(sidebar.get_by_text("steps[1].notes.en", exact=False)).to_be_visible()
    assert tab.locator("img[src='x']").count() == 0  # quoted as text, never drawn
    _upload(tab, sidebar, TWO_STEPS, tmp_path, "two.toml")
    expect(sidebar.get_by_text(en("lesson_read", n=2, m=5))).to_be_visible()
    tab.set_viewport_size({"width": 1600, "height": 1000})  # the sidebar beside the slide
    main = tab.get_by_test_id("stMain")
    expect(main.get_by_text(en("present_counter", number=1, n=2))).to_be_visible()
    expect(main.get_by_text("First of mine", exact=False)).to_be_visible()
    tab.locator(".st-key-present_next button:visible").click()
    expect_param(tab, "lesson", "1")
    expect(main.get_by_text("Second of mine", exact=False)).to_be_visible()
    expect(tab.locator(".st-key-present_next button:visible")).to_be_disabled()
    no_exception(tab)

    open_app(tab, app_url, "class")
    _upload(tab, None, TWO_STEPS, tmp_path, "two.toml")
    tab.get_by_role("button", name=en("cls_start")).click()
    expect_param(tab, "code")  # the key is in a cookie, never the address
    expect(tab.get_by_text(en("cls_step_of", number=1, n=2, m=3))).to_be_visible()
    expect(tab.get_by_text("First of mine")).to_be_visible()
    tab.get_by_role("button", name=en("cls_next"), exact=True).click()
    wait_idle(tab)
    expect(tab.get_by_text(en("cls_step_of", number=2, n=2, m=2))).to_be_visible()
    expect(tab.get_by_text("Second of mine")).to_be_visible()
    expect(tab.get_by_role("button", name=en("cls_next"), exact=True)).to_be_disabled()
    no_exception(tab)
