"""Hostile input in a real browser: nothing the user types or links to runs, users stay apart.

1. Every page of the menu, opened from links that carry HTML, SVG, script and Markdown/LaTeX
   tricks in the sentence and in the page's own text inputs: nothing runs, nothing is injected,
   the text shows up literally (text boxes, chart labels, tooltips, notes) and a CSV export
   keeps spreadsheet formulas inert. The check of every page is run by the one pass over the
   pages in tests/browser/test_pages.py (one load of each page per screen and language).
2. Ten users at once on one server, each with their own sentence, language and settings: no
   one sees another's sentence, and the server's memory stays bounded (a soak: `make soak`).
3. Tampered links that only a browser sends (control characters, a 20,000-character text,
   empty and repeated parameters, a #fragment, broken percent-encoding).

Run: `.venv/bin/python -m pytest tests/browser/test_security.py -q`. The few helpers used here
are copied from test_pages.py on purpose, so that this file does not depend on where those live.
"""

from __future__ import annotations

import asyncio
import csv
import io
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import parse_qs, quote, urlencode, urlparse

import pytest
from playwright.async_api import Page as AsyncPage
from playwright.async_api import TimeoutError as PlaywrightAsyncTimeout
from playwright.async_api import async_playwright
from playwright.async_api import expect as async_expect
from playwright.sync_api import Locator, Page, expect

from app_pages.dot.params import VEC_A, VEC_B
from core.learning.corpus import ProbeProblem, check_probe
from core.models.e5 import load_e5
from core.params import MAX_TEXT_CHARS
from core.tokenize import MAX_TOKENS, tokenize, tokenize_all
from core.wordpiece import WordPieceTokenizer
from live_class.connection import CODE
from tests.apptest_utils import MENU, PAGE_PARAMS, default_model
from tests.browser.helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    REPO,
    SCREENSHOTS,
    chart_download,
    charts,
    expect_param,
    url_params,
    wait_idle,
    wait_loaded,
)
from ui.i18n import TEXTS
from ui.link_patch import LINK_MAX_CHARS, LINK_MAX_PARAMS
from ui.markdown import JOINER
from ui.session import last_word
from ui.settings import DEFAULT_TEXT, INDEX_LISTS

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

expect.set_options(timeout=20_000)  # a loaded 2-CPU machine can take seconds to draw a chart

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
RUNNING = "[data-testid='stApp'][data-test-script-state='running']"
RUN_TIMEOUT = 60_000  # ms: one script run, cold caches included
SETTLE = 0.3  # s: pause after a run so the front end finishes drawing
CHART = "[data-testid='stVegaLiteChart']"
MARKS = "g.role-mark path, g.role-mark rect, g.role-mark image, g.role-mark text"

# ---- the hostile sentences -----------------------------------------------------------------------

IMG = '<img src=x onerror="window.__pwned=1">'
SCRIPT = "<script>window.__pwned=1</script>"
SVG = '<svg onload="window.__pwned=1">'
MARKDOWN = r"**bold** [x](javascript:window.__pwned=1) $\alert{x}$ <b>b</b>"
# page 7 splits its probe on spaces and wants six known words: these six are all unknown, and
# the warning that says so quotes them
PROBE_HTML = "<img src=x onerror=window.__pwned=1> <b>b</b> <script>__pwned=1</script> z"
PROBE_MARKDOWN = r"**bold** [x](javascript:window.__pwned=1) $\alert{x}$ __pwned__ ~~s~~ `c`"

