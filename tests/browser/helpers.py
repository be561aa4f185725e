"""Shared helpers of the real-browser tests: waiting for runs, reading charts, the sidebar.

Every expected text comes from ui/i18n.py (`en`, `zh`), so the tests follow the translations.
Vega draws charts as SVG: read labels with `axis_labels`, cell data with `cell_fields`.
"""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlparse

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.apptest_utils import default_model
from tests.browser.tabs import Contexts
from tools.bench_cluster import active_sessions
from tools.bench_nginx import COOKIE, Nginx
from tools.server import Server
from tools.wsclient import Session, run_async
from ui.i18n import TEXTS
from ui.theme import HIGHLIGHT_COLOR

# Debian's Chromium and where failures leave screenshots: one definition for every browser test
REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "screenshots" / "browser"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-quic",
    "--no-first-run",
    "--disable-sync",
]

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
RUNNING = "[data-testid='stApp'][data-test-script-state='running']"
RUN_TIMEOUT = 45_000  # ms: one script run, cold caches included
SETTLE = 0.6  # s: pause after a run so the front end finishes drawing
MARKS = "g.role-mark path, g.role-mark rect, g.role-mark image"
RECT = "path[aria-roledescription='rect mark']"


def en(key: str, **kwargs: object) -> str:
    text = TEXTS[key]["en"]
    return text.format(**kwargs) if kwargs else text


def zh(key: str, **kwargs: object) -> str:
    text = TEXTS[key]["zh"]
    return text.format(**kwargs) if kwargs else text


def plain(markdown: str) -> str:
    """The visible text of a one-line Markdown string (bold and code marks removed)."""
    return markdown.replace("**", "").replace("`", "")


# Counts the script runs a page goes through (Streamlit marks each on its app root), so a test
# can tell that a (new) server drew the page without any click.
COUNT_RUNS = """() => {
    window.__runs = 0;
    const app = document.querySelector("[data-testid='stApp']");
    new MutationObserver(() => {
        if (app.getAttribute("data-test-script-state") === "running") window.__runs += 1;
    }).observe(app, {attributes: true, attributeFilter: ["data-test-script-state"]});
}"""


def wait_loaded(page: Page) -> None:
    """After a page.goto: the first run is over and the page drew its title (or an error)."""
    page.wait_for_function(
        """() => {
            const app = document.querySelector("[data-testid='stApp']");
            const done = app && app.getAttribute("data-test-script-state") === "notRunning";
            return done && document.querySelector("h1, [data-testid='stException']") !== null;
        }""",
        timeout=RUN_TIMEOUT,
    )


# Installed in every browser context before any page script (conftest's `chromium`): the time of
# the user's last input and of the last change of the app's run state, so `wait_idle` can tell
# the run this input started from the one before it, however late the new run begins.
WATCH_RUNS = """
window.__lastAction = 0;
window.__lastRun = 0;
for (const type of ["pointerdown", "keydown", "input", "change"]) {
    addEventListener(type, () => { window.__lastAction = performance.now(); }, true);
}
// any change of the app's run state is a run starting or ending (a run so short that the page
// never drew it as running leaves no change: wait_idle's `start` covers it)
new MutationObserver(() => { window.__lastRun = performance.now(); }).observe(
    document, {attributes: true, subtree: true, attributeFilter: ["data-test-script-state"]});
"""
RUN_SINCE_LAST_ACTION = f"""() => window.__lastRun === undefined
    ? document.querySelector("{RUNNING}") !== null
    : window.__lastRun >= window.__lastAction"""
RUN_START = 2.0  # s: an input that starts no run (a plain expander, a tab) waits this long


def wait_idle(page: Page, *, start: float = RUN_START) -> None:
    """Wait for the script run started by the last input to finish, then let the page settle.

    Just after a click the app still says `notRunning` from the run before, and on a busy machine
    the new run can begin a second later: wait until a run has started since the last input (up
    to `start` seconds, for an input that starts none), then until it is over."""
    try:
        page.wait_for_function(RUN_SINCE_LAST_ACTION, timeout=int(start * 1000))
    except PlaywrightTimeout:
        pass  # the input started no run, or its run was too short to show (both are over)
    page.wait_for_selector(IDLE, timeout=RUN_TIMEOUT)
    time.sleep(SETTLE)


RECONNECT_TIMEOUT = 30.0  # s: the front end retries with a back-off of a second or two


