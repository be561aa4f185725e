"""Class mode with a class: a teacher's projector and 300 simulated phones on one server, as
browsers drive them (websocket sessions, tools/wsclient.py), the class store on a SQLite file
of its own (WAL, as `make run` keeps it); then the same class on three server processes that
share a PostgreSQL store, the phones through the README's nginx (deploy/nginx.conf), when
nginx and a PostgreSQL database (CLASSROOM_BENCH_PG_URL or CLASSROOM_TEST_PG_URL) are there.

The teacher starts a class and opens voting with the page's own buttons (Next until a step
asks a question). Every phone joins with the class's link and re-runs its live part every
LIVE_SECONDS, as its browser's `run_every` timer does; so does the projector. Each phone then
answers at a random moment over SPREAD seconds. Measured, in one run:

- time to see one's vote counted: from a phone's answer to the first projector refresh whose
  count includes it (votes ranked by when their run ended; the refresh interval is in it);
- a phone's answer, press to its own "answer sent";
- the projector's refresh (its live fragment alone): server CPU and wall time, against a full
  run of the teacher's page and against a phone's refresh, idle; its wall time while the class
  answers against idle;
- the server's load while the whole class polls and answers, in cores;
- one machine stuffing the ballot, and clients that open the link and never read (the projector
  meanwhile).

`python -m tools.bench --only class [--quick]` runs this section alone.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import secrets
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl, quote

from sqlalchemy import create_engine, text
from sqlalchemy.exc import SQLAlchemyError

from app_pages.classroom.texts import TEXTS as CLASS_TEXTS
from app_pages.join.texts import TEXTS as JOIN_TEXTS
from live_class.connection import LIVE_SECONDS
from live_class.store import Limits
from tools.bench_nginx import NGINX, Nginx
from tools.server import Server
from tools.timing import percentile, spread_cells
from tools.wsclient import Session, View, run_async

STUDENTS = 300  # a large lecture; each phone from a network of its own (see _join)
REPLICAS = 3  # server processes sharing one PostgreSQL store behind the README's nginx
# the PostgreSQL database the replicas' class store goes in (a schema of its own, dropped after)
PG_URL_VARS = ("CLASSROOM_BENCH_PG_URL", "CLASSROOM_TEST_PG_URL")
SPREAD = 10.0  # s over which the students answer, each at a random moment
JOIN_BATCH = 20  # phones opening the link at once
COST_RUNS = 12  # idle runs in a row per cost measured (server CPU)
TEACHER, PHONE = "class", "join"
_N, _J = "\x00n\x00", "\x00j\x00"
COUNT = re.compile(
    re.escape(CLASS_TEXTS["cls_count"]["en"].format(n=_N, joined=_J, round=1))
    .replace(re.escape(_N), r"(\d+)")
    .replace(re.escape(_J), r"(\d+)")
    .encode()
)
SENT = JOIN_TEXTS["join_sent"]["en"].encode()


@dataclass
class Result:
    students: int
    spread: float
    join_seconds: list[float]  # each phone's first view of the link
    answer_seconds: list[float]  # press to the phone's own "answer sent"
    counted_seconds: list[float]  # press to a projector refresh that counts it
    refresh_idle: list[float]  # projector refresh, wall s, no phone connected
    refresh_busy: list[float]  # projector refresh, wall s, while the class polls and answers
    refresh_cpu: float  # server CPU s per projector refresh (idle, median)
    page_cpu: float  # server CPU s per full run of the teacher page (idle, median)
    phone_cpu: float  # server CPU s per phone refresh (idle, median)
    load_cores: float  # server CPU s per s while the class polls and answers
    final_count: int
    seconds: float
    refreshes: list[tuple[float, int]] = field(default_factory=list)  # (when seen, count)
    flood: Flood | None = None  # one machine trying to stuff the ballot
    silent: Silent | None = None  # clients that never read, and the projector meanwhile
    replicas: Result | None = None  # the same class on REPLICAS processes on PostgreSQL
    replicas_skipped: str = ""  # why the replicas were not run


@dataclass
class Flood:
    """One machine opening new sessions on a class's link as fast as it can, voting in each."""

    seconds: float
    sessions: int  # sessions opened (each a new "student" before issue 30)
    counted: int  # votes the projector counts at the end
    per_minute: float  # counted votes per minute


