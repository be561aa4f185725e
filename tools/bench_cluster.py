"""More than one server process: the same crowd against one process and against several behind
nginx (deploy/nginx.conf itself, tools/bench_nginx.py), side by side in one run.

Each simulated student first gets nginx's sticky cookie (as a browser's first request does) and
sends it with the websocket, so all of its messages reach one process. The crowd: every session
has the page open on one shared sentence, then all type their own new sentence at the same
moment; what is timed is send to script_finished, per session.

`python -m tools.bench --only cluster [--quick]` runs this section alone.
"""

from __future__ import annotations

import asyncio
import os
import re
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from tools.bench_nginx import NGINX, Nginx
from tools.bench_server import (
    CONCEPT_PAGES,
    new_sentence,
    open_at_once,
    page_path,
    type_at_once,
    warm_up,
)
from tools.server import Server, start_server
from tools.timing import percentile, spread_cells
from tools.wsclient import Session, run_async

BIG = 60  # sessions at once: 1 process against 3 behind nginx
PAIR = 30  # sessions at once: 1 process against 2 behind nginx (a 2-core server)
OPEN_BATCH = 10  # sessions opening their page at once before the crowd (not timed)


@dataclass
class Crowd:
    seconds: list[float]  # send to script_finished, one per session
    per_process: list[int]  # sessions each app process held during the crowd


def active_sessions(server: Server) -> int:
    """Sessions this process holds (Streamlit's own /_stcore/metrics)."""
    with urllib.request.urlopen(f"{server.url}/_stcore/metrics", timeout=30) as response:
        text = response.read().decode()
    match = re.search(r"^active_sessions (\d+)", text, re.MULTILINE)
    if not match:
        raise RuntimeError("no active_sessions in /_stcore/metrics")
    return int(match.group(1))


async def crowd(
    ws_url: str, servers: list[Server], page: str, n: int, nginx: Nginx | None = None
) -> Crowd:
    """n sessions on `page` (through nginx with a sticky cookie each, if given) submit a new
    sentence each at the same moment."""
    deadline = time.monotonic() + 30
    while any(active_sessions(server) for server in servers):  # the last crowd's are closing
        if time.monotonic() > deadline:
            raise RuntimeError("sessions of an earlier crowd are still open")
        await asyncio.sleep(0.2)
    cookies = [nginx.sticky_cookie() if nginx else None for _ in range(n)]
    sessions = [Session(ws_url, cookie=c) for c in cookies]
    first = {"text": new_sentence()}  # shared: opening is not what is timed, so keep it cheap
    try:
        for i in range(0, n, OPEN_BATCH):
            batch = sessions[i : i + OPEN_BATCH]
            await asyncio.gather(*(s.open() for s in batch))
            opened = await asyncio.gather(*(s.view(page, first) for s in batch))
            for view in opened:
                view.check(f"cluster {page_path(page)} open", first["text"])
        per_process = [active_sessions(server) for server in servers]
        views = await type_at_once(sessions, page, [first] * n, f"cluster {page_path(page)}")
    finally:
        await asyncio.gather(*(s.close() for s in sessions))
    if sum(per_process) != n:
        raise RuntimeError(f"cluster {page_path(page)}: {per_process} sessions for {n} students")
    return Crowd([v.seconds for v in views], per_process)


async def crowd_open(ws_url: str, page: str, n: int, nginx: Nginx | None = None) -> Crowd:
    """n new tabs (through nginx with a sticky cookie each, if given) open the same link, with
    a sentence new to the servers, at the same moment: send to script_finished, per tab."""
    cookies = [nginx.sticky_cookie() if nginx else None for _ in range(n)]
    views = await open_at_once(ws_url, page, cookies, f"cluster {page_path(page)} open")
    return Crowd([v.seconds for v in views], [])


@dataclass
class Result:
    crowds: dict[tuple[str, int, str], Crowd]  # (setup, sessions, page)
    seconds: float
    skipped: str = ""  # why the section did not run
    opens: dict[tuple[str, int, str], Crowd] | None = None  # new tabs opening one link