# Two links per page: the sentence and the page's own text inputs carry different tricks, so
# that every text box sees raw HTML and Markdown at least once. Page 4 is opened in cross
# attention, the mode that shows its source and target boxes.
LOADS = {
    "html": {
        "text": f"{IMG} {SCRIPT} {SVG}",
        "score": {"kind": "cross", "source": MARKDOWN, "target": IMG},
        "compare": {"ca": SCRIPT, "cb": MARKDOWN},
        "learn": {"probe": PROBE_HTML},
        "change-one-word": {"alt": MARKDOWN},
        "next-word": {"prompt": MARKDOWN},
    },
    "markdown": {
        "text": MARKDOWN,
        "score": {"kind": "cross", "source": f"{SVG} {SCRIPT}", "target": MARKDOWN},
        "compare": {"ca": MARKDOWN, "cb": IMG},
        "learn": {"probe": PROBE_MARKDOWN},
        "change-one-word": {"alt": IMG},
        "next-word": {"prompt": IMG},
    },
}
OWN_INPUTS = {  # url parameter -> label key of the page's own text input
    "source": "source",
    "target": "target",
    "ca": "cmp_sentence_a",
    "cb": "cmp_sentence_b",
    "probe": "learn_probe",
    "alt": "variant_b",
    "prompt": "nw_prompt",
}
TITLE_KEYS = {
    "home": "nav_home",
    "input": "nav_input",
    "rows": "nav_rows",
    "weights": "nav_weights",
    "score": "nav_score",
    "roles": "nav_roles",
    "dot-product": "nav_dot",
    "learn": "nav_learn",
    "summary": "nav_summary",
    "real-model": "nav_real",
    "compare": "nav_compare",
    "present": "nav_present",
    "glossary": "nav_glossary",
    "qk-map": "nav_qk_map",
    "atlas": "nav_atlas",
    "next-word": "nav_next_word",
    "change-one-word": "nav_variant",
    "class": "nav_class",
    "join": "nav_join",
}
# pages whose charts have the sentence's tokens on an axis
TOKEN_AXES = {"home", "input", "rows", "roles", "summary"}
# pages that draw no chart for these links (page 7 refuses the probe; presenter mode starts
# with a table; the glossary is text)
CHARTLESS = {"learn", "present", "glossary"}
# pages with a word picker ("index: token"), the last token chosen at first
PICKERS = {"rows", "roles", "dot-product"}

# everything an injection would leave in the page; all of it must stay empty
INJECTED_JS = """() => {
    const all = [...document.querySelectorAll('*')];
    const handlers = all.filter(e => [...e.attributes].some(
        a => a.name.toLowerCase().startsWith('on') && a.value.includes('__pwned')));
    // Markdown or HTML formatting made from the user's text (the app's own code blocks show
    // the share link, which holds "__pwned" percent-encoded: only a code of "c" counts there)
    const formatted = [
        ...[...document.querySelectorAll('b, strong, em, i, del, s')].filter(e => {
            const text = e.textContent.trim();
            return ['b', 'bold', 's'].includes(text) || text.includes('pwned');
        }),
        ...[...document.querySelectorAll('code')].filter(e => e.textContent.trim() === 'c'),
    ];
    return {
        pwned: typeof window.__pwned,
        img_onerror: document.querySelectorAll('img[onerror]').length,
        img_x: document.querySelectorAll('img[src="x"]').length,
        svg_onload: document.querySelectorAll('svg[onload]').length,
        scripts: [...document.querySelectorAll('script')]
            .filter(s => s.textContent.includes('__pwned')).length,
        js_links: document.querySelectorAll(
            'a[href^="javascript:" i], [src^="javascript:" i], [href*="__pwned"]').length,
        handlers: handlers.map(e => e.outerHTML.slice(0, 120)),
        formatted: formatted.map(e => e.outerHTML.slice(0, 120)),
        latex: [...document.querySelectorAll('.katex, .katex-error')]
            .filter(e => e.textContent.includes('alert')).length,
    };
}"""
CLEAN = {
    "pwned": "undefined",
    "img_onerror": 0,
    "img_x": 0,
    "svg_onload": 0,
    "scripts": 0,
    "js_links": 0,
    "handlers": [],
    "formatted": [],
    "latex": 0,
}


# ---- helpers (copied from test_pages.py, kept small) ------------------------------------------


def tr(lang: str, key: str, **kwargs: object) -> str:
    text = TEXTS[key][lang]
    return text.format(**kwargs) if kwargs else text


def en(key: str, **kwargs: object) -> str:
    return tr("en", key, **kwargs)


# Every link here opens the random-weights model unless it names one: it draws each token as
# typed, which is what these tests follow (the default model splits and lower-cases words).
TOKENS_AS_TYPED = {"src": "toy"}


def link(base: str, path: str, params: dict[str, str] | None = None) -> str:
    params = TOKENS_AS_TYPED | (params or {})
    return f"{base}/{path}?{urlencode(params, quote_via=quote)}"


def open_url(page: Page, url: str, charts: int = 0) -> None:
    """Open a link (a new session) and wait for its first run to end and its charts to draw."""
    page.goto(url)
    wait_loaded(page)
    time.sleep(SETTLE)
    wait_charts_drawn(page, charts)


def wait_charts_drawn(page: Page, at_least: int = 0, timeout: float = 45.0) -> int:
    """Wait until at least `at_least` charts are on the page, every one has drawn its marks
    and their number has held still for a moment; how many there are.

    Streamlit draws a chart of more than 2,000 marks on a canvas (a heatmap of more than about
    30 tokens, with its numbers): its labels are pixels then, not text in the page.
    """
    deadline = time.monotonic() + timeout
    last = -1
    while True:
        total, drawn = page.evaluate(
            f"""() => {{
                const charts = [...document.querySelectorAll("{CHART}")];
                const drawn = c => c.querySelector("{MARKS}") !== null
                    || c.querySelector("canvas.marks[width]") !== null;
                return [charts.length, charts.filter(drawn).length];
            }}"""
        )
        if total == drawn == last and total >= at_least:
            return total
        assert time.monotonic() < deadline, f"{drawn} of {total} charts drawn, {at_least} wanted"
        last = total if total == drawn else -1
        time.sleep(0.25)


