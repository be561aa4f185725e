"""Cold start: how long a freshly launched server takes before the first student sees a page.

Each round launches `streamlit run`, then times: launch to /_stcore/health ok; launch to the
first page's script_finished (a new tab on the home page); the real-model page's first visit
(the MiniLM weights load, once per process) and a second visit with another sentence. The
weights' cache (ui.compute.minilm, st.cache_resource) must have missed exactly once.

`python -m tools.bench --only cold [--quick]` runs this section alone.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from tools.bench_server import metrics, new_sentence
from tools.server import Server, start_server
from tools.wsclient import fresh_view, run_async

ROUNDS = 3
REAL = "real-model"
WEIGHTS = "ui.compute.minilm"  # the st.cache_resource that loads the MiniLM weights


@dataclass
class Round:
    health: float  # s from launch to /_stcore/health ok
    first_page: float  # s from launch to the home page's script_finished
    real_first: float  # s, real-model first visit (new tab, new sentence)
    real_second: float  # s, real-model second visit (new tab, another new sentence)
    weight_loads: int  # misses of the weights' cache after both visits
    weight_seconds: float  # s spent loading the weights (Streamlit's own cache metric)


@dataclass
class Result:
    rounds: list[Round]
    seconds: float


async def _visits(server: Server) -> tuple[float, float, float]:
    """Launch to the home page's script_finished; the two real-model visits."""
    ws = server.ws
    home = await fresh_view(ws)
    shown = time.perf_counter() - server.launched
    home.check("cold /")
    first = (await fresh_view(ws, REAL, {"text": new_sentence()})).check(f"cold /{REAL}")
    second = (await fresh_view(ws, REAL, {"text": new_sentence()})).check(f"cold /{REAL} again")
    return shown, first.seconds, second.seconds


def cold_round() -> Round:
    server = start_server()
    try:
        first_page, real_first, real_second = run_async(_visits(server))
        m = metrics(server)
    finally:
        server.stop()
    return Round(
        health=server.started_in,
        first_page=first_page,
        real_first=real_first,
        real_second=real_second,
        weight_loads=round(m.get(("cache_miss", WEIGHTS), 0)),
        weight_seconds=m.get(("cache_compute_duration_seconds_sum", WEIGHTS), 0.0),
    )


def bench(quick: bool = False) -> Result:
    start = time.perf_counter()
    rounds = [cold_round() for _ in range(1 if quick else ROUNDS)]
    return Result(rounds, time.perf_counter() - start)


def markdown(r: Result) -> str:
    def row(what: str, values: list[float]) -> str:
        each = ", ".join(f"{v:.2f}" for v in values)
        return f"| {what} | {statistics.median(values):.2f} | {each} |"

    rs = r.rounds
    loads = sorted({x.weight_loads for x in rs})
    return "\n".join(
        [
            "## Cold start",
            "",
            f"{len(rs)} fresh `streamlit run` launches, one after the other (the files are in "
            "the OS cache after the first). Each: health, a new tab on the home page, then two "
            f"new tabs on /{REAL} with two new sentences.",
            "",
            "| what | median (s) | each round (s) |",
            "|---|---:|---|",
            row("launch → /_stcore/health ok", [x.health for x in rs]),
            row("launch → home page script_finished", [x.first_page for x in rs]),
            row(f"/{REAL} first visit (weights load)", [x.real_first for x in rs]),
            row(f"/{REAL} second visit (weights cached)", [x.real_second for x in rs]),
            row("of which loading the weights (cache metric)", [x.weight_seconds for x in rs]),
            "",
            f"Weights loaded per process: {' / '.join(map(str, loads))} "
            f"({WEIGHTS} misses after both visits; 1 = loaded once).",
            "",
            f"(cold start part: {r.seconds:.0f} s)",
        ]
    )
