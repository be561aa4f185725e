"""Class mode run from the front of a room (issue 31), in Chromium, in English and Chinese.

The teacher's browser shows the projector (/class?code=X, 1280 × 720) and, in a second page of
the same browser (the teacher key is its cookie), the console (&view=console, 1440 × 900);
students use phones (390 × 844, touch, their browser's language). Every size is measured on
the page (getComputedStyle, getBoundingClientRect):

1. The projector reads from the back: the question ≥ 32 px, its options ≥ 24 px; after the
   reveal the votes' chart, the reason and the step's chart end on the first 720 px. The join
   slide: the code ≥ 64 px, the QR code ≥ 320 px wide, the address in words; one press hides
   it, another brings it back.
2. The console: who has not answered yet while voting; the students' sentences reach its
   gallery, Show puts one on the projector (which redraws by itself), Hide takes it down,
   Remove takes it out of the list; the projector never shows a sentence nobody showed.
3. End class on the console: every view and phone says the class ended, with no traceback and
   no teacher button; a phone that reloads is told the code opens no class.
4. Phones: no sidebar, no header menu; each answer as wide as the column and ≥ 44 px tall; a
   tap that reaches the server after Reveal is said to be too late and not counted; the
   nickname is saved, and a too long one says where it was cut.
5. The timer (English only: it takes seconds): a 30 s countdown on the projector and the
   phone, going down.
6. The training step asks first (no chart before voting), Train live appears once voting is
   open and trains, and only Reveal shows the reason.

Failures leave a screenshot of every page of the test in /tmp/front-shots/; what each test
measured is appended to /tmp/front-shots/measured.log.
Run: `.venv/bin/python -m pytest tests/browser/test_class_front.py -q -p no:cacheprovider -n 3`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from lessons.lesson import default
from live_class.connection import LIVE_SECONDS
from live_class.store import MAX_NICKNAME, ClassStore, engine_for
from tests.browser.conftest import AppServer
from tests.browser.helpers import (
    CLASS_SENTENCE,
    IDLE,
    MARKS,
    PHONE,
    RUN_SINCE_LAST_ACTION,
    RUN_TIMEOUT,
    SETTLE,
    TEACHER_COOKIE,
    en,
    expect_param,
    grid,
    no_exception,
    open_all,
    open_app,
    phone,
    text_in,
    url_params,
    wait_idle,
    wait_loaded,
    zh,
)
from tests.browser.tabs import Contexts
from ui.i18n import LANGUAGES

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

SHOTS = Path("/tmp/front-shots")
MEASURED = SHOTS / "measured.log"  # what each test measured, one line each (xdist hides prints)
PROJECTOR = {"width": 1280, "height": 720}
CONSOLE = {"width": 1440, "height": 900}
LIVE = (LIVE_SECONDS * 3 + 4) * 1000  # ms: a live part re-reads the class every LIVE_SECONDS
SEE = 15_000  # ms: a run's outcome on a busy machine
LANGS = ("en", "zh")
SENTENCES = {"en": CLASS_SENTENCE, "zh": "黑猫喝了牛奶"}  # the class's sentence in each language
LOCALES = {"en": "en-US", "zh": "zh-CN"}
STEPS = default().steps
OWN_SENTENCES = next(i for i, s in enumerate(STEPS) if s.sentences)
TRAINING = next(i for i, s in enumerate(STEPS) if s.training)
# Keys of the teacher's buttons: none of them may stay on a view of a class that ended.
TEACHER_BUTTONS = (
    "cls_back",
    "cls_next",
    "cls_open",
    "cls_reveal",
    "cls_again",
    "cls_reopen",
    "cls_pause",
    "cls_join_hide",
    "cls_join_show",
    "cls_open_console",
    "cls_end_sure",
)

# In a phone's pages, before Streamlit's own scripts: the auto-rerun of a live part (a
# setInterval of LIVE_SECONDS, Streamlit's fragment run_every) skips its ticks while
# `window.__holdLive` is true, so a test can tap in the moment between the teacher's Reveal and
# the phone's next refresh, every time.
HOLD_LIVE = f"""
window.__holdLive = false;
const __setInterval = window.setInterval;
window.setInterval = function (fn, ms, ...rest) {{
    if (ms === {LIVE_SECONDS * 1000} && typeof fn === "function") {{
        const tick = fn;
        fn = function (...a) {{ if (!window.__holdLive) return tick.apply(this, a); }};
    }}
    return __setInterval.call(this, fn, ms, ...rest);
}};
"""

# Where an element is: its font size and box (null when absent).
BOX = """(selector) => {
    const e = document.querySelector(selector);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return {font: parseFloat(getComputedStyle(e).fontSize), top: r.top, bottom: r.bottom,
            left: r.left, right: r.right, width: r.width, height: r.height,
            visible: e.checkVisibility(), text: e.textContent.slice(0, 120)};
}"""

# The charts after the options (in the page's order): the votes' chart first, then the step's.
CHARTS_AFTER_OPTIONS = """() => {
    const options = document.querySelector(".st-key-class_options");
    if (!options) return [];
    return [...document.querySelectorAll("[data-testid='stVegaLiteChart']")]
        .filter(c => options.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING)
        .map(c => {
            const r = c.getBoundingClientRect();
            const title = c.querySelector("g.role-title text");
            return {top: r.top, bottom: r.bottom, left: r.left, width: r.width,
                    drawn: c.querySelector("svg, canvas") !== null,
                    title: title ? title.textContent : ""};
        });
}"""

# Anything scrolled: a rectangle read on a scrolled page would say less than the first screen.
SCROLLED = """() => [window.scrollY, ...[...document.querySelectorAll("*")].map(e => e.scrollTop)]
    .some(y => y > 0)"""


def texts(lang: str) -> Callable[..., str]:
    return zh if lang == "zh" else en


def note(line: str) -> None:
    """Keep one measurement (the workers' prints are not shown)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    with MEASURED.open("a", encoding="utf-8") as log:
        log.write(line + "\n")
    print(line)


def shot_name(node_name: str, role: str) -> Path:
    name = re.sub(r"[^\w.-]+", "_", node_name)
    return SHOTS / f"{name}-{role}.png"


class Room:
    """The pages of one test: the projector (the `tab`), the console, phones. Closed after the
    test, each screenshot first into /tmp/front-shots/ when it failed."""

    def __init__(self, tab: Page, contexts: Contexts, base: str, lang: str, db_url: str) -> None:
        self.projector, self.contexts, self.base, self.lang = tab, contexts, base, lang
        self.db_url = db_url  # the app server's class database (the test moves the class)
        self.t = texts(lang)
        self.pages: dict[str, Page] = {"projector": tab}
        self.code = ""

    # ---- the teacher ---------------------------------------------------------------------

    def start(self) -> str:
        """Open /class at 1280 × 720, switch to the class's language with the form's own switch,
        start a class on that language's sentence; its code (the key is this browser's cookie)."""
        tab, t = self.projector, self.t
        tab.set_viewport_size(PROJECTOR)
        open_app(tab, self.base, "class")
        if self.lang != "en":
            switch_language(tab, self.lang)
        box = tab.get_by_role("textbox", name=t("cls_sentence"))
        box.fill(SENTENCES[self.lang])
        box.press("Enter")
        wait_idle(tab)
        tab.get_by_role("button", name=t("cls_start")).click()
        expect_param(tab, "code")
        self.code = url_params(tab)["code"]
        deadline = time.monotonic() + SEE / 1000
        while TEACHER_COOKIE + self.code not in {c["name"] for c in tab.context.cookies()}:
            assert time.monotonic() < deadline, "the teacher page set no cookie with its key"
            time.sleep(0.1)
        expect(self.button(tab, "cls_next")).to_be_visible()
        no_exception(tab)
        return self.code

    def console(self) -> Page:
        """The console, opened with the projector's own link (a second page of this browser),
        at 1440 × 900, in the class's language (its own switch)."""
        tab = self.projector
        with tab.context.expect_page() as opened:
            tab.get_by_role("link", name=self.t("cls_open_console")).click()
        page = opened.value
        self.pages["console"] = page
        page.set_viewport_size(CONSOLE)
        wait_loaded(page)
        time.sleep(0.6)
        if self.lang != "en":
            switch_language(page, self.lang)
        expect(page.locator("h1")).to_have_text(self.t("cls_console_title", code=self.code))
        no_exception(page)
        return page

    def button(self, page: Page, key: str) -> Locator:
        return page.get_by_role("button", name=self.t(key), exact=True)

    def press(self, page: Page, key: str) -> None:
        self.button(page, key).click()
        wait_idle(page)

    def go_to(self, page: Page, step: int) -> None:
        """Move the class to `step` as another window of the teacher would (through the store,
        with this browser's key): `page` follows by itself within a few seconds."""
        cookies = {c["name"]: c["value"] for c in self.projector.context.cookies()}
        store = ClassStore(engine_for(self.db_url))
        store.go_to(self.code, cookies[TEACHER_COOKIE + self.code], step, time.time())
        store.engine.dispose()
        expect(
            page.get_by_text(
                self.t("cls_step_of", number=step + 1, n=len(STEPS), m=STEPS[step].minutes)
            )
        ).to_be_visible(timeout=LIVE)
        wait_idle(page)

    # ---- the students --------------------------------------------------------------------

    def phones(self, n: int = 1, locales: tuple[str, ...] = ()) -> list[Page]:
        """`n` new phones (in `locales`, else the class's language), each on the class's link.
        A phone speaks its own language: read its texts with helpers.text_in."""
        made = []
        for i in range(n):
            locale = locales[i] if locales else LOCALES[self.lang]
            page = phone(self.contexts, locale, init_script=HOLD_LIVE)
            self.pages[f"phone{sum(r.startswith('phone') for r in self.pages) + 1}"] = page
            made.append(page)
        open_all(made, self.base, "join", {"code": self.code})
        for page in made:
            no_exception(page)
        return made

    # ---- after the test ------------------------------------------------------------------

    def close(self, failed: bool, node_name: str) -> None:
        if failed:
            SHOTS.mkdir(parents=True, exist_ok=True)
        for role, page in self.pages.items():
            if failed:
                try:
                    page.screenshot(path=str(shot_name(node_name, role)), full_page=True)
                except Exception as error:  # a screenshot must never hide the real failure
                    print(f"screenshot of {role} failed: {error}")
            if role == "projector":
                continue  # the `tab` fixture closes it
            if role.startswith("phone"):
                self.contexts.leave(page)
            else:
                page.close()


@pytest.fixture
def room_of(
    tab: Page,
    contexts: Contexts,
    app_url: str,
    app_server: AppServer,
    request: pytest.FixtureRequest,
) -> Iterator[Callable[[str], Room]]:
    made: list[Room] = []
    db_url = app_server.extra_env["CLASSROOM_DB_URL"]

    def make(lang: str) -> Room:
        made.append(Room(tab, contexts, app_url, lang, db_url))
        return made[-1]

    yield make
    report = getattr(request.node, "report_call", None)
    for room in made:
        room.close(report is not None and report.failed, request.node.name)


def switch_language(page: Page, lang: str) -> None:
    """The page's own language switch (a segmented control: one radio a language)."""
    page.get_by_role("radio", name=LANGUAGES[lang]).click()
    wait_idle(page)
    expect(page.get_by_role("radio", name=LANGUAGES[lang])).to_have_attribute(
        "aria-checked", "true"
    )


def box_of(page: Page, selector: str) -> dict:
    found = page.evaluate(BOX, selector)
    assert found is not None, f"no {selector} on the page"
    return found


def choices(page: Page) -> Locator:
    """A phone's answers (its radio's options)."""
    return page.locator(".st-key-join_answers [data-testid='stRadioOption']")


def seconds_left(page: Page, t: Callable[..., str]) -> int:
    """The countdown a page shows now ("29 s left")."""
    pattern = re.escape(t("cls_timer_left", s=999)).replace("999", r"(\d+)")
    shown = page.get_by_text(re.compile(pattern)).first
    expect(shown).to_be_visible(timeout=LIVE)
    found = re.search(pattern, shown.inner_text())
    assert found, shown.inner_text()
    return int(found.group(1))


def settled_layout(tab: Page, tries: int = 8) -> list[dict]:
    """The charts after the options (and the reason's box) once two readings 0.5 s apart
    agree: a chart drawn before its column took its final width is drawn again."""

    def read() -> list:
        return [tab.evaluate(CHARTS_AFTER_OPTIONS), tab.evaluate(BOX, ".st-key-class_reason")]

    last = read()
    for _ in range(tries):
        time.sleep(0.5)
        now = read()
        if now == last:
            break
        last = now
    return last[0]


# How a run ended: with an exception on the page, or idle (null while it runs).
OUTCOME = f"""() => document.querySelector("[data-testid='stException']") ? "an exception"
    : document.querySelector("{IDLE}") ? "idle" : null"""


def run_outcome(page: Page) -> str:
    """How the run an input started ended: "idle", "an exception", or "a page that never
    finished its run" (seen once: a blank page after the exception)."""
    try:
        page.wait_for_function(RUN_SINCE_LAST_ACTION, timeout=2_000)
    except PlaywrightTimeout:
        pass  # the run was too short to show
    try:
        outcome = page.wait_for_function(OUTCOME, timeout=RUN_TIMEOUT).json_value()
    except PlaywrightTimeout:
        return "a page that never finished its run (blank)"
    time.sleep(SETTLE)
    return str(outcome)


def projector_text(room: Room) -> str:
    return room.projector.get_by_test_id("stMainBlockContainer").inner_text()


# ---- 1. the projector ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_projector_reads_from_the_back_and_reveals_on_one_screen(
    room_of: Callable[[str], Room], lang: str
) -> None:
    room = room_of(lang)
    t, tab = room.t, room.projector
    code = room.start()

    question = box_of(tab, ".st-key-class_question p")
    options = box_of(tab, ".st-key-class_options p")
    note(f"1[{lang}] question {question['font']} px, options {options['font']} px")
    assert question["font"] >= 32, f"the question is {question['font']} px (≥ 32 wanted)"
    assert options["font"] >= 24, f"the options are {options['font']} px (≥ 24 wanted)"

    # the join slide: the code, the QR code, the address in words, all on the first screen
    code_box = box_of(tab, ".st-key-class_join_code p")
    qr = box_of(tab, ".st-key-class_join_slide [data-testid='stImage'] img")
    address = tab.locator(".st-key-class_join_slide [data-testid='stText']")
    expect(address).to_contain_text(f"/join?code={code}")
    where = address.bounding_box()
    note(
        f"1[{lang}] join code {code_box['font']} px, QR {qr['width']} px wide, address "
        f"{address.inner_text()!r} bottom {where and where['y'] + where['height']}"
    )
    assert code_box["text"].strip() == code
    assert code_box["font"] >= 64, f"the join code is {code_box['font']} px (≥ 64 wanted)"
    assert qr["width"] >= 320, f"the QR code is {qr['width']} px wide (≥ 320 wanted)"
    assert code_box["bottom"] <= PROJECTOR["height"] and qr["bottom"] <= PROJECTOR["height"]
    assert where is not None and where["y"] + where["height"] <= PROJECTOR["height"], where
    expect(address).to_be_visible()

    room.press(tab, "cls_join_hide")
    expect(tab.locator(".st-key-class_join_slide")).to_have_count(0)
    expect(tab.get_by_text(f"/join?code={code}")).to_have_count(0)
    room.press(tab, "cls_join_show")
    expect(tab.locator(".st-key-class_join_slide img")).to_be_visible()
    expect(tab.locator(".st-key-class_join_code")).to_have_text(code)

    # a vote, then the reveal: the votes, the reason and the step's chart on the first screen
    room.press(tab, "cls_open")
    (student,) = room.phones()
    choices(student).nth(1).click()
    wait_idle(student)
    expect(student.get_by_text(t("join_sent")).first).to_be_visible(timeout=LIVE)
    expect(tab.get_by_text(t("cls_count", n=1, joined=1, round=1))).to_be_visible(timeout=LIVE)
    room.press(tab, "cls_reveal")
    reason = tab.locator(".st-key-class_reason")
    expect(reason).to_be_visible()
    charts = tab.locator("[data-testid='stVegaLiteChart']")
    expect(charts.nth(1).locator(MARKS).first).to_be_attached()
    no_exception(tab)
    drawn = settled_layout(tab)
    assert not tab.evaluate(SCROLLED), "the projector is scrolled"
    assert len(drawn) >= 2 and all(c["drawn"] for c in drawn), drawn
    votes, step_charts = drawn[0], drawn[1:]  # the votes on the left, the step's beside them
    said = box_of(tab, ".st-key-class_reason")
    note(
        f"1[{lang}] bottoms: votes {votes['bottom']:.1f}, reason {said['bottom']:.1f}, step's "
        + ", ".join(f"{c['bottom']:.1f} ({c['title']!r})" for c in step_charts)
        + f" of {PROJECTOR['height']}"
    )
    assert all(c["left"] > votes["left"] + votes["width"] / 2 for c in step_charts), drawn
    low = {
        "votes' chart": votes["bottom"],
        "reason (.st-key-class_reason)": said["bottom"],
    } | {f"step's chart {c['title']!r}": c["bottom"] for c in step_charts}
    off = {name: round(bottom, 1) for name, bottom in low.items() if bottom > PROJECTOR["height"]}
    assert not off, (
        f"below the first {PROJECTOR['height']} px of the 1280 × 720 projector after Reveal "
        f"(bottom in px): {off}"
    )