def kill_and_restart(server: Server) -> None:
    """SIGKILL (no clean shutdown, as when a machine dies), then the same command, same port."""
    assert server.process is not None
    server.process.send_signal(signal.SIGKILL)
    server.process.wait(timeout=10)
    server.process = None
    server.start()


def wait_redrawn(page: Page) -> None:
    """After `page.evaluate(COUNT_RUNS)` and a restart: wait until the page reconnected and the
    new server ran it to the end."""
    page.wait_for_function("() => window.__runs > 0", timeout=RECONNECT_TIMEOUT * 1000)
    page.wait_for_selector(IDLE, timeout=RUN_TIMEOUT)
    time.sleep(SETTLE)


def open_app(page: Page, base: str, path: str = "", params: dict[str, str] | None = None) -> None:
    """Open a page by URL, which starts a new session, and wait for its first run to end.

    Before that run starts the app also says `notRunning`, so wait for what every page draws
    (its title, or an error) as well.
    """
    query = f"?{urlencode(params)}" if params else ""
    page.goto(f"{base}/{path}{query}")
    wait_loaded(page)
    time.sleep(SETTLE)


def choose_option(page: Page, select: Locator, name: str) -> None:
    """Pick the option `name` of a selectbox or multiselect by typing it: a click alone does not
    always open the list (it may only focus the input), typing always does, and filters it."""
    field = select.locator("input")
    field.click()
    field.press_sequentially(name.split(":")[0] + ":")
    option = page.get_by_role("option", name=name)
    option.wait_for(timeout=10_000)
    option.click()


def url_params(page: Page) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(page.url).query, keep_blank_values=True).items()}


def expect_param(page: Page, name: str, value: str | None = None) -> None:
    """Wait until the address bar's link has `name=value` (with no value: has `name`), then for
    the run that wrote it to end and the page to settle.

    An action's run can begin later than `wait_idle` looks for it on a busy machine; the link is
    what the run writes, so waiting for it cannot return early."""
    page.wait_for_function(
        """([name, value]) => {
            const found = new URLSearchParams(location.search).get(name);
            return value === null ? found !== null : found === value;
        }""",
        arg=[name, value],
        timeout=RUN_TIMEOUT,
    )
    page.wait_for_selector(IDLE, timeout=RUN_TIMEOUT)
    time.sleep(SETTLE)


def url_path(page: Page) -> str:
    return urlparse(page.url).path.strip("/")


def title(page: Page) -> Locator:
    return page.locator("h1")


def sidebar(page: Page) -> Locator:
    return page.get_by_test_id("stSidebar")


def nav_links(page: Page) -> Locator:
    return page.get_by_test_id("stSidebarNav").locator("a")


def menu_link(page: Page, path: str) -> Locator:
    """The sidebar menu link to the page at `path` ("" for the home page)."""
    return page.get_by_test_id("stSidebarNav").locator(f"a[href$='/{path}']")


def at_least(found: Locator, n: int, timeout: float = 10.0) -> int:
    """Wait until `found` matches at least n elements (charts mount one by one); the count."""
    deadline = time.monotonic() + timeout
    while (count := found.count()) < n and time.monotonic() < deadline:
        time.sleep(0.2)
    assert count >= n, f"expected at least {n}, found {count}"
    return count


def no_exception(page: Page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)


def charts(page: Page) -> Locator:
    return page.get_by_test_id("stVegaLiteChart")


# ---- a phone's screen (tests/browser/test_pages.py, test_phone_fit.py, class mode) ----

PHONE = {"width": 390, "height": 844}
PHONE_USER_AGENT = (  # what a phone's browser says: "Mobile" is how the app knows
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)

