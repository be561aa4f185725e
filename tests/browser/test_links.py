"""Links the app writes, in a real browser: a sentence of one enormous token (19,999 Hangul
syllables, 180 K characters in a link before issue 21) gives a share link that the server
accepts and that opens the same text; a forged internal marker is only an unknown parameter."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Page, expect

from core.links import LINK_BUDGET
from tests.browser.helpers import (
    en,
    no_exception,
    open_app,
    sidebar,
    type_sentence,
    wait_idle,
    wait_loaded,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

HANGUL = "가" * 19_999  # one token


def share_link(tab: Page) -> str:
    panel = sidebar(tab).get_by_test_id("stExpander").filter(has_text=en("share_heading"))
    expect(panel).to_have_count(1)
    if panel.locator("details").get_attribute("open") is None:
        panel.locator("summary").click()
    wait_idle(tab)
    code = panel.get_by_test_id("stCode").locator("code")
    expect(code).to_contain_text("http", timeout=30_000)
    return code.inner_text().strip()


def test_a_share_link_of_one_enormous_token_opens_the_same_text(tab: Page, app_url: str) -> None:
    open_app(tab, app_url, "input")
    type_sentence(tab, HANGUL)
    no_exception(tab)
    link = share_link(tab)
    expect(sidebar(tab)).to_contain_text(en("link_cut", budget=f"{LINK_BUDGET:,}")[:40])
    query = urlparse(link).query
    assert len(query) <= LINK_BUDGET
    carried = parse_qs(query)["text"][-1]
    assert HANGUL.startswith(carried) and len(carried) > 1_000

    response = tab.goto(link)
    assert response is not None and response.status == 200  # not the server's bare 400
    wait_loaded(tab)
    no_exception(tab)
    # the box is drawn empty for a moment before its value arrives: wait for the value
    expect(sidebar(tab).get_by_label(en("sentence"))).to_have_value(carried)
    expect(tab.get_by_text(en("url_rejected_title"))).to_have_count(0)
    response = tab.reload()  # the browser sends the address twice now: also as the Referer
    assert response is not None and response.status == 200


def test_a_forged_link_marker_is_an_unknown_parameter(tab: Page, app_url: str) -> None:
    open_app(tab, app_url, "", {"_link_dropped": "999999999999999999999.5", "text": "hi"})
    no_exception(tab)
    expect(sidebar(tab).get_by_label(en("sentence"))).to_have_value("hi")
    note = tab.get_by_text(en("url_rejected_title"))
    expect(note).to_be_visible()
    expect(tab.get_by_text("999,999")).to_have_count(0)
