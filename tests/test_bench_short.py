"""The crowd, the soak, the cluster and page 7's Train button of `make bench`, small: every
session finishes and keeps its own sentence, nginx keeps a cookie on one process, the button
trains. Also the one launcher all of them and the browser tests use, and `--only`. Correctness
only; the timings are in bench-report.md."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

from live_class.store import Limits
from tests.browser.conftest import AppServer
from tools import bench, bench_class, bench_live, bench_rerun, bench_server
from tools.bench_cluster import active_sessions
from tools.bench_nginx import NGINX, NGINX_CONF, Nginx, nginx_site
from tools.bench_server import CONCEPT_PAGES, PAGES, new_sentence
from tools.server import APP, ROOT, RUN, SERVER_ENV, Server, start_server
from tools.wsclient import Session, fresh_view, run_async


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app on a class database of its own: the limits per client address it keeps start
    afresh (the class's flood would otherwise meet the last run's)."""
    db = tmp_path_factory.mktemp("classroom") / "classroom.db"
    srv = Server(env={"CLASSROOM_DB_URL": f"sqlite:///{db}"}).start()
    yield srv
    srv.stop()


def _shown(view, text: str) -> bool:
    """The run used `text` (its link holds it). The payload may not hold it as one string: a
    chart subtitle that quotes it can wrap it onto two lines."""
    return parse_qs(view.query_string).get("text") == [text] and view.used(text)


@pytest.mark.parametrize("page", CONCEPT_PAGES)
def test_three_sessions_submit_at_once_each_keep_their_own_sentence(server, page):
    async def crowd():
        sessions = [Session(server.ws) for _ in range(3)]
        await asyncio.gather(*(s.open() for s in sessions))
        firsts = [new_sentence() for _ in sessions]
        opened = [await s.view(page, {"text": t}) for s, t in zip(sessions, firsts, strict=True)]
        texts = [new_sentence() for _ in sessions]
        starts = [
            await s.send(page, {"text": f}, {"text": t})
            for s, f, t in zip(sessions, firsts, texts, strict=True)
        ]
        views = await asyncio.gather(*(s.receive(t) for s, t in zip(sessions, starts, strict=True)))
        await asyncio.gather(*(s.close() for s in sessions))
        return opened, firsts, views, texts

    opened, firsts, views, texts = run_async(crowd())
    for view, text in zip(opened, firsts, strict=True):
        assert view.ok, view.exceptions
        assert _shown(view, text)
    for i, (view, text) in enumerate(zip(views, texts, strict=True)):
        assert view.status == 0 and view.ok, view.exceptions
        assert _shown(view, text), f"session {i} lost its sentence: {view.query_string}"
        assert not any(o.encode() in view.payload for o in texts if o != text)


def test_three_fresh_sessions_open_one_link_at_once(server):
    text = new_sentence()

    async def open_all():
        return await asyncio.gather(
            *(fresh_view(server.ws, "score", {"text": text}) for _ in "abc")
        )

    for view in run_async(open_all()):
        assert view.ok, view.exceptions
        assert _shown(view, text)


def test_twenty_sentences_over_all_pages_each_shown_without_exception(server):
    async def soak():
        out = []
        for i in range(20):
            page = PAGES[i % len(PAGES)]
            text = new_sentence(long=True)
            out.append((page, text, await fresh_view(server.ws, page, {"text": text})))
        return out

    results = run_async(soak())
    assert {page for page, _, _ in results} == set(PAGES)
    for page, text, view in results:
        assert view.ok, (page, view.exceptions)
        assert parse_qs(view.query_string).get("text") == [text], page
    assert bench_server.metrics(server), "no cache metrics from /_stcore/metrics"


def test_new_sentences_are_distinct_and_long_ones_fill_the_model():
    short = [new_sentence() for _ in range(600)]
    assert len(set(short)) == 600
    long = new_sentence(long=True)
    assert 50 <= len(long.split()) <= 64


# --- the cluster, page 7 and cold-start sections, small ---------------------------------------


def test_nginx_site_is_the_deploy_file_with_only_the_ports_changed():
    deploy = NGINX_CONF.read_text().splitlines()
    site = nginx_site([7001, 7002], 7100).splitlines()
    upstream = [line.strip() for line in site if line.strip().startswith("server 127.0.0.1:")]
    assert upstream == [
        "server 127.0.0.1:7001 max_fails=1 fail_timeout=10s;",
        "server 127.0.0.1:7002 max_fails=1 fail_timeout=10s;",
    ]
    assert "listen 127.0.0.1:7100;" in {line.strip() for line in site}
    changed = {line.strip() for line in deploy} ^ {line.strip() for line in site}
    assert all(line.startswith(("server 127.0.0.1:", "listen ")) for line in changed), changed