# Every element of the main area whose right edge is past the screen's, with what it is. An
# element is excused only inside a box that scrolls sideways and is itself on screen: a chart's
# own box, a table, a code block or a row of tabs (swiped sideways on a phone, as in any app; not
# a row of buttons: a cut-off button is a defect).
OVER_THE_EDGE = """(screen) => {
    const main = document.querySelector("[data-testid='stMain']");
    const limit = screen + 0.5;
    const boxes = "[data-testid='stVegaLiteChart'], [data-testid='stDataFrame'], " +
        "[data-testid='stTable'], [data-testid='stCode'], pre, [role='tablist']";
    const scrolls = (el) => {
        for (let a = el.parentElement; a && a !== main; a = a.parentElement) {
            const x = getComputedStyle(a).overflowX;
            if ((x === "auto" || x === "scroll") && a.matches(boxes)
                && a.getBoundingClientRect().right <= limit) return true;
        }
        return false;
    };
    const drawn = "[data-testid='stVegaLiteChart'] svg, [data-testid='stVegaLiteChart'] canvas, " +
        "g.role-legend, g.role-axis-label text, g.role-title text, g.role-axis-title text, " +
        "p, h1, h2, h3, li, label, button, input, textarea, " +
        "[data-testid='stCaptionContainer'], [data-testid='stMetric'], " +
        "[data-testid='stDataFrame'], [data-testid='stImage'] img, table";
    const over = [];
    for (const el of main.querySelectorAll(drawn)) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || r.right <= limit || scrolls(el)) continue;
        const chart = el.closest("[data-testid='stVegaLiteChart']");
        const title = chart && chart.querySelector("g.role-title text");
        over.push({element: el.tagName.toLowerCase() + "." + (el.getAttribute("class") || ""),
                   right: Math.round(r.right), text: (el.textContent || "").slice(0, 40),
                   chart: title ? title.textContent : null});
    }
    return over;
}"""

# Legends (their right and left edges) that are not wholly on screen, scrolled or not.
LEGENDS_OFF_SCREEN = """(screen) => {
    const limit = screen + 0.5;
    return [...document.querySelectorAll("[data-testid='stMain'] g.role-legend")]
        .map(g => [g, g.getBoundingClientRect()])
        .filter(([g, r]) => r.width > 0 && (r.right > limit || r.left < -0.5))
        .map(([g, r]) => ({legend: g.textContent.slice(0, 40), left: Math.round(r.left),
                           right: Math.round(r.right)}));
}"""

# Heatmaps (charts with a colour bar) that a narrow screen shows badly, whatever the browser says
# it is (issue 28: a 6-word map drawn 741 px wide in a 358 px column, half its columns and its
# colour bar off screen): one of at most SMALL_HEATMAP cells wider than its column, and any
# heatmap whose colour bar is not wholly on screen (a wider one scrolls; its colour bar must not).
SMALL_HEATMAP = 8 * 8  # cells: a map of up to 8 words by 8
HEATMAPS_OFF_SCREEN = f"""(screen) => {{
    const limit = screen + 0.5;
    const found = [];
    const charts = "[data-testid='stMain'] [data-testid='stVegaLiteChart']";
    for (const c of document.querySelectorAll(charts)) {{
        const drawn = c.querySelector("svg.marks, canvas.marks");
        const bar = c.querySelector("g.role-legend [fill^='url(']");
        if (!drawn || !bar || !c.checkVisibility()) continue;
        const title = (c.querySelector("g.role-title text") || {{}}).textContent || "";
        const layer = c.querySelector("g.mark-rect");
        const cells = layer ? layer.querySelectorAll("{RECT}").length : 0;
        const column = c.closest("[data-testid='stColumn'], [data-testid='stVerticalBlock']");
        const width = drawn.getBoundingClientRect().width;
        const room = column.getBoundingClientRect().width;
        if (cells <= {SMALL_HEATMAP} && width > room + 0.5) {{
            found.push({{chart: title.slice(0, 40), cells, width: Math.round(width),
                         column: Math.round(room)}});
        }}
        const legend = bar.closest("g.role-legend").getBoundingClientRect();
        if (legend.left < -0.5 || legend.right > limit) {{
            found.push({{chart: title.slice(0, 40), legend: [Math.round(legend.left),
                                                           Math.round(legend.right)]}});
        }}
    }}
    return found;
}}"""

CHARTS_DRAWN = """() => [...document.querySelectorAll("[data-testid='stVegaLiteChart']")]
    .every(c => c.querySelector("svg, canvas"))"""


def settled(tab: Page, script: str, screen: int, tries: int = 6) -> list:
    """What `script` finds on a screen `screen` px wide once the layout has settled: a chart
    drawn before its column took its final width is redrawn a moment later (seen once on a busy
    machine: 415 px, then 390)."""
    found = tab.evaluate(script, screen)
    for _ in range(tries):
        if not found:
            break
        time.sleep(0.5)
        found = tab.evaluate(script, screen)
    return found


# from a chart to the Download box drawn right under it (ui/figures.py show)
DOWNLOAD_BOX = "xpath=ancestor::div[@data-testid='stElementContainer'][1]/following-sibling::div[1]"