LABEL_MIN = 18  # px: the smallest chart text on the projector (read from the back of a room)
SCREEN_FIT = """() => {
  window.scrollTo(0, 0);
  for (const e of document.querySelectorAll("*")) if (e.scrollTop > 0) e.scrollTop = 0;
  const main = document.querySelector("[data-testid='stMainBlockContainer']");
  const shown = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && e.checkVisibility({visibilityProperty: true}); };
  let low = {bottom: 0, what: ""}, right = 0;
  for (const e of main.querySelectorAll("[data-testid='stElementContainer']")) {
    if (!shown(e)) continue;
    const b = e.getBoundingClientRect().bottom;
    if (b > low.bottom) low = {bottom: Math.round(b), what: e.innerText.slice(0, 40)};
  }
  for (const svg of main.querySelectorAll("[data-testid='stVegaLiteChart'] svg")) {
    if (shown(svg)) right = Math.max(right, Math.round(svg.getBoundingClientRect().right));
  }
  let small = {px: 999, what: ""}, charts = [];
  for (const chart of main.querySelectorAll("[data-testid='stVegaLiteChart']")) {
    if (!shown(chart)) continue;
    charts.push(Math.round(chart.getBoundingClientRect().height));
    for (const text of chart.querySelectorAll("svg text")) {
      if (!text.textContent.trim() || !shown(text)) continue;
      const px = parseFloat(getComputedStyle(text).fontSize);
      if (px < small.px) small = {px: px, what: text.textContent.slice(0, 30)};
    }
  }
  return {low: low, small: small, charts: charts, right: right};
}"""


