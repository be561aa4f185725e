"""Page 7 in a real browser: the live heatmap stays in view while training, the trained model
becomes the "Trained" source, and the address bar follows a page that stops before Train.

Run: `.venv/bin/python -m pytest tests/browser/test_learn.py -q -m browser`. Expected texts
come from the translation table and expected numbers from core/.
"""

from __future__ import annotations

import re
import time
from functools import cache
from urllib.parse import parse_qs, urlparse

import numpy as np
import pytest
from playwright.sync_api import Browser, Page, expect

from core.learning.corpus import check_probe, in_chinese
from core.learning.task import TrainResult, TrainSettings, train
from core.models import TrainedHead
from core.pipeline import pipeline
from tests.apptest_utils import PAGE_PARAMS
from tests.browser.helpers import (
    IDLE,
    MARKS,
    SETTLE,
    axis_labels,
    chart,
    charts,
    en,
    expect_param,
    no_exception,
    open_app,
    sidebar,
    url_params,
    wait_idle,
)
from tests.browser.test_features import (
    as_matrix,
    assert_close,
    follow_menu,
    heat,
    lang_params,
    share_panel,
    tr,
)
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXTS, K

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]
expect.set_options(timeout=15_000)

LANGS = ["en", "zh"]
TRAIN_TIMEOUT = 240_000  # ms: one training run redrawn live, on a loaded machine
SMALL_SCREEN = {"width": 1280, "height": 720}  # a classroom projector or a small laptop
LONG_RUN = 2000  # steps: long enough to catch several live frames

# Records, every 50 ms, where the live heatmap ("... at step N") is and which step it shows.
WATCH_LIVE = """(prefix) => {
    const seen = [];
    window.__liveSeen = seen;
    window.__liveTimer = setInterval(() => {
        for (const el of document.querySelectorAll("[data-testid='stVegaLiteChart']")) {
            const title = [...el.querySelectorAll("g.role-title text")]
                .map(t => t.textContent).join(" ");
            if (!title.startsWith(prefix)) continue;
            const box = el.getBoundingClientRect();
            seen.push({title, top: box.top, bottom: box.bottom, height: window.innerHeight,
                       running: !!document.querySelector(
                           "[data-testid='stApp'][data-test-script-state='running']")});
        }
    }, 50);
}"""


def live_prefix(lang: str) -> str:
    """The live heatmap's title up to its step number."""
    return TEXTS["learn_live_heatmap"][lang].split("{step}")[0]


def step_of(title: str, prefix: str) -> int:
    match = re.match(re.escape(prefix) + r"(\d+)", title)
    assert match, title
    return int(match.group(1))


@cache
def trained(settings: TrainSettings) -> TrainResult:
    return train(settings)


def open_settings(page: Page, lang: str) -> None:
    """Unfold page 7's "Training settings" (folded so the heatmap stays in view)."""
    panel = page.get_by_test_id("stExpander").filter(has_text=tr(lang, "learn_settings"))
    if panel.locator("details").get_attribute("open") is None:
        # by the keyboard: CI once saw the buttons under the panel drawn over its heading for
        # the whole of a click's 20 s, while the page was still settling
        panel.locator("summary").press("Enter")
    expect(panel.locator("details")).to_have_attribute("open", "")


def wait_training(page: Page) -> None:
    page.wait_for_selector(IDLE, timeout=TRAIN_TIMEOUT)
    time.sleep(SETTLE)