def chart_download(page: Page, one_chart: Locator, kind: str) -> Locator:
    """The download button `kind` ("CSV", "SVG", "PNG") of a chart: the Download box under
    the chart is opened, which builds its buttons (ui/fold.py)."""
    opener = one_chart.locator(DOWNLOAD_BOX).get_by_test_id("stPopover").get_by_role("button")
    if opener.get_attribute("aria-expanded") != "true":  # a second click would close it
        if page.get_by_test_id("stPopoverBody").count():
            page.keyboard.press("Escape")  # another chart's box: one box is open at a time
            expect(page.get_by_test_id("stPopoverBody")).to_have_count(0)
        opener.click()
    expect(opener).to_have_attribute("aria-expanded", "true")
    body = page.get_by_test_id("stPopoverBody").get_by_test_id("stDownloadButton")
    button = body.get_by_role("button").filter(has_text=kind)
    expect(button).to_have_count(1)
    return button


def title_pattern(chart_title: str) -> re.Pattern[str]:
    """The title in full. A long title is wrapped into lines (SVG tspans, whose text reads
    with no space where a line broke), so any space may be missing and a line may break
    between two Chinese characters."""
    parts = [re.escape(ch) if not ch.isspace() else "" for ch in chart_title]
    return re.compile("^" + r"\s*".join(part for part in parts if part) + "$")


def charts_titled(page: Page, chart_title: str) -> Locator:
    """Charts whose Vega title is `chart_title` (wrapped or not)."""
    heading = page.locator("g.role-title text").filter(has_text=title_pattern(chart_title))
    return charts(page).filter(has=heading)


def chart(page: Page, chart_title: str, count: int = 1) -> Locator:
    """The first of the `count` charts titled `chart_title`, once drawn."""
    found = charts_titled(page, chart_title)
    try:
        expect(found).to_have_count(count)
    except AssertionError as error:
        raise AssertionError(
            f"{count} chart(s) titled {chart_title!r}? {chart_titles(page)}"
        ) from error
    expect(found.first.locator(MARKS).first).to_be_attached()
    return found.first


def chart_titles(page: Page) -> list[str]:
    return (
        charts(page).locator("g.role-title text").evaluate_all("els => els.map(e => e.textContent)")
    )


def axis_labels(one_chart: Locator, axis: str | None = None) -> list[str]:
    """Label texts of a chart's axes; `axis` "X" or "Y" picks one axis (Vega's aria-label)."""
    scope = one_chart.locator(f"g.role-axis[aria-label^='{axis}-axis']") if axis else one_chart
    return scope.locator("g.role-axis-label text").evaluate_all(
        "els => els.map(e => e.textContent)"
    )


def cell_fields(cell: Locator) -> dict[str, str]:
    """A heatmap cell's data from Vega's aria-label: {axis title: value}, e.g. "002|cat"."""
    label = cell.get_attribute("aria-label") or ""
    pairs = (part.split(": ", 1) for part in label.split("; ") if ": " in part)
    return {name: value for name, value in pairs}


def cells(one_chart: Locator) -> Locator:
    """The coloured cells of a heatmap: the rect marks of its first rect layer."""
    return one_chart.locator("g.mark-rect").first.locator(RECT)


def outline(one_chart: Locator) -> Locator:
    """The highlight frame drawn around the followed word's row."""
    return one_chart.locator(f"g.mark-rect {RECT}[stroke='{HIGHLIGHT_COLOR}']")


def find_cell(one_chart: Locator, **wanted: str) -> Locator:
    """The rect cell whose fields match, e.g. find_cell(c, **{"query word": "002|cat"})."""
    found = cells(one_chart)
    for i in range(found.count()):
        fields = cell_fields(found.nth(i))
        if all(fields.get(name) == value for name, value in wanted.items()):
            return found.nth(i)
    raise AssertionError(f"no cell with {wanted}")


def number(text: str) -> float:
    """A number as Vega prints it (U+2212 minus)."""
    return float(text.replace("\u2212", "-"))


def point_at(page: Page, target: Locator, fx: float = 0.5, fy: float = 0.5) -> tuple[float, float]:
    """Scroll `target` to the middle of the window; the page point at (fx, fy) of its box.

    The mouse is then moved there directly: the number printed in a heatmap cell covers its
    centre, and Playwright's own hover/click refuse an element that another one covers.
    """
    target.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
    box = target.bounding_box()
    assert box is not None, "element has no box"
    return box["x"] + box["width"] * fx, box["y"] + box["height"] * fy


