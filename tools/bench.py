"""`make bench`: what a class of students costs the server, page by page, and where it goes.

Writes a markdown report to bench-report.md and prints it. Sections, all measured in one run:
- tools.bench_server: a real `streamlit run` server driven through Streamlit's websocket
  protocol (no browser): CPU per first view of a new sentence and per warm re-run, each as a
  ratio to a bare one-text-box page measured the same way; crowds of 1, 10 and 30 sessions;
  memory after 50 and 500 distinct sentences, with the size of every cache;
- tools.bench_cluster: 60 sessions at once against 1 process and 3 behind nginx
  (deploy/nginx.conf), 30 against 1 and 2; skipped, with a line saying so, without nginx;
- tools.bench_live: page 7's 2,000-step run pressed on the page against train() alone, and a
  page load during 10 runs at once;
- tools.bench_cold: launch to health, to the first page, and the real-model page's first visit;
- tools.bench_profile: cProfile of the script thread for a new sentence on two pages;
- attention itself, the MiniLM forward pass and the section-7 training run.
Ratios to the bare page hold on any machine; wall times depend on the machine's load.
"""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import numpy as np

from core.attention import attend
from tools import (
    bench_cluster,
    bench_cold,
    bench_learning,
    bench_live,
    bench_pretrained,
    bench_profile,
    bench_server,
)
from tools.timing import median_seconds

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "bench-report.md"
# bench_server's loops for `make bench`: its full counts (the report states them). The whole
# run took about 11 minutes on the 2-core machine; cut these first if it grows past 15.
SERVER_COUNTS = {"views": 4, "reruns": 4, "sizes": (1, 10, 30), "checkpoints": (50, 500)}


def attend_time(n: int, d_k: int = 64) -> float:
    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal((n, d_k)) for _ in range(3))
    return median_seconds(lambda: attend(q, k, v), runs=200)


def main() -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # so the servers are stopped too
    start = time.perf_counter()
    quick = "--quick" in sys.argv[1:]

    def part(name: str, text: str) -> str:
        print(f"[bench] {name} done at {time.perf_counter() - start:.0f} s", file=sys.stderr)
        return text

    cold = part("cold start", bench_cold.markdown(bench_cold.bench(quick=quick)))  # first: coldest
    cluster = bench_cluster.bench(quick=quick)
    if cluster.skipped:
        print(f"[bench] cluster section skipped: {cluster.skipped}", file=sys.stderr)
    counts = {} if quick else SERVER_COUNTS
    sections = [
        "# Benchmark",
        part("cluster", bench_cluster.markdown(cluster)),
        part("page 7", bench_live.markdown(bench_live.bench(quick=quick))),
        cold,
        part("server", bench_server.markdown(bench_server.bench(quick=quick, **counts))),
        part("profile", bench_profile.markdown(bench_profile.bench())),
        "\n".join(
            ["## Attention and the models", "", "| attend (d_k = 64) | median |", "|---|---:|"]
            + [f"| n = {n} | {attend_time(n) * 1e6:.0f} µs |" for n in (16, 64)]
        ),
        bench_pretrained.markdown(bench_pretrained.bench(runs=5, rounds=2)),
        bench_learning.markdown(bench_learning.bench()),
        f"(whole benchmark: {time.perf_counter() - start:.0f} s)",
    ]
    report = "\n\n".join(sections) + "\n"
    REPORT.write_text(report, encoding="utf-8")
    print(report)
    print(f"(written to {REPORT.name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