def sidebar(page: Page) -> Locator:
    return page.get_by_test_id("stSidebar")


def sentence_box(page: Page, lang: str = "en") -> Locator:
    return sidebar(page).get_by_role("textbox", name=TEXTS["sentence"][lang])


def no_exception(page: Page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)


def not_injected(page: Page) -> None:
    found = page.evaluate(INJECTED_JS)
    assert found == CLEAN, found


def axis_lists(page: Page) -> list[list[str]]:
    """The label texts of every axis of every chart, one list per axis."""
    return page.locator(f"{CHART} g.role-axis").evaluate_all(
        """axes => axes.map(a => [...a.querySelectorAll('g.role-axis-label text')]
                                  .map(e => e.textContent))"""
    )


def alerts_text(page: Page) -> str:
    return "\n".join(page.get_by_test_id("stAlert").all_inner_texts())


def captions_text(page: Page) -> str:
    return "\n".join(page.get_by_test_id("stCaptionContainer").all_inner_texts())


def tokens_of(text: str) -> list[str]:
    return list(tokenize(text).tokens)


def quoted(words: list[str]) -> list[str]:
    return [f"“{w}”" for w in dict.fromkeys(words)]


_WORDPIECE: WordPieceTokenizer | None = None


def wordpieces(text: str) -> list[str]:
    """The real model's tokens for `text`: [CLS], word pieces, [SEP], at most 64."""
    global _WORDPIECE
    if _WORDPIECE is None:
        _WORDPIECE = WordPieceTokenizer.from_vocab_file(REPO / "models" / "minilm" / "vocab.txt")
    return _WORDPIECE.encode(text, max_tokens=MAX_TOKENS).tokens


_BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_SIGNS = "=+-@＝＋－＠﹦﹢﹣﹫"  # and their full-width and small forms


def safe_cell(label: str) -> str:
    """What a CSV label must look like (written apart from core/export.py, as a check of it):
    no bidi control; a formula sign, even behind invisible characters, is defused with a quote."""
    label = "".join(ch for ch in label if ch not in _BIDI)
    shown = label.lstrip(" \u200b\u200c\u200d\u2060\ufeff\u00a0\u3000\n")
    risky = label[:1] in ("\t", "\r") or shown[:1] in _SIGNS
    return "'" + label if risky else label


# ---- 1. nothing runs, on every page ------------------------------------------------------------

MENU_PATHS = [spec.url_path for spec in MENU]


def test_every_menu_page_is_covered() -> None:
    """A page added to the menu must be added here too (its title key, its text inputs)."""
    assert set(MENU_PATHS) == set(TITLE_KEYS), set(MENU_PATHS) ^ set(TITLE_KEYS)
    own = {key for spec in MENU for key in spec.params if PAGE_PARAMS[key].kind == "text"}
    own -= set(INDEX_LISTS)  # token numbers, not a text box (tests/test_groups_pages.py)
    own -= {VEC_A, VEC_B}  # numbers typed on page 6, refused unless numbers (test_present_dot)
    own -= {key for key in own if PAGE_PARAMS[key].private}  # keys, never a text box
    own -= {CODE}  # a join code, kept to its alphabet (tests/test_class_pages.py)
    assert own <= set(OWN_INPUTS), own - set(OWN_INPUTS)  # a new text box: add its label key
    covered = {
        key for load in LOADS.values() for v in load.values() if isinstance(v, dict) for key in v
    }
    assert own <= covered, own - covered


def test_injection_detector_sees_injections(tab: Page) -> None:
    """The checks below would notice an injection: each trick, put in a page on purpose."""
    tab.set_content(
        f"<p>{IMG}</p><p>{SVG}</p>{SCRIPT}<a href='javascript:window.__pwned=1'>x</a>"
        "<b>b</b><strong>bold</strong><code>c</code><div onclick='__pwned=2'></div>"
    )
    tab.wait_for_function("() => window.__pwned === 1")
    found = tab.evaluate(INJECTED_JS)
    assert found["pwned"] == "number"
    for key in ("img_onerror", "img_x", "svg_onload", "scripts", "js_links"):
        assert found[key] >= 1, (key, found)
    assert len(found["handlers"]) >= 3 and len(found["formatted"]) == 3, found