def paste(page: Page, box: Locator, text: str) -> None:
    """Put `text` into the box as one insertion (a paste), then commit it as a person does:
    Ctrl+Enter in a text area, Enter in a one-line box."""
    box.click()
    box.press("Control+a")
    page.keyboard.insert_text(text)
    area = box.evaluate("e => e.tagName") == "TEXTAREA"
    box.press("Control+Enter" if area else "Enter")
    wait_idle(page)


def type_sentence(page: Page, text: str, lang: str = "en") -> None:
    """Replace the sidebar sentence and commit it the way a user does (Ctrl+Enter)."""
    box = sidebar(page).get_by_label(TEXTS["sentence"][lang])
    box.fill(text)
    box.press("Control+Enter")
    wait_idle(page)


def not_pwned(page: Page) -> None:
    injected = page.evaluate(
        "() => ({pwned: typeof window.__pwned,"
        " imgs: document.querySelectorAll('img[src=\"x\"], img[onerror]').length})"
    )
    assert injected == {"pwned": "undefined", "imgs": 0}, injected


def drawn_tokens(text: str) -> list[str]:
    """The tokens the default model draws of `text` (its word pieces: lower case, split)."""
    return list(default_model().encode(text).tokens)


# ---- class mode: a teacher's projector and students' phones ---------------------------------

# A class sentence with no word twice: every word option's label is then the word itself, on
# the phone's radio, in its "your answer" line and in the projector's table alike.
CLASS_SENTENCE = "A small dog chased one red ball"


def phone(
    contexts: Contexts,
    locale: str,
    cookies: list[dict[str, str]] | None = None,
    init_script: str | None = None,
) -> Page:
    """A phone (390 × 844, touch) in `locale`: a student's own browser, and session, with no
    cookie but `cookies` (e.g. nginx's sticky cookie, to pick the process). Hand it back with
    `contexts.leave(page)`."""
    page = contexts.person(
        init_script=init_script, viewport=PHONE, is_mobile=True, has_touch=True, locale=locale
    )
    if cookies:
        page.context.add_cookies(cookies)  # type: ignore[arg-type]
    return page


def text_in(page: Page, key: str, **values: object) -> str:
    """A text in the language the page speaks: its browser's (Chinese or English)."""
    chinese = page.evaluate("navigator.language").startswith("zh")
    return zh(key, **values) if chinese else en(key, **values)


def open_all(pages: list[Page], base: str, path: str, params: dict[str, str]) -> None:
    """Open one link on every page at once (as a class scanning a QR code), then wait for each
    first run to end."""
    for page in pages:
        page.goto(f"{base}/{path}?{urlencode(params)}", wait_until="commit", timeout=RUN_TIMEOUT)
    for page in pages:
        wait_loaded(page)
    time.sleep(SETTLE)


TEACHER_COOKIE = "cls_tk_"  # + the code: the teacher key, kept by the teacher's browser


def start_class(tab: Page, base: str, sentence: str = CLASS_SENTENCE) -> tuple[str, str]:
    """Open /class, start a class on `sentence` with the page's own form; (code, teacher key).
    The key is in no address: it is read from the cookie the page gave this browser."""
    open_app(tab, base, "class")
    box = tab.get_by_role("textbox", name=en("cls_sentence"))
    box.fill(sentence)
    box.press("Enter")
    wait_idle(tab)
    tab.get_by_role("button", name=en("cls_start")).click()
    expect_param(tab, "code")
    code = url_params(tab)["code"]
    deadline = time.monotonic() + RUN_TIMEOUT / 1000
    while time.monotonic() < deadline:
        cookies = {c["name"]: c["value"] for c in tab.context.cookies()}
        if TEACHER_COOKIE + code in cookies:
            assert "tk" not in url_params(tab)
            return code, cookies[TEACHER_COOKIE + code]
        time.sleep(0.1)
    raise AssertionError("the teacher page set no cookie with its key")


def teacher_button(tab: Page, key: str) -> Locator:
    return tab.get_by_role("button", name=en(key), exact=True)


def open_voting(tab: Page) -> None:
    """Open voting on the step the teacher page shows, or on the next step that asks a question
    (pressing the page's own Next), whatever the lesson's steps are."""
    for _ in range(20):
        if teacher_button(tab, "cls_open").count():
            break
        teacher_button(tab, "cls_next").click()
        wait_idle(tab)
    teacher_button(tab, "cls_open").click()
    wait_idle(tab)