ONE = "1 process"


def _behind(k: int) -> str:
    return f"{k} processes behind nginx"


def bench(quick: bool = False) -> Result:
    start = time.perf_counter()
    if not Path(NGINX).exists():
        return Result({}, 0.0, skipped=f"no {NGINX} (apt-get install nginx, or `make browsers`)")
    big, pair = (6, 4) if quick else (BIG, PAIR)
    pages = CONCEPT_PAGES[:1] if quick else CONCEPT_PAGES
    servers: list[Server] = []
    proxies: list[Nginx] = []
    out: dict[tuple[str, int, str], Crowd] = {}
    opens: dict[tuple[str, int, str], Crowd] = {}
    with tempfile.TemporaryDirectory(prefix="bench-nginx-") as folder:
        try:
            servers = [start_server() for _ in range(3)]
            for server in servers:
                run_async(warm_up(server, pages))  # imports, model weights: once each
            three = Nginx(Path(folder) / "three", [s.port for s in servers])
            two = Nginx(Path(folder) / "two", [s.port for s in servers[:2]])
            proxies = [three, two]
            for proxy in proxies:
                proxy.start()
            one = servers[0]
            for page in pages:  # one after the other, page by page: the same machine load
                out[(ONE, big, page)] = run_async(crowd(one.ws, [one], page, big))
                out[(_behind(3), big, page)] = run_async(crowd(three.ws, servers, page, big, three))
            for page in pages:
                out[(ONE, pair, page)] = run_async(crowd(one.ws, [one], page, pair))
                out[(_behind(2), pair, page)] = run_async(
                    crowd(two.ws, servers[:2], page, pair, two)
                )
            for page in pages:
                opens[(ONE, pair, page)] = run_async(crowd_open(one.ws, page, pair))
                opens[(_behind(2), pair, page)] = run_async(crowd_open(two.ws, page, pair, two))
        finally:
            for proxy in proxies:
                proxy.stop()
            for server in servers:
                server.stop()
    return Result(out, time.perf_counter() - start, opens=opens)


def markdown(r: Result) -> str:
    lines = ["## More than one server process (nginx with deploy/nginx.conf)", ""]
    if r.skipped:
        return "\n".join([*lines, f"Skipped: {r.skipped}."])
    lines += [
        "Every session opens its page on one shared sentence, then all of them type their own "
        "new sentence at the same moment. Time from that message to script_finished, per "
        "session. Through nginx each session first gets its own sticky `attention_route` "
        "cookie and sends it with the websocket; `sessions per process` is Streamlit's "
        "`active_sessions` on each process during the crowd. `1 process` is the app process "
        f"reached directly. Client and servers share this machine's {os.cpu_count()} cores: "
        "no number of processes can do more than that many first views at a time.",
        "",
        "| sessions at once | page | setup | sessions per process | p50 (s) | p95 (s) | max (s) "
        "| p50 × 1 process |",
        "|---:|---|---|---|---:|---:|---:|---:|",
    ]
    for (setup, n, page), c in r.crowds.items():
        alone = r.crowds[(ONE, n, page)]
        ratio = percentile(c.seconds, 0.5) / percentile(alone.seconds, 0.5)
        lines.append(
            f"| {n} | {page_path(page)} | {setup} | {' / '.join(map(str, c.per_process))} | "
            f"{spread_cells(c.seconds)} | {ratio:.2f} |"
        )
    if r.opens:
        lines += [
            "",
            "New tabs opening one link (a sentence new to the servers) at the same moment: send "
            "to script_finished, per tab.",
            "",
            "| tabs at once | page | setup | p50 (s) | p95 (s) | max (s) |",
            "|---:|---|---|---:|---:|---:|",
            *(
                f"| {n} | {page_path(page)} | {setup} | {spread_cells(c.seconds)} |"
                for (setup, n, page), c in r.opens.items()
            ),
        ]
    lines += ["", f"(cluster part: {r.seconds:.0f} s)"]
    return "\n".join(lines)
