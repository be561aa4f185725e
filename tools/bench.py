"""`make bench`: how fast each page re-runs, and how fast attention is.

Writes a markdown report to bench-report.md and prints it. Page times are AppTest re-runs
(the server-side work of one interaction), each compared with a trivial one-line page
measured in the same run, so the ratio holds on any machine.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from streamlit.testing.v1 import AppTest

from core.attention import attend
from ui.menu import PAGES as MENU

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "bench-report.md"
RUNS = 15  # re-runs per measurement; the median is reported
TRIVIAL = (  # the same router, sidebar and link handling as every page, with a one-line page
    "import streamlit as st\n"
    "from ui.router import PageSpec, run\n"
    "run([PageSpec(lambda: st.write('hello'), 'nav_home', 'trivial')])\n"
)
LONG_TEXT = " ".join(f"word{i}" for i in range(64))
PAGES = [page.script for page in MENU]
TARGET_RATIO = 10.0  # every page should re-run in under 10x the trivial page


def median_seconds(fn: Callable[[], object], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def page_rerun(page: str, text: str | None) -> float:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=120)
    if text is not None:
        at.query_params["text"] = text
    at.run()
    at.switch_page(page).run()  # warm: caches filled, as for a user who is already there
    if at.exception:
        raise RuntimeError(f"{page} raised: {at.exception[0].value}")
    return median_seconds(at.run)


def trivial_rerun() -> float:
    at = AppTest.from_string(TRIVIAL, default_timeout=60)
    at.run()
    if at.exception:
        raise RuntimeError(f"trivial page raised: {at.exception[0].value}")
    at.run()
    return median_seconds(at.run)


def attend_time(n: int, d_k: int = 64) -> float:
    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal((n, d_k)) for _ in range(3))
    return median_seconds(lambda: attend(q, k, v), runs=200)


def main() -> int:
    lines = ["# Benchmark", ""]
    trivial = trivial_rerun()
    lines += [
        f"Trivial one-line page (same router and sidebar): {trivial * 1000:.1f} ms median "
        f"re-run ({RUNS} runs).",
        "",
        "| page | default sentence (ms) | × trivial | 64 tokens (ms) | × trivial | target |",
        "|---|---:|---:|---:|---:|---|",
    ]
    worst = 0.0
    for page in PAGES:
        short, long = page_rerun(page, None), page_rerun(page, LONG_TEXT)
        ratio = short / trivial
        worst = max(worst, ratio)
        ok = "ok" if ratio < TARGET_RATIO else f"over {TARGET_RATIO:g}×"
        lines.append(
            f"| {page} | {short * 1000:.1f} | {ratio:.1f} | {long * 1000:.1f} | "
            f"{long / trivial:.1f} | {ok} |"
        )
    lines += ["", "| attend (d_k = 64) | median |", "|---|---:|"]
    for n in (16, 64):
        lines.append(f"| n = {n} | {attend_time(n) * 1e6:.0f} µs |")
    for extra in _extras():
        lines += ["", *extra]
    report = "\n".join(lines) + "\n"
    REPORT.write_text(report, encoding="utf-8")
    print(report)
    print(f"(written to {REPORT.name})")
    return 0


def _extras() -> list[list[str]]:
    """Sections from the model benchmarks, when those modules exist."""
    sections = []
    for name in ("tools.bench_pretrained", "tools.bench_learning", "tools.bench_server"):
        try:
            module = __import__(name, fromlist=["markdown"])
        except ImportError:
            continue
        sections.append(module.markdown(module.bench()).splitlines())
    return sections


if __name__ == "__main__":
    sys.exit(main())