def screen_fit(tab: Page, tries: int = 8) -> dict:
    """The lowest element, the smallest chart text and the charts' heights on the first
    screen, once two readings 0.5 s apart agree (a chart is drawn again at its final size)."""
    last = tab.evaluate(SCREEN_FIT)
    for _ in range(tries):
        time.sleep(0.5)
        now = tab.evaluate(SCREEN_FIT)
        if now == last:
            break
        last = now
    return last


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_fits_the_projector_before_and_after_its_reveal(
    room_of: Callable[[str], Room], lang: str
) -> None:
    """Issue 38: the built-in lesson walked step by step on a 1280 × 720 projector, as the
    class sees it while voting and after the reveal, in each language: nothing past the
    screen's bottom, no chart text under LABEL_MIN px, the step's own charts at least half the
    screen's height."""
    room = room_of(lang)
    tab = room.projector
    room.start()
    room.press(tab, "cls_join_hide")
    seen = []
    for index, step in enumerate(STEPS):
        if index:  # the teacher's Next, as in class (and at once: no live part to wait for)
            room.press(tab, "cls_next")
        step_line = room.t("cls_step_of", number=index + 1, n=len(STEPS), m=step.minutes)
        expect(tab.get_by_text(step_line)).to_be_visible(timeout=LIVE)
        if step.question is not None:
            room.press(tab, "cls_open")  # voting: the count, the timer (and the training show)
        seen.append((index + 1, "asked", screen_fit(tab)))
        if step.question is None:
            continue
        room.press(tab, "cls_reveal")
        expect(tab.locator(".st-key-class_reason")).to_be_visible(timeout=LIVE)
        no_exception(tab)
        fit = screen_fit(tab)
        seen.append((index + 1, "revealed", fit))
        assert all(height >= PROJECTOR["height"] / 2 for height in fit["charts"][1:]), (
            f"step {index + 1}: the step's charts are {fit['charts'][1:]} px high (the votes' "
            f"first); at least {PROJECTOR['height'] // 2} wanted"
        )
    note(
        f"walk[{lang}] (step, state, lowest bottom, charts' heights): "
        + "; ".join(f"{n} {state} {f['low']['bottom']} {f['charts']}" for n, state, f in seen)
    )
    past = [
        (n, state, f["low"]) for n, state, f in seen if f["low"]["bottom"] > PROJECTOR["height"]
    ]
    assert not past, f"past the first {PROJECTOR['height']} px (step, state, lowest): {past}"
    small = [(n, state, f["small"]) for n, state, f in seen if f["small"]["px"] < LABEL_MIN]
    assert not small, f"chart text under {LABEL_MIN} px (step, state, smallest): {small}"

    # another projector shows the same slide, zoomed to it: larger on 1080p, smaller on XGA
    at_720 = seen[-1][2]
    for width, height, zoom in ((1920, 1080, 1.5), (1024, 768, 0.8)):
        tab.set_viewport_size({"width": width, "height": height})
        fit = screen_fit(tab)
        note(f"walk[{lang}] {width}x{height}: {fit}")
        assert fit["low"]["bottom"] <= height and fit["right"] <= width, (width, fit)
        grown = [round(h / h0, 2) for h, h0 in zip(fit["charts"], at_720["charts"], strict=True)]
        assert all(abs(g - zoom) < 0.05 for g in grown), (width, grown)
    tab.set_viewport_size(PROJECTOR)


