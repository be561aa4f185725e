"""What a warm re-run of each page costs, in-process (AppTest), against a bare page.

A warm re-run is what every click on a page that changes nothing the caches key on costs: the
same session, the same sentence, the page run again. Each page is opened as a user opens it
(its default view: folded parts closed, the first or chosen tab open), run a few times to warm
its caches, then re-run alternately with the bare page (tools/bench_bare_app.py: a title and a
text box), so both are timed under the same load; the ratio is of the two medians.

`python -m tools.bench --only rerun` runs this section alone.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from streamlit.testing.v1 import AppTest

from app_pages import PAGES as MENU
from tools.server import ROOT
from tools.timing import timings

BARE_APP = ROOT / "tools" / "bench_bare_app.py"
TARGET = 10.0  # a warm re-run: at most 10x the bare page (issue 20)
WARM_RUNS = 3


@dataclass(frozen=True)
class PageRerun:
    url_path: str
    page_ms: float  # median wall ms of a warm re-run
    bare_ms: float  # median wall ms of the bare page's re-run, timed alternately

    @property
    def ratio(self) -> float:
        return self.page_ms / self.bare_ms


def _opened(script: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=120)
    at.run()
    if script != MENU[0].script:
        at.switch_page(script).run()
    if at.exception:
        raise RuntimeError(f"{script}: {at.exception[0].value}")
    return at


def page_rerun(script: str, url_path: str, bare: AppTest, runs: int) -> PageRerun:
    at = _opened(script)
    for _ in range(WARM_RUNS):
        at.run()
        bare.run()
    page, base = [], []
    for _ in range(runs):  # alternately: a load that comes and goes weighs on both
        page += timings(at.run, 1).wall
        base += timings(bare.run, 1).wall
    return PageRerun(url_path, statistics.median(page) * 1000, statistics.median(base) * 1000)


def bench(quick: bool = False) -> list[PageRerun]:
    bare = AppTest.from_file(str(BARE_APP), default_timeout=60)
    bare.run()
    runs = 5 if quick else 25
    return [page_rerun(p.script, p.url_path or "/", bare, runs) for p in MENU]


def markdown(results: list[PageRerun]) -> str:
    worst = max(results, key=lambda r: r.ratio)
    lines = [
        "## A warm re-run of each page (in-process, AppTest)",
        "",
        "The same session re-runs its page (default view) and the bare page alternately; "
        f"median wall time of each. Target: at most {TARGET:g}× the bare page. Worst: "
        f"{worst.url_path} at {worst.ratio:.1f}×.",
        "",
        "| page | warm re-run (ms) | bare page (ms) | × bare | target |",
        "|---|---:|---:|---:|---|",
    ]
    for r in sorted(results, key=lambda r: -r.ratio):
        ok = "ok" if r.ratio <= TARGET else "**over**"
        lines.append(f"| {r.url_path} | {r.page_ms:.1f} | {r.bare_ms:.2f} | {r.ratio:.1f} | {ok} |")
    return "\n".join(lines)