# which load each language's pass of tests/browser/test_pages.py opens on every page
LOAD_OF = {"en": "html", "zh": "markdown"}


def hostile_link(app_url: str, path: str, lang: str) -> str:
    """The hostile link of `path` in `lang`: the sentence and the page's own text boxes."""
    load = LOADS[LOAD_OF[lang]]
    extra: dict[str, str] = load.get(path, {})  # type: ignore[assignment]
    params = {"text": load["text"], **extra} | ({"lang": lang} if lang != "en" else {})
    return link(app_url, path, params)


def check_hostile_text_stays_text(
    tab: Page, app_url: str, path: str, lang: str, *, opened: bool = False
) -> None:
    """A link full of HTML, SVG, script and Markdown/LaTeX tricks: nothing runs, nothing is
    injected, the text is shown as text wherever the page shows it.

    Run on every page in both languages by the one pass over the pages
    (tests/browser/test_pages.py::test_every_page), which loads each page once per screen;
    `opened`: the tab already went to hostile_link(...), so only wait for its run to end.
    """
    load = LOADS[LOAD_OF[lang]]
    text = load["text"]
    extra: dict[str, str] = load.get(path, {})  # type: ignore[assignment]
    if opened:
        wait_loaded(tab)
        time.sleep(SETTLE)
        wait_charts_drawn(tab, 0 if path in CHARTLESS else 1)
    else:
        open_url(tab, hostile_link(app_url, path, lang), 0 if path in CHARTLESS else 1)

    no_exception(tab)
    expect(tab.locator("h1").first).to_contain_text(tr(lang, TITLE_KEYS[path]))
    not_injected(tab)

    # the sentence and the page's own text boxes hold the text exactly as given
    expect(sentence_box(tab, lang)).to_have_value(text)
    for key, value in extra.items():
        if key in OWN_INPUTS:
            # in view with no click: a box whose text needs fixing opens its folded panel itself
            box = tab.get_by_test_id("stMain").get_by_role(
                "textbox", name=tr(lang, OWN_INPUTS[key])
            )
            expect(box).to_have_value(value)
    expect_param(tab, "text", text)  # written back to the link unchanged

    # the tokens are drawn as plain chart labels, "<" and all
    axes = axis_lists(tab)
    if path == "real-model":  # a long sentence's square heatmaps are canvases, not text: the
        # output Z (tokens by dimensions) is drawn as SVG, in its tab, drawn once chosen
        tab.get_by_role("tab", name=tr(lang, "tab_output")).click()
        wait_idle(tab)
        wait_charts_drawn(tab, 2)
        axes += axis_lists(tab)
    expected: list[list[str]] = []
    if path in TOKEN_AXES:
        expected.append(tokens_of(text))
    if path == "score":
        expected += [tokens_of(extra["source"]), tokens_of(extra["target"])]
    if path == "compare":
        expected += [tokens_of(extra["ca"]), tokens_of(extra["cb"])]
    if path == "real-model":
        expected.append(wordpieces(text))
    for tokens in expected:
        assert tokens in axes, (tokens, axes)

    if path == "home":  # the tokens, one code block
        expect(tab.get_by_test_id("stMain").get_by_test_id("stCode")).to_contain_text(
            " | ".join(tokens_of(text))
        )
    if path in PICKERS:  # the word pickers name tokens as text, on the last word at first
        tokens = tokens_of(text)  # the link asks for the toy: tokens as typed
        values = (
            tab.get_by_test_id("stMain")
            .get_by_role("combobox")
            .evaluate_all("els => els.map(e => e.value)")
        )
        i = last_word(tokens)
        assert f"{i}: {tokens[i]}" in values, values
    if path == "learn":  # refused for its unknown words, which are quoted as text
        check = check_probe(extra["probe"])
        assert check.problem is ProbeProblem.UNKNOWN_WORDS and len(check.offending) == 6
        warning = alerts_text(tab).replace(JOINER, "")  # the joiner that keeps a link inert
        for word in quoted(list(check.offending)):
            assert word in warning, (word, warning)
    # the note on repeated tokens quotes them literally (Markdown escaped, not interpreted)
    notes = captions_text(tab)
    prefix = tr(lang, "repeated_note").split("{words}")[0]
    if prefix in notes and path not in ("real-model", "score", "compare"):
        minilm = path in ("atlas", "change-one-word")  # these pages note a real model's pieces
        if path == "present":  # the lesson always runs on the default model, whatever `src` says
            pieces = list(default_model().encode(text).tokens)
        elif minilm and lang == "zh":  # Chinese opens them on e5
            pieces = list(load_e5().run(text, max_tokens=MAX_TOKENS).tokens)
        else:
            pieces = wordpieces(text) if minilm else tokens_of(text)
        repeated = [w for w, c in Counter(t.lower() for t in pieces).items() if c > 1]
        for word in quoted(repeated):
            assert word in notes, (word, notes)
    if path == "input":
        assert prefix in notes, notes
    not_injected(tab)  # again, after everything had time to load (an onerror fires late)