def _params(view: View) -> dict[str, str]:
    return dict(parse_qsl(view.query_string, keep_blank_values=True))


def _drew(view: View, key: str) -> bool:
    return f"-{key}".encode() in view.payload  # a keyed widget's id ends with its key


async def _press(s: Session, params: dict[str, str], key: str) -> View:
    view = (await s.view(TEACHER, params, triggers=(key,))).check(f"/{TEACHER} {key}")
    params.update(_params(view))
    return view


async def _teacher(server: Server) -> tuple[Session, dict[str, str], str]:
    """A projector with a class started and voting open: its session, address, live fragment."""
    s = Session(server.ws)
    await s.open()
    params: dict[str, str] = {}
    (await s.view(TEACHER)).check(f"/{TEACHER}")
    view = await _press(s, params, "class_start")
    for _ in range(20):  # the lesson's first step that asks a question, by the page's own Next
        if _drew(view, "class_open"):
            break
        view = await _press(s, params, "class_next")
    view = await _press(s, params, "class_open")
    if not COUNT.search(view.payload):
        raise RuntimeError("the projector shows no live count after Open voting")
    live = [f for f, drawn in s.fragment_elements.items() if "metric" in drawn]
    if len(live) != 1:
        raise RuntimeError(f"no single live part on the projector: {s.fragment_elements}")
    return s, params, live[0]


async def _refresh(s: Session, page: str, params: dict[str, str], fragment: str) -> View:
    """One timer run of a live part, as the browser asks for it."""
    return await s.view(page, params, fragment=fragment, auto_rerun=True)


async def _cpu_per_run(server: Server, run: Callable[[], Awaitable[object]], runs: int) -> float:
    """Server CPU seconds of one `await run()` on an otherwise idle server: the CPU of `runs`
    runs in a row, divided (the kernel counts CPU time in 10 ms ticks, a refresh's order)."""
    before = server.cpu_seconds()
    for _ in range(runs):
        await run()
    await asyncio.sleep(0.05)  # the server finishes its bookkeeping
    return (server.cpu_seconds() - before) / runs


@dataclass
class _Phone:
    session: Session
    params: dict[str, str]
    radio: str
    fragment: str
    answer_at: float = 0.0  # s after the crowd starts
    sent: float = 0.0  # perf_counter at the press
    done: float = 0.0  # perf_counter when its run ended
    answer_seconds: float = 0.0


SILENT = 20  # clients that open the class's link and then never read what the server sends
SILENT_SECONDS = 20.0
SILENT_MAX = 2.0  # s: the most a projector refresh may take meanwhile (issue 38, item 6)


@dataclass
class Silent:
    """Clients that connect, ask for the class's link and never read a byte of the answer (a
    phone gone to sleep, a broken client, or one doing it on purpose), and the projector."""

    clients: int
    seconds: float
    refresh_idle: list[float]  # projector refresh, wall s, before they came
    refresh_during: list[float]  # projector refresh, wall s, while they hold their sockets


async def _silent(server: Server, clients: int, seconds: float) -> Silent:
    """The projector refreshing on its timer for `seconds` while `clients` silent clients hold
    the class's link open (each from an address of its own, as nginx forwards them)."""
    teacher, t_params, live = await _teacher(server)
    quiet: list[Session] = []
    try:
        idle = [
            (await _refresh(teacher, TEACHER, t_params, live)).check("refresh").seconds
            for _ in range(5)
        ]
        for i in range(clients):
            s = Session(server.ws, forwarded_for=f"198.51.{i // 250}.{i % 250 + 1}")
            await s.open()
            await s.send(PHONE, {"code": t_params["code"]})  # and never receive
            quiet.append(s)
        during: list[float] = []
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            tick = time.perf_counter()
            during.append(
                (await _refresh(teacher, TEACHER, t_params, live)).check("silent").seconds
            )
            await asyncio.sleep(max(0.0, LIVE_SECONDS - (time.perf_counter() - tick)))
    finally:
        for s in quiet:  # hang up without the closing handshake they would never read
            if s.ws is not None:
                s.ws.transport.abort()
        await teacher.close()
    return Silent(clients, seconds, idle, during)