def choices(phone_page: Page) -> Locator:
    """The answer options a phone offers (its radio)."""
    return phone_page.get_by_test_id("stMainBlockContainer").get_by_test_id("stRadioOption")


def choice_labels(phone_page: Page) -> list[str]:
    expect(choices(phone_page).first).to_be_visible()
    return [text.strip() for text in choices(phone_page).all_inner_texts()]


def vote(phone_page: Page, option: int) -> str:
    """Pick the phone's option number `option`; its label."""
    picked = choices(phone_page).nth(option)
    label = picked.inner_text().strip()
    picked.click()
    wait_idle(phone_page)
    return label


def grid(table: Locator) -> dict[str, list[str]]:
    """An st.dataframe's cells by column title, from the grid's accessible table (the cells
    themselves are drawn on a canvas)."""
    heads = table.locator("th[role='columnheader']").all_inner_texts()
    rows = table.locator("tr[role='row']:has(td)")
    cells = [row.locator("td").all_inner_texts() for row in rows.all()]
    return {head: [row[i] for row in cells] for i, head in enumerate(heads)}


def console(tab: Page) -> Page:
    """The teacher's console of the class on `tab`'s projector: a second page of the same
    browser (its cookie holds the teacher key), `/class?code=…&view=console`."""
    page = tab.context.new_page()
    base = tab.url.split("/class", 1)[0]
    page.goto(f"{base}/class?code={url_params(tab)['code']}&view=console", timeout=RUN_TIMEOUT)
    wait_loaded(page)
    return page


def reveal(tab: Page) -> dict[str, list[str]]:
    """Press Reveal on the projector; the class's answers as the console's table shows them
    (the projector draws them as a chart), once drawn."""
    teacher_button(tab, "cls_reveal").click()
    wait_idle(tab)
    desk = console(tab)
    try:
        table = desk.get_by_test_id("stDataFrame")
        expect(table.locator("td").first).to_be_attached()
        no_exception(tab)
        no_exception(desk)
        return grid(table)
    finally:
        desk.close()


def joined(n: int) -> re.Pattern[str]:
    """The projector's count of students who joined: said alone, or in the live count."""
    alone = re.escape(en("cls_joined", n=n))
    counted = re.escape(en("cls_count", n="\x00", joined=n, round="\x01"))
    counted = counted.replace("\x00", r"\d+").replace("\x01", r"\d+")
    return re.compile(f"^({alone}|{counted})$")


# ---- several app processes behind nginx (deploy/nginx.conf) ----------------------------------


@contextmanager
def cluster(
    folder: Path, processes: int, name: str, env: dict[str, str] | None = None
) -> Iterator[tuple[Nginx, list[Server]]]:
    """`processes` app servers (logs: screenshots/browser/<name>-<i>.log; `env` added to each
    one's environment) behind a foreground nginx with deploy/nginx.conf; all stopped after."""
    servers = [Server(SCREENSHOTS / f"{name}-{i}.log", env=env) for i in range(processes)]
    nginx = Nginx(folder, [server.port for server in servers])
    try:
        for server in servers:
            server.start()
        nginx.start()
        yield nginx, servers
    finally:
        nginx.stop()
        for server in servers:
            server.stop()


def cookie_to(nginx: Nginx, servers: list[Server], index: int, tries: int = 100) -> dict:
    """A sticky cookie (for `BrowserContext.add_cookies`) that nginx routes to servers[index]:
    candidates are tried with a websocket of their own, seen arriving on one process."""

    async def lands(value: str) -> int:
        async with Session(nginx.ws, cookie=f"{COOKIE}={value}"):
            deadline = time.monotonic() + 10
            while sum(counts := [active_sessions(s) for s in servers]) == 0:
                assert time.monotonic() < deadline, "the probe's session arrived nowhere"
                await asyncio.sleep(0.05)
        while any(active_sessions(s) for s in servers):  # closed before the next probe
            await asyncio.sleep(0.05)
        return counts.index(1)

    for _ in range(tries):
        value = secrets.token_hex(8)
        if run_async(lands(value)) == index:
            return {"name": COOKIE, "value": value, "url": nginx.url}
    raise AssertionError(f"no cookie reached process {index} in {tries} tries")