def test_tooltip_shows_html_token_as_text(tab: Page, app_url: str) -> None:
    open_url(tab, link(app_url, "score", {"text": IMG}))
    title = en("m_factor")
    factor = (
        tab.locator(CHART)
        .filter(has=tab.locator("g.role-title text").filter(has_text=title[:10]))
        .first
    )
    cells = factor.locator("g.mark-rect").first.locator("path[aria-roledescription='rect mark']")
    expect(cells.first).to_be_attached()
    target = None
    query, key = en("ax_query"), en("ax_key")
    for i in range(cells.count()):
        label = cells.nth(i).get_attribute("aria-label") or ""
        fields = dict(part.split(": ", 1) for part in label.split("; ") if ": " in part)
        if fields.get(query) == "000|<" and fields.get(key) == "001|img":
            target = cells.nth(i)
            break
    assert target is not None, "no cell for the query '<' and the key 'img'"
    target.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
    box = target.bounding_box()
    assert box is not None
    # off-centre: the number printed in the middle of the cell covers it
    tab.mouse.move(box["x"] + box["width"] * 0.2, box["y"] + box["height"] * 0.2)

    tooltip = tab.locator("#vg-tooltip-element")
    expect(tooltip).to_be_visible()
    expect(tooltip).to_contain_text("<")
    expect(tooltip).to_contain_text("img")
    html = tooltip.evaluate("e => e.innerHTML")
    assert "&lt;" in html and "<img" not in html, html
    assert tooltip.locator("img, script, svg").count() == 0
    not_injected(tab)


CSV_SENTENCE = "=cmd|' /C calc'!A0 hello +1 -2 @x"


def test_csv_download_keeps_formulas_inert(tab: Page, app_url: str, tmp_path: Path) -> None:
    tokens = tokens_of(CSV_SENTENCE)
    assert {"=", "+", "-", "@"} <= set(tokens), tokens
    open_url(tab, link(app_url, "score", {"text": CSV_SENTENCE}))
    no_exception(tab)
    # the page's first chart, tokens by tokens
    button = chart_download(tab, charts(tab).first, en("csv"))
    with tab.expect_download(timeout=RUN_TIMEOUT) as download_info:
        button.click()
    assert download_info.value.suggested_filename.endswith(".csv")
    saved = tmp_path / "matrix.csv"
    download_info.value.save_as(saved)
    text = saved.read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(text)))

    labels = [safe_cell(token) for token in tokens]
    assert rows[0][1:] == labels, rows[0]
    assert [row[0] for row in rows[1:]] == labels
    values = [float(value) for row in rows[1:] for value in row[1:]]  # the rest are numbers
    assert len(values) == len(tokens) ** 2
    labels_seen = rows[0] + [row[0] for row in rows[1:]]
    formulas = [cell for cell in labels_seen if cell[:1] in ("=", "+", "-", "@")]
    assert not formulas, formulas  # nothing a spreadsheet would evaluate
    assert "'=" in rows[0] and "'+" in rows[0] and "'-" in rows[0] and "'@" in rows[0]
    assert "cmd" in rows[0] and "calc" in rows[0]  # the words themselves are kept
    not_injected(tab)


# ---- 2. ten users at once ----------------------------------------------------------------------

# each user: a sentence of words no other user has, a language and settings of their own (none
# at its default, which the link would leave out)
USERS = [
    ("en", "The copper kettle whistled at dawn", {"seed": "1", "d_model": "14"}),
    ("zh", "小猫在窗台上晒太阳", {"seed": "2", "softmax": "0"}),
    ("en", "Seven purple owls guard the orchard", {"seed": "3", "d_model": "6", "numbers": "0"}),
    ("zh", "老师把黑板擦得很干净", {"seed": "4", "d_model": "12"}),
    ("en", "A quiet river carved the canyon", {"seed": "5", "softmax": "0", "d_model": "10"}),
    ("zh", "春雨绵绵滋润着麦田", {"seed": "6", "numbers": "0"}),
    ("en", "Brave gulls chased fishing boats", {"seed": "7", "d_model": "4"}),
    ("zh", "弟弟喜欢吃冰淇淋", {"seed": "8", "softmax": "0"}),
    ("en", "Old maps hide forgotten islands", {"seed": "9", "d_model": "16", "numbers": "0"}),
    ("zh", "月亮挂在山顶", {"seed": "10", "d_model": "6", "softmax": "0"}),
]
# five pages with the tokens on a chart axis; each user starts at another one (by link) and
# goes on through the other four by the sidebar menu
ROUTE = ["", "input", "rows", "roles", "score"]
USER_TITLES = {
    "": "nav_home",
    "input": "nav_input",
    "rows": "nav_rows",
    "roles": "nav_roles",
    "score": "nav_score",
}
USERS_RSS_LIMIT_MB = 1536  # generous: ten sessions share the caches, they do not copy them
ASYNC_TIMEOUT = 150_000  # ms: ten browser tabs and ten sessions share two CPUs