FLOOD_ADDRESS = "203.0.113.9"  # the one machine of the flood, as nginx forwards it
FLOOD_SECONDS = 60.0


async def _flood(server: Server, seconds: float) -> Flood:
    """For `seconds`, one machine opens a new session on the class's link after another and
    votes in each; how many votes the projector counts (before issue 30: 2,294 a minute)."""
    teacher, t_params, live = await _teacher(server)
    sessions, began = 0, time.perf_counter()
    try:
        while time.perf_counter() - began < seconds:
            async with Session(server.ws, forwarded_for=FLOOD_ADDRESS) as s:
                view = (await s.view(PHONE, {"code": t_params["code"]})).check("flood")
                sessions += 1
                radios = [key for key in s.options if key.startswith("join_pick_")]
                if radios:
                    await s.view(PHONE, _params(view), widgets={radios[0]: s.options[radios[0]][0]})
        took = time.perf_counter() - began
        view = (await _refresh(teacher, TEACHER, t_params, live)).check("projector")
        match = COUNT.search(view.payload)
        counted = int(match.group(1)) if match else 0
    finally:
        await teacher.close()
    return Flood(took, sessions, counted, counted * 60 / took)


async def _join(ws: str, code: str, address: str, via_proxy: bool) -> tuple[_Phone, float]:
    """A phone on the class's link from `address`: said in X-Forwarded-For as nginx on this
    machine would, or, `via_proxy`, connecting from it to the proxy at `ws` (a loopback
    address), whose own X-Forwarded-For the app must read."""
    if via_proxy:
        s = Session(ws, local_address=address)
    else:
        s = Session(ws, forwarded_for=address)
    await s.open()
    view = (await s.view(PHONE, {"code": code})).check(f"/{PHONE}")
    radios = [key for key in s.options if key.startswith("join_pick_")]
    if len(radios) != 1:
        raise RuntimeError(f"/{PHONE}: no single answer radio among {sorted(s.options)}")
    return _Phone(s, _params(view), radios[0], s.fragments[radios[0]]), view.seconds