# ---- 2. the console ------------------------------------------------------------------------


def gallery_row(page: Page, sentence: str, t: Callable[..., str]) -> Locator:
    """The console's gallery row of one sentence: its text and buttons."""
    main = page.get_by_test_id("stMainBlockContainer")
    return (
        main.get_by_test_id("stHorizontalBlock")
        .filter(has=page.get_by_text(sentence, exact=True))
        .filter(has=page.get_by_role("button", name=t("cls_remove"), exact=True))
        .last
    )


def test_console_counts_and_shows_only_the_sentences_the_teacher_picks(
    room_of: Callable[[str], Room],
) -> None:
    """A Chinese teacher's console (after its own language switch), an English and a Chinese
    phone."""
    lang = "zh"
    room = room_of(lang)
    t, tab = room.t, room.projector
    room.start()
    console = room.console()
    # while voting: how many have not answered yet, by itself
    room.button(console, "cls_open").click()  # after the console's own language switch
    assert run_outcome(console) == "idle", "Open voting on the console ended in an error"
    no_exception(console)
    first, second = room.phones(2, ("en-US", "zh-CN"))
    expect(console.get_by_text(t("cls_not_yet", n=2))).to_be_visible(timeout=LIVE)
    choices(first).nth(0).click()
    wait_idle(first)
    expect(console.get_by_text(t("cls_not_yet", n=1))).to_be_visible(timeout=LIVE)

    # the students' sentences
    room.go_to(console, OWN_SENTENCES)
    mine = "the quiet fox watched a small bird"  # from the English phone
    other = "妹妹在读一本很长的书"  # from the Chinese one
    for page, sentence in ((first, mine), (second, other)):
        box = page.get_by_test_id("stMainBlockContainer").get_by_role(
            "textbox", name=text_in(page, "join_sentence")
        )
        expect(box).to_be_visible(timeout=LIVE)  # the phone follows the class by itself
        box.fill(sentence)
        box.press("Enter")
        wait_idle(page)
        page.get_by_role("button", name=text_in(page, "join_send"), exact=True).click()
        wait_idle(page)
        expect(page.get_by_text(text_in(page, "join_sentence_sent"))).to_be_visible(timeout=SEE)

    expect(tab.get_by_text(t("cls_sentences_wait"))).to_be_visible(timeout=LIVE)
    row = gallery_row(console, mine, t)
    expect(row).to_be_visible(timeout=LIVE)  # by itself: the teacher waits at the console
    expect(console.get_by_text(t("cls_gallery", n=2))).to_be_visible(timeout=SEE)
    expect(row).to_be_visible()
    expect(row.get_by_role("button", name=t("cls_show"), exact=True)).to_be_visible()
    expect(row.get_by_role("button", name=t("cls_remove"), exact=True)).to_be_visible()
    expect(row).to_contain_text(t("cls_status_new"))
    shown_now = projector_text(room)
    assert mine not in shown_now and other not in shown_now, "an unshown sentence is projected"

    # Show: on the projector by itself; the other sentence never
    row.get_by_role("button", name=t("cls_show"), exact=True).click()
    wait_idle(console)
    on_screen = tab.locator(".st-key-class_shown").get_by_text(mine, exact=True)
    expect(on_screen).to_be_visible(timeout=LIVE)
    expect(row).to_contain_text(t("cls_status_shown"))
    assert other not in projector_text(room), "a sentence nobody showed is on the projector"
    no_exception(tab)

    # Hide: taken down; the row stays, as shown before
    row.get_by_role("button", name=t("cls_hide_short"), exact=True).click()
    wait_idle(console)
    expect(tab.locator(".st-key-class_shown")).to_have_count(0, timeout=LIVE)
    expect(tab.get_by_text(t("cls_sentences_wait"))).to_be_visible()
    expect(row).to_contain_text(t("cls_status_hidden"))
    shown_now = projector_text(room)
    assert mine not in shown_now and other not in shown_now

    # Remove: out of the list (and never back on the projector)
    row.get_by_role("button", name=t("cls_remove"), exact=True).click()
    wait_idle(console)
    expect(console.get_by_text(t("cls_gallery", n=1))).to_be_visible()
    expect(console.get_by_test_id("stMainBlockContainer").get_by_text(mine)).to_have_count(0)
    expect(gallery_row(console, other, t)).to_be_visible()
    time.sleep(LIVE_SECONDS + 1)
    assert mine not in projector_text(room) and other not in projector_text(room)
    no_exception(console)
    no_exception(tab)


