"""Page 7's live training on a real server: what one run started from the page costs, against
the arithmetic alone, and what ten runs at once do to everyone else's page loads.

The page's Train button is pressed as the browser does it: a widget trigger for key
"learn_train" (its widget id read from the page's own ForwardMsgs), on a link that asks for
2,000 steps. The run ends with a rerun that draws the finished run; the time is from the press
to that rerun's script_finished.

`python -m tools.bench --only live [--quick]` runs this section alone.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from dataclasses import dataclass
from urllib.parse import parse_qs

from core.learning.task import TrainSettings, train
from tools.server import Server, start_server
from tools.timing import percentile, timings
from tools.wsclient import Session, View, fresh_view, run_async

STEPS = 2000
PAGE = "learn"
PARAMS = {"lsteps": str(STEPS)}  # the steps box is bound to the link
TRAIN = "learn_train"  # the Train button's key
AT_ONCE = 10  # simultaneous runs while someone else loads a page
PLAIN = ""  # the plain page load: a new tab opening the app's home page
LOAD_EVERY = 0.5  # s between the start of two sampled page loads: a class, not a load test
TARGET = 2.0  # both goals: at most 2x


@dataclass
class Result:
    steps: int
    arithmetic_cpu: float  # s, median of train() in this process
    arithmetic_wall: float
    page_cpu: float  # s of server CPU, median of runs pressed on the page
    page_wall: float
    runs: int  # of each
    idle_load: float  # s, median plain page load on an idle server
    busy_load: float  # s, median plain page load while AT_ONCE runs train
    busy_loads: int  # loads that finished while the runs were under way
    at_once: int
    at_once_seconds: list[float]  # each run's press to script_finished
    seconds: float


def arithmetic(runs: int) -> tuple[float, float]:
    """Median CPU and wall seconds of train(TrainSettings(steps=STEPS)) in this process."""
    t = timings(lambda: train(TrainSettings(steps=STEPS)), runs)
    return statistics.median(t.cpu), statistics.median(t.wall)


def _trained(view: View) -> None:
    view.check(f"/{PAGE} Train")
    if parse_qs(view.query_string).get("lrun") != ["1"]:
        raise RuntimeError(f"/{PAGE}: the run did not finish ({view.query_string!r})")


async def _opened(server: Server) -> Session:
    s = Session(server.ws)
    await s.open()
    (await s.view(PAGE, PARAMS)).check(f"/{PAGE}")
    if TRAIN not in s.widget_ids:
        raise RuntimeError(f"/{PAGE}: no {TRAIN} button among {sorted(s.widget_ids)}")
    return s


async def page_runs(server: Server, runs: int) -> tuple[float, float]:
    """Median server CPU and wall seconds of one run pressed on the page (fresh tab each)."""
    cpu, wall = [], []
    for _ in range(runs):
        s = await _opened(server)
        try:
            before = server.cpu_seconds()
            view = await s.view(PAGE, PARAMS, triggers=(TRAIN,))
            await asyncio.sleep(0.05)  # the server finishes its bookkeeping
            cpu.append(server.cpu_seconds() - before)
            wall.append(view.seconds)
        finally:
            await s.close()
        _trained(view)
    return statistics.median(cpu), statistics.median(wall)


async def loads_while_training(
    server: Server, n: int, idle_loads: int
) -> tuple[float, float, int, list[float]]:
    """Median plain page load idle, then while n runs train at once; the runs' times."""
    (await fresh_view(server.ws, PLAIN)).check("warm-up /")
    idle = []
    for _ in range(idle_loads):
        idle.append((await fresh_view(server.ws, PLAIN)).check("idle /").seconds)
        await asyncio.sleep(LOAD_EVERY)
    sessions = [await _opened(server) for _ in range(n)]
    try:
        starts = [await s.send(PAGE, PARAMS, triggers=(TRAIN,)) for s in sessions]
        runs = asyncio.gather(*(s.receive(t) for s, t in zip(sessions, starts, strict=True)))
        busy = []
        while True:
            paced = asyncio.create_task(asyncio.sleep(LOAD_EVERY))
            view = (await fresh_view(server.ws, PLAIN)).check("busy /")
            if runs.done():  # this load ended after the last run: not counted
                break
            busy.append(view.seconds)
            await paced
        views = await runs
    finally:
        await asyncio.gather(*(s.close() for s in sessions))
    for view in views:
        _trained(view)
    if not busy:
        raise RuntimeError("no page load finished while the runs trained")
    return statistics.median(idle), statistics.median(busy), len(busy), [v.seconds for v in views]


def bench(quick: bool = False) -> Result:
    start = time.perf_counter()
    runs, at_once, idle_loads = (1, 3, 3) if quick else (3, AT_ONCE, 5)
    arithmetic_cpu, arithmetic_wall = arithmetic(runs)
    server = start_server()
    try:
        page_cpu, page_wall = run_async(page_runs(server, runs))
        idle, busy, n_busy, at_once_seconds = run_async(
            loads_while_training(server, at_once, idle_loads)
        )
    finally:
        server.stop()
    return Result(
        STEPS,
        arithmetic_cpu,
        arithmetic_wall,
        page_cpu,
        page_wall,
        runs,
        idle,
        busy,
        n_busy,
        at_once,
        at_once_seconds,
        time.perf_counter() - start,
    )


def _verdict(ratio: float) -> str:
    return "ok" if ratio <= TARGET else f"over {TARGET:g}×"


def markdown(r: Result) -> str:
    cpu_ratio = r.page_cpu / r.arithmetic_cpu
    load_ratio = r.busy_load / r.idle_load
    return "\n".join(
        [
            "## Page 7: live training on the server",
            "",
            f"One {r.steps:,}-step run pressed on the page (Train button through the websocket, "
            f"link `?lsteps={r.steps}`), median of {r.runs}, against "
            f"`train(TrainSettings(steps={r.steps}))` alone in the benchmark's own process.",
            "",
            "| what | CPU (s) | wall (s) | CPU × arithmetic | goal |",
            "|---|---:|---:|---:|---|",
            f"| arithmetic alone (in-process) | {r.arithmetic_cpu:.2f} | "
            f"{r.arithmetic_wall:.2f} | 1.00 | |",
            f"| run started through the page (server CPU) | {r.page_cpu:.2f} | "
            f"{r.page_wall:.2f} | {cpu_ratio:.2f} | ≤ {TARGET:g}×: {_verdict(cpu_ratio)} |",
            "",
            f"A new tab opening the home page while {r.at_once} sessions each train a "
            f"{r.steps:,}-step run at once on the same process (median of {r.busy_loads} loads "
            f"that finished while the runs trained, one started every {LOAD_EVERY:g} s), "
            "against the same load on the idle server:",
            "",
            "| what | seconds |",
            "|---|---:|",
            f"| home page load, idle server | {r.idle_load:.2f} |",
            f"| home page load during {r.at_once} runs | {r.busy_load:.2f} |",
            f"| ratio (goal ≤ {TARGET:g}×) | {load_ratio:.2f} {_verdict(load_ratio)} |",
            f"| the {r.at_once} runs, press to finished: p50 / max | "
            f"{percentile(r.at_once_seconds, 0.5):.1f} / {max(r.at_once_seconds):.1f} |",
            "",
            f"(page 7 part: {r.seconds:.0f} s)",
        ]
    )