async def _class(
    server: Server, n: int, spread: float, rng: random.Random, proxy_ws: str | None = None
) -> Result:
    """The class of `n` phones; through the proxy at `proxy_ws` (nginx) when given, each phone
    then connecting from a loopback address of its own (and the idle costs not measured)."""
    began = time.perf_counter()
    teacher, t_params, live = await _teacher(server)
    phones: list[_Phone] = []
    costs = proxy_ws is None
    try:
        refresh_idle = [
            (await _refresh(teacher, TEACHER, t_params, live)).check("refresh").seconds
            for _ in range(COST_RUNS if costs else 1)
        ]
        refresh_cpu = page_cpu = phone_cpu = 0.0
        if costs:
            refresh_cpu = await _cpu_per_run(
                server, lambda: _refresh(teacher, TEACHER, t_params, live), COST_RUNS
            )
            page_cpu = await _cpu_per_run(
                server, lambda: teacher.view(TEACHER, t_params), max(3, COST_RUNS // 2)
            )
        join_seconds = []
        for i in range(0, n, JOIN_BATCH):
            joined = await asyncio.gather(  # each phone on a network of its own
                *(
                    _join(server.ws, t_params["code"], f"10.{j // 250}.{j % 250}.1", False)
                    if proxy_ws is None
                    else _join(proxy_ws, t_params["code"], f"127.1.{j // 250}.{j % 250 + 1}", True)
                    for j in range(i, min(i + JOIN_BATCH, n))
                )
            )
            phones += [p for p, _ in joined]
            join_seconds += [seconds for _, seconds in joined]
        first = phones[0]
        if costs:
            phone_cpu = await _cpu_per_run(
                server,
                lambda: _refresh(first.session, PHONE, first.params, first.fragment),
                COST_RUNS,
            )

        # the class: every phone and the projector refresh on their timers, phones answer
        for p in phones:
            p.answer_at = rng.uniform(0, spread)
        start = time.perf_counter()
        cpu_before = server.cpu_seconds()
        refreshes: list[tuple[float, int]] = []
        refresh_busy: list[float] = []
        joined = [0]  # students the projector counts as joined

        async def phone_timer(p: _Phone) -> None:
            await asyncio.sleep(rng.uniform(0, LIVE_SECONDS))  # timers are not in step
            while True:
                tick = time.perf_counter()
                if not p.sent and tick - start >= p.answer_at:
                    option = rng.choice(p.session.options[p.radio])
                    p.sent = await p.session.send(
                        PHONE, p.params, widgets={p.radio: option}, fragment=True
                    )
                    view = (await p.session.receive(p.sent)).check("answer")
                    p.done = time.perf_counter()
                    p.answer_seconds = view.seconds
                    if SENT not in view.payload:
                        raise RuntimeError("a phone's answer was not confirmed")
                else:
                    (await _refresh(p.session, PHONE, p.params, p.fragment)).check("phone")
                if p.sent and tick - start > spread + 2 * LIVE_SECONDS:
                    return
                await asyncio.sleep(max(0.0, LIVE_SECONDS - (time.perf_counter() - tick)))

        async def projector() -> None:
            while True:
                tick = time.perf_counter()
                view = (await _refresh(teacher, TEACHER, t_params, live)).check("projector")
                match = COUNT.search(view.payload)
                if match is None:
                    raise RuntimeError("the projector's refresh shows no count")
                refreshes.append((time.perf_counter(), int(match.group(1))))
                joined[0] = int(match.group(2))
                refresh_busy.append(view.seconds)
                if int(match.group(1)) >= n or tick - start > spread + 30:
                    return
                await asyncio.sleep(max(0.0, LIVE_SECONDS - (time.perf_counter() - tick)))

        await asyncio.gather(projector(), *(phone_timer(p) for p in phones))
        load = (server.cpu_seconds() - cpu_before) / (time.perf_counter() - start)
    finally:
        await asyncio.gather(teacher.close(), *(p.session.close() for p in phones))

    if joined[0] != n:
        raise RuntimeError(f"the projector counts {joined[0]} students joined, not {n}")
    # the r-th vote stored (by when its run ended) is counted by the first refresh showing >= r
    counted = []
    for rank, p in enumerate(sorted(phones, key=lambda p: p.done), start=1):
        seen = next((when for when, count in refreshes if count >= rank and when > p.sent), None)
        if seen is None:
            raise RuntimeError(f"vote {rank} of {n} never reached the projector")
        counted.append(seen - p.sent)
    return Result(
        n,
        spread,
        join_seconds,
        [p.answer_seconds for p in phones],
        counted,
        refresh_idle,
        refresh_busy,
        refresh_cpu,
        page_cpu,
        phone_cpu,
        load,
        refreshes[-1][1],
        time.perf_counter() - began,
        refreshes,
    )


def through_proxy(server: Server, proxy_ws: str, n: int, spread: float, seed: int = 0) -> Result:
    """A class of `n` phones joining and answering through a proxy (nginx) in front of
    `server`, each from an address of its own: every one must be let in and counted."""
    return run_async(_class(server, n, spread, random.Random(seed), proxy_ws))


def _pg_url() -> str | None:
    return next((os.environ[v] for v in PG_URL_VARS if os.environ.get(v)), None)


def on_replicas(n: int, spread: float, seed: int = 0) -> Result | str:
    """A class of `n` phones on REPLICAS server processes sharing one PostgreSQL store (a
    schema of its own), the phones through the README's nginx, each from an address of its
    own; the projector on the first process. A text saying why when it cannot run here."""
    url = _pg_url()
    if not Path(NGINX).exists():
        return f"no {NGINX} (make browsers installs it)"
    if url is None:
        return f"no PostgreSQL database named in {' or '.join(PG_URL_VARS)}"
    try:
        admin = create_engine(
            url, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 5}
        )
        schema = "bench_" + secrets.token_hex(6)
        with admin.connect() as c:
            c.execute(text(f"CREATE SCHEMA {schema}"))
    except SQLAlchemyError as error:
        return f"PostgreSQL not reachable at {url} ({type(error).__name__})"
    joiner = "&" if "?" in url else "?"
    store = f"{url}{joiner}options={quote(f'-csearch_path={schema}')}"
    servers: list[Server] = []
    try:
        with tempfile.TemporaryDirectory(prefix="bench-replicas-") as folder:
            servers = [Server(env={"CLASSROOM_DB_URL": store}).start() for _ in range(REPLICAS)]
            proxy = Nginx(Path(folder), [s.port for s in servers])
            proxy.start()
            try:
                return through_proxy(servers[0], proxy.ws, n, spread, seed)
            finally:
                proxy.stop()
    finally:
        for server in servers:
            server.stop()
        with admin.connect() as c:
            c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def bench(quick: bool = False, server: Server | None = None, seed: int = 0) -> Result:
    """The class section; on `server` if given, else on a server of its own with a new
    SQLite class store."""
    n, spread = (5, 3.0) if quick else (STUDENTS, SPREAD)
    flood_seconds = 4.0 if quick else FLOOD_SECONDS
    silent_seconds = 3.0 if quick else SILENT_SECONDS
    rng = random.Random(seed)

    def both(on: Server) -> Result:
        result = run_async(_class(on, n, spread, rng))
        result.flood = run_async(_flood(on, flood_seconds))
        result.silent = run_async(_silent(on, SILENT, silent_seconds))
        return result

    if server is not None:
        return both(server)
    with tempfile.TemporaryDirectory(prefix="bench-class-") as folder:
        url = f"sqlite:///{Path(folder) / 'class.db'}"
        own = Server(env={"CLASSROOM_DB_URL": url}).start()
        try:
            result = both(own)
        finally:
            own.stop()
    if not quick:  # the test suite runs the replicas apart (tests/browser/test_class_replicas)
        replicas = on_replicas(n, spread, seed)
        if isinstance(replicas, str):
            result.replicas_skipped = replicas
        else:
            result.replicas = replicas
    return result