class PeakRss:
    """Polls a process's resident memory (VmRSS) every `interval` seconds in a thread."""

    def __init__(self, pid: int, interval: float = 0.2) -> None:
        self.status = Path(f"/proc/{pid}/status")
        self.interval = interval
        self.first_kb = self.peak_kb = self._read()
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _read(self) -> int:
        try:
            for line in self.status.read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        except (OSError, ValueError):
            pass
        return 0

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak_kb = max(self.peak_kb, self._read())
            self.samples += 1
            self._stop.wait(self.interval)

    def __enter__(self) -> PeakRss:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)


async def _wait_idle_async(page: AsyncPage) -> None:
    try:
        await page.wait_for_selector(RUNNING, timeout=300)
    except PlaywrightAsyncTimeout:
        pass  # the run was over before we looked
    await page.wait_for_selector(IDLE, timeout=ASYNC_TIMEOUT)
    await asyncio.sleep(SETTLE)


async def _axes_drawn(page: AsyncPage, wanted: list[list[str]], where: str) -> list[list[str]]:
    """Wait until every list in `wanted` is an axis of some chart; every axis's labels.

    Under load the browser draws seconds after the server's run has ended, and one chart of a
    page can be drawn before another: poll until all of them are there, do not look once.
    """
    deadline = time.monotonic() + ASYNC_TIMEOUT / 1000
    while True:
        axes = await page.locator(f"{CHART} g.role-axis").evaluate_all(
            """axes => axes.map(a => [...a.querySelectorAll('g.role-axis-label text')]
                                      .map(e => e.textContent))"""
        )
        missing = [labels for labels in wanted if labels not in axes]
        if not missing:
            return axes
        if time.monotonic() > deadline:
            raise AssertionError(f"{where}: no chart with the axis {missing[0]}; axes: {axes}")
        await asyncio.sleep(0.5)


async def _one_user(browser, base: str, n: int) -> list[str]:
    """Open a link, then click through the menu; every page shows only this user's things."""
    lang, text, settings = USERS[n]
    tokens = tokens_of(text)
    others = {tok for m, (_, t, _) in enumerate(USERS) if m != n for tok in tokens_of(t)}
    others -= set(tokens)
    route = ROUTE[n % len(ROUTE) :] + ROUTE[: n % len(ROUTE)]
    locale = "zh-CN" if lang == "zh" else "en-US"
    context = await browser.new_context(viewport={"width": 1400, "height": 900}, locale=locale)
    context.set_default_timeout(ASYNC_TIMEOUT)
    page = await context.new_page()
    visited: list[str] = []
    where = f"user {n} ({lang})"
    try:
        wanted = {"lang": lang, "text": text, **settings}
        await page.goto(link(base, route[0], wanted))
        for i, path in enumerate(route):
            where = f"user {n} ({lang}) on /{path}"
            if i > 0:
                nav = page.get_by_test_id("stSidebarNav")
                await nav.locator(f"a[href$='/{path}']").click()
            title = TEXTS[USER_TITLES[path]][lang]
            await async_expect(page.locator("h1").filter(has_text=title)).to_have_count(
                1, timeout=ASYNC_TIMEOUT
            )
            await _wait_idle_async(page)
            sidebar = page.get_by_test_id("stSidebar")
            box = sidebar.get_by_role("textbox", name=TEXTS["sentence"][lang])
            await async_expect(box).to_have_value(text, timeout=ASYNC_TIMEOUT)
            # this user's tokens, and on page 1 their embedding width (d_model) as an axis
            wanted_axes = [tokens]
            if path == "input":
                wanted_axes.append([str(d) for d in range(int(settings.get("d_model", "8")))])
            axes = await _axes_drawn(page, wanted_axes, where)
            assert await page.get_by_test_id("stException").count() == 0, where
            strangers = others & {label for axis in axes for label in axis}
            assert not strangers, f"{where}: another user's tokens {strangers}"
            # the menu is in this user's language (the title was checked above)
            menu = await page.get_by_test_id("stSidebarNav").locator("a").all_inner_texts()
            assert TEXTS["nav_input"][lang] in menu, (where, menu)
            # this user's settings: in the link, on the softmax switch, in the embedding width
            query = {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}
            for key, value in wanted.items():
                assert query.get(key) == value, (where, key, query)
            switch = sidebar.get_by_role("switch", name=TEXTS["softmax"][lang])
            if path == "input":  # page 1 stops before the weights: the sidebar has no softmax
                await async_expect(switch).to_have_count(0, timeout=ASYNC_TIMEOUT)
            elif settings.get("softmax") == "0":
                await async_expect(switch).not_to_be_checked(timeout=ASYNC_TIMEOUT)
            else:
                await async_expect(switch).to_be_checked(timeout=ASYNC_TIMEOUT)
            visited.append(path)
        return visited
    except Exception as error:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        try:
            await page.screenshot(path=str(SCREENSHOTS / f"many_users_{n}.png"), full_page=True)
        except Exception as shot_error:  # never hide the real failure
            print(f"screenshot failed: {shot_error}")
        raise AssertionError(f"{where}: {error}") from error
    finally:
        await context.close()