# ---- 3. an ended class -----------------------------------------------------------------------


def test_end_class_reaches_every_view_and_phone(room_of: Callable[[str], Room]) -> None:
    """The teacher in English, the phone in Chinese: each view says it in its own language."""
    room = room_of("en")
    t, tab = room.t, room.projector
    room.start()
    console = room.console()
    (student,) = room.phones(1, ("zh-CN",))
    expect(student.get_by_text(text_in(student, "cls_waiting"))).to_be_visible(timeout=LIVE)

    console.get_by_test_id("stExpander").filter(has_text=t("cls_end")).locator("summary").click()
    confirm = console.get_by_role("checkbox", name=t("cls_end_confirm"), exact=True)
    for _ in range(3):  # a run of the live console can swallow a click; a teacher clicks again
        if confirm.is_checked():
            break
        console.get_by_text(t("cls_end_confirm"), exact=True).click()
        wait_idle(console)
    expect(room.button(console, "cls_end_sure")).to_be_visible(timeout=LIVE)
    room.press(console, "cls_end_sure")
    expect(console.get_by_text(t("cls_ended"))).to_be_visible()
    no_exception(console)

    expect(tab.get_by_text(t("cls_ended"))).to_be_visible(timeout=LIVE)  # by itself
    wait_idle(tab)
    no_exception(tab)
    left = {key: room.button(tab, key).count() for key in TEACHER_BUTTONS}
    assert not any(left.values()), f"teacher buttons left on the projector: {left}"
    expect(tab.locator(".st-key-class_controls")).to_have_count(0)
    expect(tab.locator(".st-key-class_join_slide")).to_have_count(0)
    assert not any(room.button(console, key).count() for key in TEACHER_BUTTONS)

    ended = text_in(student, "cls_ended")
    expect(student.get_by_text(ended)).to_be_visible(timeout=LIVE)  # its live part
    no_exception(student)
    student.reload()
    wait_loaded(student)
    expect(student.get_by_text(text_in(student, "join_wrong"))).to_be_visible()
    expect(choices(student)).to_have_count(0)
    no_exception(student)


