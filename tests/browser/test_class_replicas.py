"""One class on three app processes behind nginx, sharing one PostgreSQL class store (issue
19): the projector is on one process, five phones are spread over all three (nginx's sticky
cookie, one picked per browser); the votes given on every process are counted on the
projector, the reveal's table holds them all, and each phone, whatever its process, marks its
own answer once the teacher revealed on another one.

Run: `make soak` (a soak, not in `make test`), or
`.venv/bin/python -m pytest tests/browser/test_class_replicas.py -q -p no:xdist`.
Needs /usr/sbin/nginx and a reachable PostgreSQL: CLASSROOM_TEST_PG_URL (.ci/run sets it), or
the local socket's `classroom_test` database; skipped otherwise, saying why.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, expect
from sqlalchemy import create_engine, text
from sqlalchemy.exc import SQLAlchemyError

from live_class.connection import LIVE_SECONDS
from tests.browser.helpers import (
    SCREENSHOTS,
    choice_labels,
    choices,
    cluster,
    cookie_to,
    en,
    no_exception,
    open_all,
    open_voting,
    phone,
    reveal,
    start_class,
    text_in,
    vote,
)
from tests.browser.tabs import DEFAULT_TIMEOUT, Contexts
from tools.bench_cluster import active_sessions
from tools.bench_nginx import NGINX, Nginx
from tools.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.soak, pytest.mark.timeout(300)]
LIVE = (LIVE_SECONDS * 3 + 4) * 1000  # ms
PROCESSES = 3
TEACHER_ON = 0
LOCALES = ("zh-CN", "en-US", "en-US", "zh-CN", "en-US")
ON = (1, 2, 0, 1, 2)  # each phone's process: every process holds students
PICKS = (0, 1, 1, 2, 1)
PG_URL = os.environ.get(
    "CLASSROOM_TEST_PG_URL", "postgresql+psycopg:///classroom_test?host=/var/run/postgresql"
)


@pytest.fixture
def pg_schema() -> Iterator[str]:
    """A fresh schema in the test database (dropped after): the store URL the three processes
    share, with that schema as their search path."""
    try:
        admin = create_engine(
            PG_URL, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 5}
        )
        with admin.connect() as c:
            schema = "t_" + secrets.token_hex(6)
            c.execute(text(f"CREATE SCHEMA {schema}"))
    except SQLAlchemyError as error:
        pytest.skip(
            f"PostgreSQL not reachable at {PG_URL} ({type(error).__name__}): start it as "
            ".ci/run does, or set CLASSROOM_TEST_PG_URL"
        )
    joiner = "&" if "?" in PG_URL else "?"
    try:
        yield f"{PG_URL}{joiner}options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.connect() as c:
            c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def replicas(tmp_path: Path, pg_schema: str) -> Iterator[tuple[Nginx, list[Server], str]]:
    if not Path(NGINX).exists():
        pytest.skip("no nginx (apt-get install nginx, or `make browsers`)")
    env = {"CLASSROOM_DB_URL": pg_schema}
    with cluster(tmp_path, PROCESSES, "class-replica", env) as (nginx, servers):
        yield nginx, servers, pg_schema


def test_votes_from_three_processes_meet_on_the_projector(
    chromium: Browser, contexts: Contexts, replicas: tuple[Nginx, list[Server], str]
) -> None:
    nginx, servers, url = replicas
    began = time.monotonic()
    # pick each browser's process first, while no other session is open
    teacher_cookie = cookie_to(nginx, servers, TEACHER_ON)
    phone_cookies = [cookie_to(nginx, servers, i) for i in ON]
    context = chromium.new_context(viewport={"width": 1600, "height": 1000}, locale="en-US")
    context.set_default_timeout(DEFAULT_TIMEOUT)
    context.add_cookies([teacher_cookie])
    tab = context.new_page()
    phones = [phone(contexts, loc, [c]) for loc, c in zip(LOCALES, phone_cookies, strict=True)]
    pages = [tab, *phones]
    try:
        code, _key = start_class(tab, nginx.url)
        open_voting(tab)
        open_all(phones, nginx.url, "join", {"code": code})
        held = [active_sessions(server) for server in servers]
        expected = [ON.count(i) + (i == TEACHER_ON) for i in range(PROCESSES)]
        assert held == expected, f"sessions per process {held}, meant {expected}"

        labels = []
        for p, pick in zip(phones, PICKS, strict=True):
            labels.append(vote(p, pick))
            expect(p.get_by_text(text_in(p, "join_sent"))).to_be_visible(timeout=LIVE)
        count = en("cls_count", n=len(phones), joined=len(phones), round=1)
        expect(tab.get_by_text(count)).to_be_visible(timeout=LIVE)  # all processes' votes

        english = choice_labels(phones[1])
        table = reveal(tab)
        assert table[en("cls_answer_col")] == english
        votes = [str(PICKS.count(i)) for i in range(len(english))]
        assert table[en("cls_round", round=1)] == votes
        for p, label in zip(phones, labels, strict=True):  # the reveal reaches every process
            expect(p.get_by_text(text_in(p, "join_yours", answer=label))).to_be_visible(
                timeout=LIVE
            )
            expect(choices(p)).to_have_count(0)
            no_exception(p)

        # and they are in the one shared store: nothing kept apart on a process
        engine = create_engine(url)
        with engine.connect() as c:
            stored = c.execute(
                text(
                    "SELECT COUNT(*) FROM class_answers a JOIN classes k ON k.id = a.class_id "
                    "WHERE k.code = :code"
                ),
                {"code": code},
            ).scalar_one()
        engine.dispose()
        assert stored == len(phones)
    except Exception:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for i, page in enumerate(pages):
            page.screenshot(path=str(SCREENSHOTS / f"class-replica-{i}.png"), full_page=True)
        raise
    finally:
        tab.context.close()
        for page in phones:
            contexts.leave(page)
    print(f"three processes: {time.monotonic() - began:.1f} s")
