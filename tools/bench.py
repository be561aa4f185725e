"""`make bench`: what a class of students costs the server, page by page, and where it goes.

`python -m tools.bench` runs every section, prints the markdown report and writes it to
bench-report.md (about 13 minutes on the 2-core machine). `--only SECTION`, repeated or
comma-separated, runs and prints only those sections; `--quick` makes any run a smoke run.
SECTIONS names them; each one's module says what it measures. Ratios to the bare page hold on
any machine; wall times depend on the machine's load.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Callable

import numpy as np

from core.attention import attend
from tools import (
    bench_class,
    bench_cluster,
    bench_cold,
    bench_learning,
    bench_live,
    bench_pretrained,
    bench_profile,
    bench_rerun,
    bench_server,
    bench_smollm2,
)
from tools.server import ROOT
from tools.timing import median_seconds

REPORT = ROOT / "bench-report.md"


def attend_time(n: int, d_k: int = 64) -> float:
    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal((n, d_k)) for _ in range(3))
    return median_seconds(lambda: attend(q, k, v), runs=200)


def _attention(_quick: bool) -> str:
    return "\n".join(
        ["## Attention and the models", "", "| attend (d_k = 64) | median |", "|---|---:|"]
        + [f"| n = {n} | {attend_time(n) * 1e6:.0f} µs |" for n in (16, 64)]
    )


def _cluster(quick: bool) -> str:
    result = bench_cluster.bench(quick=quick)
    if result.skipped:
        print(f"[bench] cluster section skipped: {result.skipped}", file=sys.stderr)
    return bench_cluster.markdown(result)


# name -> the section's markdown, given `quick`; in report order
SECTIONS: dict[str, Callable[[bool], str]] = {
    "cluster": _cluster,  # 1 process against several behind nginx; skipped without nginx
    "live": lambda quick: bench_live.markdown(bench_live.bench(quick=quick)),  # page 7's Train
    "class": lambda quick: bench_class.markdown(bench_class.bench(quick=quick)),  # a class votes
    "cold": lambda quick: bench_cold.markdown(bench_cold.bench(quick=quick)),  # run first
    "server": lambda quick: bench_server.markdown(bench_server.bench(quick=quick)),  # CPU, soak
    "rerun": lambda quick: bench_rerun.markdown(bench_rerun.bench(quick=quick)),  # AppTest
    "profile": lambda _quick: bench_profile.markdown(bench_profile.bench()),  # cProfile
    "attention": _attention,  # attend() alone
    "models": lambda _quick: bench_pretrained.markdown(bench_pretrained.bench()),  # MiniLM
    "learning": lambda _quick: bench_learning.markdown(bench_learning.bench()),  # train()
    "smollm2": lambda quick: bench_smollm2.markdown(bench_smollm2.bench(quick=quick)),  # next word
}
FIRST = "cold"  # runs before the others, while the OS caches are coldest


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """--quick, and --only as a list of section names in report order (all if not given)."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="every section small: a smoke run")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="SECTION",
        help=f"run only this section (repeat, or separate by commas): {', '.join(SECTIONS)}",
    )
    args = parser.parse_args(argv)
    asked = {name.strip() for value in args.only for name in value.split(",")} - {""}
    if asked - set(SECTIONS):
        parser.error(f"no section {', '.join(sorted(asked - set(SECTIONS)))}; see --help")
    args.only = [name for name in SECTIONS if name in asked or not asked]
    return args


def run(names: list[str], quick: bool) -> str:
    """The report of these sections (in report order, `FIRST` run first) as markdown."""
    start = time.perf_counter()
    texts = {}
    for name in sorted(names, key=lambda name: name != FIRST):
        texts[name] = SECTIONS[name](quick)
        print(f"[bench] {name} done at {time.perf_counter() - start:.0f} s", file=sys.stderr)
    sections = ["# Benchmark", *(texts[name] for name in names)]
    sections.append(f"(whole benchmark: {time.perf_counter() - start:.0f} s)")
    return "\n\n".join(sections) + "\n"


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # so the servers are stopped too
    args = parse(argv)
    report = run(args.only, args.quick)
    print(report)
    if len(args.only) == len(SECTIONS):  # a partial run never replaces the whole report
        REPORT.write_text(report, encoding="utf-8")
        print(f"(written to {REPORT.name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