# ---- 4. phones -------------------------------------------------------------------------------

# What a phone must not show: the sidebar, the header (its menu), the menu's own parts.
HIDDEN_ON_PHONES = (
    "[data-testid='stSidebar']",
    "[data-testid='stHeader']",
    "[data-testid='stSidebarNav']",
    "[data-testid='stMainMenu']",
    "[data-testid='stExpandSidebarButton']",
    "[data-testid='stSidebarCollapsedControl']",
)
SHOWN_ANYWAY = """(selectors) => selectors.filter(s =>
    [...document.querySelectorAll(s)].some(e => {
        const r = e.getBoundingClientRect();
        return e.checkVisibility() && r.width > 0 && r.height > 0;
    }))"""
ANSWER_BOXES = """() => {
    const main = document.querySelector("[data-testid='stMainBlockContainer']");
    const style = getComputedStyle(main);
    const pads = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const column = main.clientWidth - pads;
    const options = [...document.querySelectorAll(
        ".st-key-join_answers [data-testid='stRadioOption']")];
    return {column, options: options.map(o => {
        const r = o.getBoundingClientRect();
        return {left: r.left, right: r.right, width: r.width, height: r.height};
    })};
}"""


def test_phone_answers_fill_the_screen_and_a_late_tap_is_not_counted(
    room_of: Callable[[str], Room],
) -> None:
    """Two phones, one English and one Chinese, in an English teacher's class."""
    room = room_of("en")
    t, tab = room.t, room.projector
    room.start()
    room.press(tab, "cls_open")
    phones = room.phones(2, ("en-US", "zh-CN"))
    for student in phones:
        expect(choices(student).first).to_be_visible(timeout=LIVE)
        no_exception(student)
        shown = student.evaluate(SHOWN_ANYWAY, list(HIDDEN_ON_PHONES))
        assert not shown, f"visible on a 390 px phone: {shown}"
        boxes = student.evaluate(ANSWER_BOXES)
        column = boxes["column"]
        language = student.evaluate("navigator.language")
        note(f"4[{language}] phone column {column} px, answers {boxes['options']}")
        assert len(boxes["options"]) >= 2, boxes
        for option in boxes["options"]:
            assert option["width"] >= 330, f"an answer is {option['width']} px wide (≥ 330)"
            assert option["width"] >= column - 1, f"an answer is narrower than the column: {boxes}"
            assert option["right"] <= PHONE["width"], boxes
            assert option["height"] >= 44, f"an answer is {option['height']} px tall (≥ 44)"

    # both vote, then the Reveal, then a tap before a phone's next refresh: too late, not counted
    for student in phones:
        choices(student).nth(0).click()
        wait_idle(student)
        # .first: while the phone's live part re-runs, the last run's line can stand beside the
        # new one for a moment (Streamlit clears a run's stale elements when it ends)
        sent = student.get_by_text(text_in(student, "join_sent")).first
        expect(sent).to_be_visible(timeout=SEE)
    expect(tab.get_by_text(t("cls_count", n=2, joined=2, round=1))).to_be_visible(timeout=LIVE)
    student = phones[1]  # the Chinese phone
    first = choices(student).nth(0).inner_text().strip()
    student.evaluate("window.__holdLive = true")  # the phone still shows the open question
    room.press(tab, "cls_reveal")
    console = room.console()
    table = console.get_by_test_id("stDataFrame")
    expect(table.locator("td").first).to_be_attached()
    before = grid(table)
    assert before[t("cls_round", round=1)][:2] == ["2", "0"], before

    late = choices(student).nth(1)
    expect(late).to_be_visible()  # the phone has not refreshed: its answers are still there
    late.click()
    wait_idle(student)
    warning = student.get_by_text(text_in(student, "join_too_late"))
    expect(warning).to_be_visible(timeout=SEE)
    student.evaluate("window.__holdLive = false")
    time.sleep(LIVE_SECONDS + 1)  # a refresh: the warning stays, the first answer is its own
    expect(warning).to_be_visible()
    yours = text_in(student, "join_yours", answer=first)
    expect(student.get_by_text(yours)).to_be_visible(timeout=LIVE)
    expect(choices(student)).to_have_count(0)
    no_exception(student)
    console.reload()  # read the class afresh: the late tap counted nowhere
    wait_loaded(console)
    table = console.get_by_test_id("stDataFrame")
    expect(table.locator("td").first).to_be_attached()
    after = grid(table)
    assert after == before, f"a tap after Reveal changed the count: {before} -> {after}"

    # the nickname: saved, said so; a long one is cut at a word, and the phone says where
    named = text_in(student, "join_nickname")
    expander = student.get_by_test_id("stExpander").filter(has_text=named)
    expander.locator("summary").click()
    nick = expander.get_by_role("textbox", name=named)
    nick.fill("Ada")
    nick.press("Enter")
    wait_idle(student)
    expect(student.get_by_text(text_in(student, "join_nick_saved"))).to_be_visible()
    expect(expander.get_by_text("Ada", exact=True)).to_be_visible()
    no_exception(student)

    long = ("abcdefghij " * 4)[:40]  # 40 characters, typed as a student types them
    nick.fill("")
    nick.press_sequentially(long)
    nick.press("Enter")
    wait_idle(student)
    shown = expander.get_by_test_id("stText").last
    # the last whole word within 24; waited for, as the phone redraws after the save
    expect(shown).to_have_text("abcdefghij abcdefghij", timeout=LIVE)
    kept = shown.inner_text().strip()
    note(f"4[zh] nickname typed {len(long)} characters, kept {kept!r}")
    cut_note = text_in(
        student, "join_cut", kept=len(kept), length=len(long), what=named, limit=MAX_NICKNAME
    )
    expect(student.get_by_text(cut_note)).to_be_visible()