def markdown(r: Result) -> str:
    ms = 1000
    return "\n".join(
        [
            "## A class: projector and phones",
            "",
            f"One teacher's projector and {r.students} phones on one server (websocket "
            "sessions, the class store on a SQLite file). Every phone and the projector re-run "
            f"their live part every {LIVE_SECONDS} s, as the browser's timer does; the phones "
            f"answer at random moments over {r.spread:g} s. A vote is counted when a projector "
            "refresh shows a count that includes it (the refresh interval is part of the wait).",
            "",
            "| seconds | p50 | p95 | max |",
            "|---|---:|---:|---:|",
            f"| a phone opens the class's link ({JOIN_BATCH} at once) | "
            f"{spread_cells(r.join_seconds)} |",
            f'| a phone\'s answer, press to its own "answer sent" | '
            f"{spread_cells(r.answer_seconds)} |",
            f"| **a phone's answer, press to counted on the projector** | "
            f"{spread_cells(r.counted_seconds)} |",
            f"| projector refresh (live part), idle | {spread_cells(r.refresh_idle)} |",
            f"| projector refresh while the class answers | {spread_cells(r.refresh_busy)} |",
            "",
            "| cost, measured side by side | value | ratio |",
            "|---|---:|---:|",
            f"| server CPU per full run of the teacher page, idle | {r.page_cpu * ms:.0f} ms | "
            "1.00 |",
            f"| server CPU per projector refresh (live part), idle | {r.refresh_cpu * ms:.0f} ms "
            f"| {r.refresh_cpu / r.page_cpu:.2f} |",
            f"| server CPU per phone refresh, idle | {r.phone_cpu * ms:.0f} ms | "
            f"{r.phone_cpu / r.page_cpu:.2f} |",
            f"| projector refresh wall p50: while the class answers ÷ idle | | "
            f"{percentile(r.refresh_busy, 0.5) / percentile(r.refresh_idle, 0.5):.2f} |",
            f"| p95 press → counted ÷ refresh interval ({LIVE_SECONDS} s) | | "
            f"{percentile(r.counted_seconds, 0.95) / LIVE_SECONDS:.2f} |",
            f"| server load while {r.students} phones and the projector refresh and answer | "
            f"{r.load_cores:.2f} cores | |",
            "",
            f"Every vote counted: {r.final_count} of {r.students}. (class part: {r.seconds:.0f} s)",
            *_flood_lines(r.flood),
            *_silent_lines(r.silent),
            *_replica_lines(r),
        ]
    )


