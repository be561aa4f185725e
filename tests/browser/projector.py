"""What a projector shows of a page: measured in Chromium at 1280×720, sidebar open.

`measure(page)` reads, at the top of the page, every chart's box and SVG text sizes, the page's
height and the sidebar's sentence box; `problems(m)` says which of issue 18's projector points
it misses (a pure function, unit-tested in tests/test_projector_checks.py). A page marks its
main chart, the one that shows its point, with `figures.show(..., main=True)`.

Run `.venv/bin/python -m tests.browser.projector [--shots DIR] [path ...]` for a table of
every concept page (PageSpec.projector) in both languages.
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from app_pages import PAGES
from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS, open_app
from tools.server import Server
from ui.theme import HIGHLIGHT_COLOR, MAIN_CHART_KEY

DRAWN = "[data-testid=stMain] [data-testid=stVegaLiteChart] svg.marks"  # a chart is drawn
SCREEN = {"width": 1280, "height": 720}  # a classroom projector, sidebar open
SCREENS = 3  # a page is at most this many screens tall
TEXT_LINES_ABOVE = 3  # lines of text above the main chart, at most ("about three")
FONT_MIN = 14  # px: cell numbers and axis labels of a main chart
NUMBERS_UP_TO = 16 * 16  # every cell of a matrix this big or smaller shows its number
SUBTITLE_LINES = 2  # lines under a chart's title, at most
FILL = 0.85  # a chart alone on its row is at least this share of its column's width
MARKS_SHOWN = 100  # px: the main chart's marks (cells, bars) start at least this far above the
# bottom of the first screen: the chart itself is on it, not only its title or the numbers above

# Everything in one evaluation, scrolled to the top. Text lines above the main chart: the
# visible text blocks of the main column (markdown, captions, alerts, expander and widget
# labels) between the page title and the chart, each counted by its height in lines.
MEASURE = f"""() => {{
  const main = document.querySelector('[data-testid=stMain]');
  const top = main.getBoundingClientRect().top;
  const height = Math.max(main.scrollHeight,
    document.querySelector('[data-testid=stMainBlockContainer]').getBoundingClientRect().bottom
    - top);
  const texts = g => [...g.querySelectorAll(
      'g.role-axis-label text, g.mark-text.role-mark text')]
    .filter(e => (e.textContent || '').trim())
    .map(e => parseFloat(getComputedStyle(e).fontSize));
  const chartOf = c => {{
    const svg = c.querySelector('svg.marks');
    const box = (svg || c).getBoundingClientRect();
    const sub = c.querySelector('g.role-title-subtitle text');
    const subLines = sub ? Math.max(1, sub.querySelectorAll('tspan').length) : 0;
    const title = c.querySelector('g.role-title-text text');
    const column = c.closest('[data-testid=stColumn]');
    const row = column && column.parentElement;
    const alone = !column || row.querySelectorAll(':scope > [data-testid=stColumn]').length < 2;
    const slot = (column || c.closest('[data-testid=stVerticalBlock]')).getBoundingClientRect();
    // a matrix of numbers: coloured on a gradient (not categories, not images)
    const numeric = !!c.querySelector('linearGradient') && !c.querySelector('g.mark-image');
    const rects = numeric && c.querySelectorAll('g.mark-rect').length
      ? c.querySelector('g.mark-rect').querySelectorAll("path[aria-roledescription='rect mark']")
        .length : 0;
    const said = [...c.querySelectorAll('g.mark-text.role-mark text')]
      .map(e => (e.textContent || '').trim()).filter(x => x);
    const numbers = said.filter(x => /^[−-]?[0-9.]+$/.test(x)).length;
    const labels = said.length - numbers;
    const boxes = sel => [...c.querySelectorAll(sel)].map(e => e.getBoundingClientRect())
      .filter(r => r.height > 0);
    const marks = boxes('g.role-mark path, g.role-mark rect, g.role-mark image');
    const outlined = boxes("g.mark-rect path[stroke='{HIGHLIGHT_COLOR}']");
    return {{
      title: title ? title.textContent : '', top: box.top - top, bottom: box.bottom - top,
      width: box.width, slot: slot.width, alone, svg: !!svg, fonts: texts(c),
      subtitle_lines: subLines, cells: rects, numbers, labels,
      main: !!c.closest('.st-key-{MAIN_CHART_KEY}'),
      marks_top: marks.length ? Math.min(...marks.map(r => r.top)) - top : null,
      highlight_bottom: outlined.length ? Math.max(...outlined.map(r => r.bottom)) - top : null,
    }};
  }};
  const charts = [...main.querySelectorAll('[data-testid=stVegaLiteChart]')].map(chartOf);
  const mainChart = document.querySelector(
    '.st-key-{MAIN_CHART_KEY} [data-testid=stVegaLiteChart]');
  const chartTop = mainChart ? mainChart.getBoundingClientRect().top : Infinity;
  const FOLDED = '[data-testid=stVegaLiteChart], [data-testid=stWidgetLabel], summary, ' +
    'button, label, [role=button], [role=radiogroup], [data-testid=stButtonGroup], ' +
    '[data-testid=stMetric], [data-testid=stExpander] summary';
  const h1 = main.querySelector('h1');
  const after = h1 ? h1.getBoundingClientRect().bottom : top;
  let lines = 0;
  const said = [];
  for (const e of main.querySelectorAll(
      '[data-testid=stMarkdownContainer] :is(p, li), [data-testid=stAlert] p')) {{
    if (e.closest(FOLDED) || !e.checkVisibility()) continue;  // folded text is not read
    if (e.parentElement.closest('p, li')) continue;
    const b = e.getBoundingClientRect();
    if (b.height === 0 || b.top < after - 1 || b.bottom > chartTop + 1) continue;
    const lh = parseFloat(getComputedStyle(e).lineHeight) || 24;
    const n = Math.max(1, Math.round(b.height / lh));
    lines += n;
    said.push(n + ': ' + e.textContent.slice(0, 40));
  }}
  const box = document.querySelector('[data-testid=stSidebar] textarea');
  const b = box && box.getBoundingClientRect();
  return {{
    height, charts, text_lines: lines, said, viewport: window.innerHeight,
    sentence_bottom: b ? b.bottom : null,
  }};
}}"""


@dataclass
class Chart:
    title: str
    top: float  # px from the top of the page
    bottom: float
    width: float  # drawn width
    slot: float  # its column's width
    alone: bool  # no other column beside it
    svg: bool
    fonts: list[float]  # axis labels and cell numbers, px
    subtitle_lines: int
    cells: int
    numbers: int  # texts in cells that are numbers
    labels: int  # texts in cells that are words (the atlas names each head's behaviour)
    main: bool
    marks_top: float | None = None  # px from the top of the page: its highest cell or bar
    highlight_bottom: float | None = None  # px: the bottom of the followed word's outlined row


@dataclass
class Measured:
    height: float
    text_lines: int
    said: list[str]  # the text above the main chart, by lines: "2: The first words…"
    viewport: float
    sentence_bottom: float | None
    charts: list[Chart] = field(default_factory=list)

    @property
    def main(self) -> Chart | None:
        """The marked main chart; on a page of one chart, that chart."""
        marked = next((c for c in self.charts if c.main), None)
        return marked or (self.charts[0] if len(self.charts) == 1 else None)

    @classmethod
    def read(cls, found: dict) -> Measured:
        charts = [Chart(**c) for c in found.pop("charts")]
        return cls(**found, charts=charts)


def problems(
    m: Measured, *, sidebar: bool = True, fill_exempt: frozenset[str] = frozenset()
) -> list[str]:
    """Each projector point the page misses, in words; [] when it meets them all."""
    found = []
    screen = m.viewport
    main = m.main
    if main is None:
        found.append("no main chart marked (figures.show(..., main=True))")
    else:
        if main.top >= screen:
            found.append(f"main chart {main.title!r} starts at {main.top:.0f} px, not on screen 1")
        elif main.marks_top is not None and main.marks_top > screen - MARKS_SHOWN:
            found.append(
                f"main chart {main.title!r}: its cells start at {main.marks_top:.0f} px, "
                f"not {MARKS_SHOWN} px above the end of screen 1"
            )
        if main.highlight_bottom is not None and main.highlight_bottom > screen:
            found.append(f"main chart's followed row ends at {main.highlight_bottom:.0f} px")
        if m.text_lines > TEXT_LINES_ABOVE + 1:
            found.append(f"{m.text_lines} lines of text above the main chart: {m.said}")
        if main.fonts and min(main.fonts) < FONT_MIN:
            found.append(f"main chart text {min(main.fonts):.0f} px < {FONT_MIN} px")
        if 0 < main.cells <= NUMBERS_UP_TO and main.numbers < main.cells and not main.labels:
            found.append(f"main chart shows {main.numbers} numbers in {main.cells} cells")
    if m.height > SCREENS * screen + 1:
        found.append(f"page {m.height:.0f} px tall > {SCREENS} screens")
    for c in m.charts:  # a chart beside the main chart, at its height, is read as one of it
        beside = main is not None and c is not main and not c.alone and abs(c.top - main.top) < 1
        if beside and c.fonts and min(c.fonts) < FONT_MIN:
            found.append(f"{c.title!r} beside the main chart: text {min(c.fonts):.0f} px")
    for c in m.charts:
        if c.subtitle_lines > SUBTITLE_LINES:
            found.append(f"{c.title!r}: {c.subtitle_lines} subtitle lines")
        if c.alone and c.svg and c.width < FILL * c.slot and c.title not in fill_exempt:
            found.append(f"{c.title!r} alone on its row: {c.width:.0f} of {c.slot:.0f} px")
    if sidebar and (m.sentence_bottom is None or m.sentence_bottom > screen):
        found.append(f"sentence box ends at {m.sentence_bottom} px of a {screen:.0f} px sidebar")
    return found


def row(path: str, lang: str, m: Measured) -> str:
    main = m.main
    fonts = min(main.fonts) if main and main.fonts else math.nan
    subs = max((c.subtitle_lines for c in m.charts), default=0)
    where = f"{main.top:5.0f}" if main else "    —"
    box = f"{m.sentence_bottom:4.0f}" if m.sentence_bottom is not None else "   —"
    return (
        f"{path or 'home':16} {lang}  main top {where}  height {m.height:5.0f}  "
        f"font {fonts:4.1f}  subtitle {subs}  text lines {m.text_lines}  sentence box {box}  "
        f"first chart {m.charts[0].top if m.charts else math.nan:5.0f}"
    )


def measure(page: Page) -> Measured:
    """The page as drawn now, read from its top (the main column is scrolled back first)."""
    page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollTo(0, 0)")
    return Measured.read(page.evaluate(MEASURE))


def projector_paths() -> list[str]:
    """The concept pages, in menu order."""
    return [p.url_path for p in PAGES if p.projector]


def main(argv: list[str]) -> None:
    shots = None
    if argv[:1] == ["--shots"]:
        shots, argv = Path(argv[1]), argv[2:]
        shots.mkdir(parents=True, exist_ok=True)
    paths = argv or projector_paths()
    server = Server(Path("/tmp/projector-server.log"))
    server.start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for path in paths:
                for lang in ("en", "zh"):
                    context = browser.new_context(viewport=SCREEN, locale="en-US")
                    page = context.new_page()
                    url = "" if path == PAGES[0].url_path else path
                    open_app(page, server.url, url, {"lang": "zh"} if lang == "zh" else None)
                    page.wait_for_selector(DRAWN, timeout=30_000)
                    time.sleep(1.0)
                    m = measure(page)
                    print(row(path, lang, m), flush=True)
                    for problem in problems(m):
                        print("    ", problem, flush=True)
                    if shots:
                        page.screenshot(path=str(shots / f"{path or 'home'}_{lang}.png"))
                    context.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