# ---- 5. the timer --------------------------------------------------------------------------


def test_timer_counts_down_on_projector_and_phone(room_of: Callable[[str], Room]) -> None:
    room = room_of("en")
    t, tab = room.t, room.projector
    room.start()
    timer = tab.locator(".st-key-class_timer_en")  # keyed by language: its labels are words
    timer.click()
    tab.get_by_role("option", name=t("cls_timer_s", s=30), exact=True).click()
    wait_idle(tab)
    expect(timer.get_by_role("combobox")).to_have_value(t("cls_timer_s", s=30))
    room.press(tab, "cls_open")
    (student,) = room.phones()
    expect(choices(student).first).to_be_visible(timeout=LIVE)

    projected, on_phone = seconds_left(tab, t), seconds_left(student, t)
    assert 0 < projected <= 30 and 0 < on_phone <= 30, (projected, on_phone)
    time.sleep(LIVE_SECONDS * 2 + 0.5)  # two refreshes of each live part
    later, later_phone = seconds_left(tab, t), seconds_left(student, t)
    note(
        f"5[en] countdown: projector {projected} -> {later} s, phone {on_phone} -> {later_phone} s"
    )
    assert later < projected, f"the projector's countdown did not go down: {projected} -> {later}"
    assert later_phone < on_phone, (
        f"the phone's countdown did not go down: {on_phone} -> {later_phone}"
    )
    no_exception(tab)
    no_exception(student)


