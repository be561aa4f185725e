"""Accessibility and fit in a real browser: axe-core (WCAG 2.1 A/AA) finds nothing; on a
phone-sized screen no chart is wider than the screen and no text is cut off; on a projector
(1280 x 720) charts side by side stay in their columns."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from app_pages import PAGES as MENU
from tests.browser.conftest import DEFAULT_TIMEOUT
from tests.browser.helpers import at_least, charts, no_exception, open_app
from ui import theme

pytestmark = pytest.mark.browser

WCAG_21_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
PHONE = {"width": 390, "height": 844}
PHONE_USER_AGENT = (  # what a phone's browser says: "Mobile" is how the app knows
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)
PAGES = tuple("" if i == 0 else p.url_path for i, p in enumerate(MENU))  # every page; home at /


def _violations(page: Page) -> list[str]:
    """One line per axe-core violation: rule, impact, and the first few offending elements."""
    results = Axe().run(page, options=WCAG_21_AA)
    found = []
    for v in results.response["violations"]:
        targets = [
            f"{' '.join(map(str, n['target']))}: {(n['any'] or [{}])[0].get('message', '')}"
            for n in v["nodes"][:4]
        ]
        found.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {targets}")
    return found


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("path", PAGES)
def test_wcag_21_aa_has_no_violations(tab: Page, app_url: str, path: str, lang: str) -> None:
    open_app(tab, app_url, path, {"lang": lang})
    no_exception(tab)
    if path not in ("", "present", "glossary"):
        at_least(charts(tab), 1)
    found = _violations(tab)
    assert found == [], "\n".join(found)


@pytest.fixture
def phone(chromium: Browser) -> Iterator[Page]:
    context = chromium.new_context(
        viewport=PHONE, locale="en-US", is_mobile=True, user_agent=PHONE_USER_AGENT
    )
    context.set_default_timeout(DEFAULT_TIMEOUT)
    try:
        yield context.new_page()
    finally:
        context.close()


# Text boxes whose content is wider than the box (`white-space: nowrap` and a hidden overflow
# cut it off), outside charts and tables (which scroll) and the visually hidden radio inputs.
CUT_TEXT = """() => [...document.querySelectorAll(
    '[data-testid=stMain] :is(p, span, label, li, h1, h2, h3, code, button)')]
  .filter(e => !e.closest('[data-testid=stVegaLiteChart], [data-testid=stDataFrame], table'))
  .filter(e => e.clientWidth >= 4 && (e.innerText || '').trim())
  .filter(e => e.scrollWidth > e.clientWidth + 1)
  .map(e => `${e.scrollWidth} > ${e.clientWidth} px: ${e.innerText.slice(0, 60)}`)"""


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("path", PAGES)
def test_nothing_is_wider_than_a_phone(phone: Page, app_url: str, path: str, lang: str) -> None:
    open_app(phone, app_url, path, {"lang": "zh"} if lang == "zh" else None)
    no_exception(phone)
    cut = phone.evaluate(CUT_TEXT)
    assert cut == [], f"text cut off on a {PHONE['width']} px screen: {cut}"
    if path in ("present", "glossary"):  # presenter mode opens on the tokens table; no charts
        return
    at_least(charts(phone), 1)
    widths = charts(phone).evaluate_all(
        """els => els.map(e => {
            const drawn = e.querySelector('svg.marks, canvas.marks');
            return drawn ? drawn.getBoundingClientRect().width : 0;
        })"""
    )
    assert widths and all(w > 0 for w in widths), widths
    too_wide = [w for w in widths if w > PHONE["width"]]
    assert too_wide == [], f"chart widths {widths} on a {PHONE['width']} px screen"


PROJECTOR = {"width": 1280, "height": 720}
# Charts in columns whose right edge reaches into the next column (half the gap is allowed).
OVER_COLUMN = f"""() => [...document.querySelectorAll('[data-testid=stVegaLiteChart]')]
  .map(c => [c.querySelector('svg.marks, canvas.marks'), c.closest('[data-testid=stColumn]')])
  .filter(([drawn, column]) => drawn && column)
  .map(([drawn, column]) => [drawn.getBoundingClientRect(), column.getBoundingClientRect()])
  .filter(([d, c]) => d.right > c.right + {theme.COLUMN_GAP // 2})
  .map(([d, c]) => `chart ${{Math.round(d.width)}} px in a ${{Math.round(c.width)}} px column`)"""


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("path", PAGES)
def test_charts_side_by_side_stay_in_their_columns_on_a_projector(
    chromium: Browser, app_url: str, path: str, lang: str
) -> None:
    context = chromium.new_context(viewport=PROJECTOR, locale="en-US")
    context.set_default_timeout(DEFAULT_TIMEOUT)
    try:
        page = context.new_page()
        open_app(page, app_url, path, {"lang": "zh"} if lang == "zh" else None)
        no_exception(page)
        if path not in ("", "present", "glossary"):
            at_least(charts(page), 1)
        assert page.evaluate(OVER_COLUMN) == []
    finally:
        context.close()