async def _many_users(base: str) -> list[list[str] | BaseException]:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return await asyncio.gather(
                *(_one_user(browser, base, n) for n in range(len(USERS))), return_exceptions=True
            )
        finally:
            await browser.close()


# a soak: ten browsers on two CPUs (make test keeps the short crowds of tests/test_bench_short.py)
@pytest.mark.soak
@pytest.mark.timeout(420)
def test_ten_users_at_once_stay_apart(app_server, app_url: str, record_property) -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    assert app_server.process is not None
    outcome: dict[str, object] = {}

    def run() -> None:  # its own thread: no clash with the sync Playwright of other tests
        try:
            outcome["results"] = asyncio.run(_many_users(app_url))
        except BaseException as error:
            outcome["error"] = error

    started = time.monotonic()
    with PeakRss(app_server.process.pid) as rss:
        thread = threading.Thread(target=run)
        thread.start()
        thread.join()
    seconds = time.monotonic() - started
    peak_mb, first_mb = rss.peak_kb / 1024, rss.first_kb / 1024
    print(
        f"\n10 users: {seconds:.1f} s; server RSS {first_mb:.0f} MB before, "
        f"peak {peak_mb:.0f} MB ({rss.samples} samples)"
    )
    record_property("server_rss_before_mb", round(first_mb, 1))
    record_property("server_rss_peak_mb", round(peak_mb, 1))
    record_property("ten_users_seconds", round(seconds, 1))

    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    results = outcome["results"]
    assert isinstance(results, list)
    failures = [(n, r) for n, r in enumerate(results) if isinstance(r, BaseException)]
    assert not failures, "\n".join(f"user {n}: {r!r}" for n, r in failures)
    for visited in results:
        assert isinstance(visited, list) and len(visited) == len(ROUTE)  # all finished
    assert app_server.alive(), "the server died under ten users"
    assert rss.samples > 0 and peak_mb > 0
    assert peak_mb < USERS_RSS_LIMIT_MB, f"server peak RSS {peak_mb:.0f} MB"


# ---- 3. tampered links -------------------------------------------------------------------------


def refused(page: Page) -> Locator:
    return page.get_by_test_id("stAlert").filter(has_text=en("url_rejected_title"))


def draws(page: Page, path: str) -> None:
    no_exception(page)
    expect(page.locator("h1").first).to_contain_text(en(TITLE_KEYS[path]))
    assert wait_charts_drawn(page, 1) > 0
    not_injected(page)


def test_control_characters_in_link(tab: Page, app_url: str) -> None:
    open_url(tab, f"{app_url}/?text=a%00b%07c%1B%0Dd&src=toy")  # tokens as typed
    draws(tab, "home")
    expect(refused(tab)).to_have_count(0)
    assert ["a", "b", "c", "d"] in axis_lists(tab)  # control characters are not tokens
    # kept as given (a textarea shows a carriage return as a line break), and in the link too
    expect(sentence_box(tab)).to_have_value("a\x00b\x07c\x1b\nd")
    expect_param(tab, "text", "a\x00b\x07c\x1b\rd")