@pytest.mark.skipif(not Path(NGINX).exists(), reason="no nginx (make browsers)")
def test_sticky_cookie_keeps_a_session_on_one_process(server, tmp_path):
    other = start_server()
    servers = [server, other]
    nginx = Nginx(tmp_path, [s.port for s in servers])
    nginx.start()

    async def where(cookie: str) -> list[int]:
        """Which process holds a websocket opened with this cookie (twice, one after the other)."""
        seen = []
        for _ in range(2):
            async with Session(nginx.ws, cookie=cookie) as s:
                assert (await s.view("glossary")).ok
                seen.append([active_sessions(p) for p in servers].index(1))
            while any(active_sessions(p) for p in servers):
                await asyncio.sleep(0.1)
        return seen

    try:
        places = [run_async(where(nginx.sticky_cookie())) for _ in range(8)]
    finally:
        nginx.stop()
        other.stop()
    assert all(a == b for a, b in places), places  # the same cookie, the same process
    assert {a for a, _ in places} == {0, 1}, places  # 8 cookies reach both (1 in 128 to fail)


def test_the_train_button_pressed_through_the_websocket_trains_and_finishes(server):
    params = {"lsteps": "10"}

    async def press():
        async with Session(server.ws) as s:
            opened = await s.view(bench_live.PAGE, params)
            return opened, await s.view(bench_live.PAGE, params, triggers=(bench_live.TRAIN,))

    opened, trained = run_async(press())
    assert opened.ok and parse_qs(opened.query_string).get("lrun") is None
    assert trained.ok, trained.exceptions
    assert parse_qs(trained.query_string).get("lrun") == ["1"]
    assert parse_qs(trained.query_string).get("lsteps") == ["10"]


def test_a_launch_reports_its_time_to_health(server):
    assert 0 < server.started_in < 90
    assert server.launched > 0


def test_two_runs_pressed_at_once_take_turns_and_the_second_says_so(server):
    from ui.i18n import TEXTS

    params = {"lsteps": "1000"}  # about 0.7 s each: long enough to overlap

    async def press_both():
        sessions = [Session(server.ws), Session(server.ws)]
        for s in sessions:
            await s.open()
            assert (await s.view(bench_live.PAGE, params)).ok
        try:
            first = await sessions[0].send(bench_live.PAGE, params, triggers=(bench_live.TRAIN,))
            await asyncio.sleep(0.1)  # the first is training when the second is pressed
            second = await sessions[1].send(bench_live.PAGE, params, triggers=(bench_live.TRAIN,))
            return await asyncio.gather(sessions[0].receive(first), sessions[1].receive(second))
        finally:
            for s in sessions:
                await s.close()

    first, second = run_async(press_both())
    waiting = TEXTS["learn_waiting"]["en"].format(n=1).encode()
    assert waiting not in first.payload
    assert waiting in second.payload  # told that one run is ahead of it
    for view in (first, second):
        assert view.ok and parse_qs(view.query_string).get("lrun") == ["1"]


def test_make_run_the_dockerfile_the_bench_and_the_browser_tests_start_the_app_alike(tmp_path):
    makefile, dockerfile = (ROOT / "Makefile").read_text(), (ROOT / "Dockerfile").read_text()
    program, verb = RUN[1:]  # not spelled out here, so this file does not match `launch` below
    for name, value in SERVER_ENV.items():
        assert f"{name}={value} $(PY) {' '.join(RUN)} {APP} --server.port $(PORT)" in makefile
        assert f"ENV {name}={value}" in dockerfile
    assert f'CMD ["python", "-m", "{program}", "{verb}", "{APP}",' in dockerfile
    # the bench's servers and the browser tests' are one class: make run's command and
    # environment, a loopback port added; no flag that .streamlit/config.toml should set
    assert AppServer is Server
    server = Server(tmp_path / "server.log")
    assert server.command[:5] == [sys.executable, *RUN, APP]
    assert server.command[5:] == [f"--server.port={server.port}", "--server.address=127.0.0.1"]
    assert SERVER_ENV.items() <= server.env.items()
    # and nothing else in tools/ or tests/ starts the app its own way
    launch = re.compile(rf"[\"']{program}[\"'],\s*[\"']{verb}[\"']|-m {program} {verb}\b")
    others = [
        path.relative_to(ROOT)
        for folder in ("tools", "tests")
        for path in (ROOT / folder).rglob("*.py")
        if path.name != "server.py" and launch.search(path.read_text())
    ]
    assert others == [], f"{others} start streamlit without tools/server.py"