def _replica_lines(r: Result) -> list[str]:
    if r.replicas is None:
        return ["", f"(The class on {REPLICAS} processes was not run: {r.replicas_skipped}.)"]
    q = r.replicas
    return [
        "",
        f"### {q.students} phones on {REPLICAS} processes sharing PostgreSQL, through nginx",
        "",
        f"The same class on {REPLICAS} server processes that share one PostgreSQL store, the "
        "phones through the README's nginx (each from a loopback address of its own, spread "
        "over the processes), the projector on the first process.",
        "",
        "| seconds | p50 | p95 | max |",
        "|---|---:|---:|---:|",
        f"| a phone opens the class's link through nginx | {spread_cells(q.join_seconds)} |",
        f'| a phone\'s answer, press to its own "answer sent" | {spread_cells(q.answer_seconds)} |',
        f"| **a phone's answer, press to counted on the projector** | "
        f"{spread_cells(q.counted_seconds)} |",
        f"| projector refresh while the class answers | {spread_cells(q.refresh_busy)} |",
        "",
        f"Every vote counted: {q.final_count} of {q.students}.",
    ]


def _silent_lines(q: Silent | None) -> list[str]:
    if q is None:
        return []
    return [
        "",
        "### Clients that never read",
        "",
        f"{q.clients} clients open the class's link and never read the answer, for "
        f"{q.seconds:.0f} s (before issue 38, 10 such clients froze a projector for 24.5 s); "
        f"the projector refreshes on its timer meanwhile. Goal: no refresh over {SILENT_MAX:g} s.",
        "",
        "| projector refresh, seconds | p50 | p95 | max |",
        "|---|---:|---:|---:|",
        f"| before they come | {spread_cells(q.refresh_idle)} |",
        f"| **while {q.clients} clients hold the link and never read** | "
        f"{spread_cells(q.refresh_during)} |",
    ]


def _flood_lines(f: Flood | None) -> list[str]:
    if f is None:
        return []
    return [
        "",
        "### One machine stuffing the ballot",
        "",
        f"One client address opens a new session on the class's link after another for "
        f"{f.seconds:.0f} s and votes in each (before issue 30 every new session was a new "
        "student: 2,294 counted votes a minute). The class admits at most "
        f"{Limits().joins} new students per address in {Limits().join_window / 60:.0f} min.",
        "",
        "| one machine | value |",
        "|---|---:|",
        f"| sessions opened | {f.sessions} |",
        f"| votes the projector counts | {f.counted} |",
        f"| **counted votes per minute** | {f.per_minute:.0f} |",
    ]