def test_longest_text_is_drawn_and_longer_is_refused(tab: Page, app_url: str) -> None:
    words = ("lorem ipsum dolor sit amet consectetur adipiscing elit " * 400)[:MAX_TEXT_CHARS]
    assert len(words) == MAX_TEXT_CHARS
    n_total = len(tokenize_all(words))
    open_url(tab, link(app_url, "input", {"text": words}))
    draws(tab, "input")
    expect(refused(tab)).to_have_count(0)
    expect(tab.get_by_text(en("truncated", n_total=n_total, max=MAX_TOKENS))).to_be_visible()
    assert tokens_of(words) in axis_lists(tab)
    expect(sentence_box(tab)).to_have_value(words)

    longer = words + "x"
    open_url(tab, link(app_url, "input", {"text": longer}))
    draws(tab, "input")
    warning = refused(tab)
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("text")
    expect(warning).to_contain_text(
        en("problem_too_long", allowed=f"≤ {MAX_TEXT_CHARS} characters")
    )
    assert len(warning.inner_text()) < 2_000  # the refused text is quoted short, not whole
    expect(sentence_box(tab)).to_have_value(DEFAULT_TEXT)  # the default is used instead
    assert tokens_of(DEFAULT_TEXT) in axis_lists(tab)


def test_a_link_with_too_many_parameters_is_named_not_silently_dropped(
    tab: Page, app_url: str
) -> None:
    # Streamlit reads no parameter at all of a link with more than 1,000: the sentence (and
    # the 1,000 filler parameters) are lost, and the note says so, with the link's own count.
    # (The app names such a link from its first page drawn on, so draw one first.)
    open_url(tab, f"{app_url}/")
    filler = "&".join(f"x{i}=1" for i in range(LINK_MAX_PARAMS))
    open_url(tab, f"{app_url}/input?text=hello%20there&{filler}")
    draws(tab, "input")
    warning = refused(tab)
    expect(warning).to_be_visible()
    n = LINK_MAX_PARAMS + 1
    chars = len(f"text=hello%20there&{filler}")
    expect(warning).to_contain_text(
        en(
            "url_ignored",
            params=f"{n:,}",
            chars=f"{chars:,}",
            max_params=f"{LINK_MAX_PARAMS:,}",
            max_chars=f"{LINK_MAX_CHARS:,}",
        )
    )
    expect(sentence_box(tab)).to_have_value(DEFAULT_TEXT)
    assert "_link_dropped" not in url_params(tab)  # the link is the app's own again

    # one parameter fewer is read: the sentence is drawn, the 1,000 unknown names are listed
    open_url(tab, f"{app_url}/input?text=hello%20there&{filler.rsplit('&', 1)[0]}")
    draws(tab, "input")
    expect(sentence_box(tab)).to_have_value("hello there")
    ignored = en("url_ignored", params="", chars="", max_params="", max_chars="").split(":")[0]
    expect(refused(tab)).not_to_contain_text(ignored)


def test_empty_language_is_refused_and_english_used(tab: Page, app_url: str) -> None:
    open_url(tab, f"{app_url}/?lang=&text=hello%20there")
    draws(tab, "home")
    warning = refused(tab)
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("lang = “”")
    expect(warning).to_contain_text(en("problem_not_a_choice", allowed="en, zh"))
    expect_param(tab, "lang", "en")  # the browser's language (en-US) instead
    assert ["hello", "there"] in axis_lists(tab)


def test_repeated_parameter_last_one_counts(tab: Page, app_url: str) -> None:
    open_url(tab, f"{app_url}/?seed=1&seed=abc")
    draws(tab, "home")
    warning = refused(tab)
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("seed = “abc”")
    assert "seed" not in url_params(tab)  # the default seed, which the link leaves out

    open_url(tab, f"{app_url}/?seed=abc&seed=7")
    draws(tab, "home")
    expect(refused(tab)).to_contain_text(TEXTS["url_repeated_item"]["en"].format(key="seed", n=2))
    expect_param(tab, "seed", "7")


def test_fragment_and_broken_encoding(tab: Page, app_url: str) -> None:
    open_url(tab, f"{app_url}/?text=hello%20world#{IMG}")
    draws(tab, "home")
    expect(refused(tab)).to_have_count(0)
    expect(sentence_box(tab)).to_have_value("hello world")
    assert ["hello", "world"] in axis_lists(tab)

    # a lone "%" and Latin-1 bytes that are not UTF-8: read as text, not a crash
    open_url(tab, f"{app_url}/?text=100%25%20caf%E9%20%zz")
    draws(tab, "home")
    expect(sentence_box(tab)).to_have_value("100% caf\ufffd %zz")

    # an unknown parameter whose name is HTML is reported as text
    open_url(tab, f"{app_url}/?%3Cimg%20src%3Dx%20onerror%3Dwindow.__pwned%3D1%3E=1")
    draws(tab, "home")
    expect(refused(tab)).to_contain_text("<img src=x onerror=window.__pwned=1>")
