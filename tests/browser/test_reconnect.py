"""A server restart must not cost the student their next action (issue 12, part 1).

The page stays open while its server is killed and started again on the same port. Streamlit's
front end reconnects on its own, but a new server has no session for it: the page must be drawn
again from its URL by the new server, and the next click, sentence and menu choice must work
and keep the URL's state.

Run: `make soak` (a soak, not in `make test`), or
`.venv/bin/python -m pytest tests/browser/test_reconnect.py -q -m browser`.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import AppServer
from tests.browser.helpers import (
    COUNT_RUNS,
    RUN_TIMEOUT,
    SCREENSHOTS,
    en,
    expect_param,
    kill_and_restart,
    menu_link,
    open_app,
    sidebar,
    title,
    type_sentence,
    url_params,
    url_path,
    wait_idle,
    wait_redrawn,
)
from tests.browser.tabs import DEFAULT_TIMEOUT

pytestmark = [pytest.mark.browser, pytest.mark.soak, pytest.mark.timeout(180)]


@pytest.fixture
def own_server() -> Iterator[AppServer]:
    """A server of this test alone: it gets killed, which must not disturb other tests."""
    server = AppServer(SCREENSHOTS / "reconnect-server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def numbers_switch(page: Page):
    return sidebar(page).get_by_role("switch", name=en("numbers"))


def test_page_survives_a_server_restart(chromium: Browser, own_server: AppServer) -> None:
    sentence = "Students keep their own sentence after a restart"
    context = chromium.new_context(viewport={"width": 1600, "height": 1000}, locale="en-US")
    context.set_default_timeout(DEFAULT_TIMEOUT)
    page = context.new_page()
    try:
        open_app(page, own_server.url, "input", {"text": sentence, "d_model": "6"})
        box = sidebar(page).get_by_label(en("sentence"))
        expect(box).to_have_value(sentence)
        expect(numbers_switch(page)).to_be_checked()
        page.evaluate(COUNT_RUNS)

        kill_and_restart(own_server)

        # redrawn by the new server from the URL, before anyone touches the page
        wait_redrawn(page)
        assert url_path(page) == "input"
        expect_param(page, "text", sentence)
        expect(box).to_have_value(sentence)
        expect(title(page)).to_contain_text(en("nav_input"))

        # 1. a switch: the first click after the restart takes effect
        sidebar(page).get_by_text(en("numbers"), exact=True).click()
        wait_idle(page)
        expect(numbers_switch(page)).not_to_be_checked()
        params = url_params(page)
        assert params.get("numbers") == "0"
        assert params.get("text") == sentence
        assert params.get("d_model") == "6"

        # 2. a new sentence stays (it does not snap back to the URL's old one)
        second = "A brand new sentence typed after the restart"
        type_sentence(page, second)
        expect(box).to_have_value(second)
        params = url_params(page)
        assert params.get("text") == second
        assert params.get("numbers") == "0"

        # 3. a menu click opens the page with this state, not the defaults
        menu_link(page, "weights").click()
        expect(title(page)).to_contain_text(en("nav_weights"), timeout=RUN_TIMEOUT)
        wait_idle(page)
        assert url_path(page) == "weights"
        expect(box).to_have_value(second)
        expect(numbers_switch(page)).not_to_be_checked()
        params = url_params(page)
        assert params.get("text") == second
        assert params.get("numbers") == "0"
        assert params.get("d_model") == "6"
        expect(page.get_by_test_id("stException")).to_have_count(0)
    except Exception:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "reconnect-failed.png"), full_page=True)
        raise
    finally:
        context.close()