def test_a_server_found_stopped_starts_again_on_its_port_and_logs(tmp_path):
    server = Server(tmp_path / "server.log", app=bench_server.BARE_APP)
    port = server.port
    try:
        server.start()
        server.stop()
        assert not server.alive()
        server.ensure_running()  # as before a browser test: started again, same port
        assert server.alive() and server.port == port
        assert run_async(fresh_view(server.ws)).ok
    finally:
        server.stop()
    assert str(port) in server.log_tail()  # "You can now view your Streamlit app ... :port"


def test_bench_only_takes_sections_by_name_repeated_or_comma_separated():
    args = bench.parse(["--only", "learning,cold", "--only", "models", "--quick"])
    assert args.only == ["cold", "models", "learning"]  # report order
    assert args.quick
    assert bench.parse([]).only == list(bench.SECTIONS)
    with pytest.raises(SystemExit):
        bench.parse(["--only", "nonsense"])


def test_bench_attention_section_alone():
    report = bench.run(["attention"], quick=True)
    assert report.startswith("# Benchmark\n\n## Attention")
    assert re.search(r"\| n = 16 \| \d+ µs \|", report)
    assert "(whole benchmark:" in report


def test_a_class_of_five_phones_answers_and_every_vote_reaches_the_projector(server):
    result = bench_class.bench(quick=True, server=server)
    assert result.final_count == result.students == 5
    assert len(result.counted_seconds) == len(result.answer_seconds) == 5
    assert all(s > 0 for s in result.counted_seconds)
    assert result.refresh_cpu > 0 and result.page_cpu > 0
    report = bench_class.markdown(result)
    assert "Every vote counted: 5 of 5" in report
    # one machine opening session after session: only the joins one address may make count
    flood = result.flood
    assert flood is not None and flood.sessions > 0
    assert flood.counted == min(flood.sessions, Limits().joins)
    assert re.search(r"\| \*\*counted votes per minute\*\* \| \d+ \|", report)
    assert re.search(r"\| \*\*a phone's answer, press to counted on the projector\*\* \|", report)
    # issue 38, item 6: clients that open the link and never read do not hold up the projector
    silent = result.silent
    assert silent is not None and silent.clients == bench_class.SILENT
    assert len(silent.refresh_during) >= 2
    assert max(silent.refresh_during) < bench_class.SILENT_MAX, silent.refresh_during
    assert "never read" in report


def test_the_class_on_replicas_says_why_it_did_not_run(monkeypatch):
    """make bench's 300 phones on three processes need nginx and PostgreSQL; without a database
    named the section says so instead of failing (the replicas themselves are checked in
    tests/browser/test_class_replicas.py, the crowd in make bench)."""
    for name in bench_class.PG_URL_VARS:
        monkeypatch.delenv(name, raising=False)
    said = bench_class.on_replicas(3, 1.0)
    assert isinstance(said, str) and ("PostgreSQL" in said or "nginx" in said), said


@pytest.mark.skipif(not Path(NGINX).exists(), reason="no nginx (make browsers installs it)")
def test_a_hundred_phones_through_the_readmes_nginx_all_join_and_vote(server, tmp_path):
    """Issue 38, item 5: behind the README's nginx (deploy/nginx.conf) the app's peer is this
    machine (::ffff:127.0.0.1 when it listens on ::), and every phone counted as that one
    address: after Limits().joins the next phone was refused. Here 100 phones, each from a
    loopback address of its own as nginx sees it, join through nginx and answer: all are let
    in, the projector counts 100 joined and 100 votes."""
    assert Limits().joins < 100  # one address could not hold this class
    proxy = Nginx(tmp_path, [server.port])
    proxy.start()
    try:
        result = bench_class.through_proxy(server, proxy.ws, n=100, spread=3.0)
    finally:
        proxy.stop()
    assert result.final_count == result.students == 100
    assert len(result.counted_seconds) == 100 and all(s > 0 for s in result.counted_seconds)


def test_bench_rerun_times_a_page_against_the_bare_page_alternately():
    bare = AppTest.from_file(str(bench_rerun.BARE_APP), default_timeout=60)
    bare.run()
    home = bench_rerun.MENU[0]
    result = bench_rerun.page_rerun(home.script, "/", bare, runs=2)
    assert result.page_ms > 0 and result.bare_ms > 0
    assert result.ratio == result.page_ms / result.bare_ms
    table = bench_rerun.markdown([result])
    assert f"| / | {result.page_ms:.1f} | {result.bare_ms:.2f} | {result.ratio:.1f} |" in table