@pytest.mark.soak  # a 2,000-step training run drawn live: minutes on a loaded machine
def test_live_heatmap_stays_in_view_while_training(chromium: Browser, app_url: str) -> None:
    context = chromium.new_context(viewport=SMALL_SCREEN, locale="en-US")
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        open_app(page, app_url, "learn", {"lsteps": str(LONG_RUN), "lseed": "11"})
        prefix = live_prefix("en")
        # before Train: the untrained model's attention
        first = chart(page, tr("en", "learn_live_heatmap", step=0))
        expect(first.locator(MARKS).first).to_be_attached()
        page.evaluate(WATCH_LIVE, prefix)
        page.get_by_test_id("stBaseButton-primary").click()
        wait_training(page)
        seen = page.evaluate("clearInterval(window.__liveTimer); window.__liveSeen")
        live = [f for f in seen if 0 < step_of(f["title"], prefix) < LONG_RUN]
        titles = sorted({f["title"].split("“")[0] for f in seen})
        assert live, f"no live frame between step 0 and {LONG_RUN} seen: {titles}"
        for frame in live:  # the whole heatmap on screen, not below the fold
            assert frame["top"] >= 0 and frame["bottom"] <= frame["height"], frame
        no_exception(page)
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_learn_trains_and_becomes_a_source(tab: Page, app_url: str, lang: str) -> None:
    seed = {"en": 101, "zh": 202}[lang]
    open_app(tab, app_url, "learn", lang_params(lang, lseed=str(seed)))
    expect(tab.get_by_text(tr(lang, "learn_press_train"), exact=True)).to_be_visible()
    tab.get_by_test_id("stBaseButton-primary").click()
    wait_training(tab)
    no_exception(tab)
    expect(tab.get_by_test_id("stBaseButton-secondary").filter(has_text=tr(lang, "learn_replay")))
    probe = " ".join(check_probe(PAGE_PARAMS[K.PROBE].default).tokens)
    expected = trained(TrainSettings(seed=seed, probe=probe))
    tokens = list(expected.probe_tokens)  # the model's; the page labels them in its language
    words = in_chinese(tokens) if lang == "zh" else tokens
    after = chart(tab, tr(lang, "learn_after"))
    assert axis_labels(after, "Y") == words and axis_labels(after, "X") == words
    n = len(words)
    shown = as_matrix(heat(after, lang, "ax_weight"), n, n)
    assert_close(shown, np.asarray(expected.probe_weights), tol=1e-4)
    row = dict(zip(tokens, shown[-1], strict=True))
    assert row["drank"] > row["cat"] > row["black"], row
    expect_param(tab, "lrun", "1")  # the link brings back this run

    sources = sidebar(tab).get_by_role("radiogroup", name=tr(lang, "source_label"))
    option = sources.get_by_role("radio", name=tr(lang, "source_trained"), exact=True)
    option.click()
    wait_idle(tab)
    follow_menu(tab, "score", tr(lang, "nav_score"))
    no_exception(tab)
    factor = chart(tab, tr(lang, "m_factor"))
    for i in range(charts(tab).count()):
        expect(charts(tab).nth(i).locator(MARKS).first).to_be_attached()
    sentence = pipeline(TrainedHead(expected.model), DEFAULT_TEXTS[lang])  # the reader's example
    k = len(sentence.tokens)
    assert_close(
        as_matrix(heat(factor, lang, "ax_score"), k, k), sentence.attention.factor, tol=1e-4
    )


def test_address_bar_follows_a_page_that_stops(tab: Page, app_url: str) -> None:
    """Page 7 before training ends its run in st.stop(); the address bar still follows."""
    open_app(tab, app_url, "learn", {"lseed": "9876"})
    open_settings(tab, "en")
    seed_box = tab.get_by_label(en("learn_seed"), exact=True)
    seed_box.fill("9877")
    seed_box.press("Enter")
    wait_idle(tab)
    expect(tab.get_by_text(en("learn_press_train"), exact=True)).to_be_visible()
    link = share_panel(tab, "en").get_by_test_id("stCode").locator("code").inner_text().strip()
    shared = {k: v[-1] for k, v in parse_qs(urlparse(link).query).items()}
    assert shared.get("lseed") == "9877", link  # the share panel knows the new seed
    assert url_params(tab) == shared, tab.url  # and so does the address bar