# ---- 6. the training step --------------------------------------------------------------------


def test_training_step_asks_plays_the_show_then_reveals(room_of: Callable[[str], Room]) -> None:
    lang = "zh"  # the projector's other tests run in both languages
    room = room_of(lang)
    t, tab = room.t, room.projector
    room.start()
    room.go_to(tab, TRAINING)

    # it asks first: the question, no chart, no show to play, no reason
    expect(tab.locator(".st-key-class_question p")).to_be_visible()
    expect(tab.get_by_test_id("stVegaLiteChart")).to_have_count(0)
    expect(room.button(tab, "show_play")).to_have_count(0)
    expect(tab.locator(".st-key-class_reason")).to_have_count(0)

    # once voting is open, the show: played for the whole class, then held
    room.press(tab, "cls_open")
    play = room.button(tab, "show_play")
    expect(play).to_be_visible()
    expect(tab.get_by_test_id("stVegaLiteChart").first.locator(MARKS).first).to_be_attached()
    room.press(tab, "show_play")
    playing = re.escape(t("show_playing", step=998, steps=999, s=997, total=996))
    playing = re.sub(r"99[6-9]", r"\\d+", playing)
    expect(tab.get_by_text(re.compile(playing))).to_be_visible(timeout=LIVE)
    room.press(tab, "show_pause")
    paused = re.sub(r"99[89]", r"\\d+", re.escape(t("show_paused", step=998, steps=999)))
    expect(tab.get_by_text(re.compile(paused))).to_be_visible(timeout=LIVE)
    no_exception(tab)
    expect(tab.locator(".st-key-class_reason")).to_have_count(0)  # not before the reveal

    room.press(tab, "cls_reveal")
    expect(tab.locator(".st-key-class_reason")).to_be_visible()
    expect(tab.get_by_text(re.compile(paused))).to_be_visible()  # the show stays where it is
    no_exception(tab)
