"""Real-browser fixtures: one Streamlit server and one headless Chromium per test session.

Fixture names avoid `browser`, `context` and `page` on purpose: pytest-playwright is installed
in the dev environment and its own fixtures of those names would launch a downloaded browser.
Here Chromium is always Debian's /usr/bin/chromium.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS, WATCH_RUNS
from tests.browser.tabs import Contexts
from tools.bench_nginx import NGINX, Nginx
from tools.server import Server

# ---- the app server --------------------------------------------------------------------------

# The app as `make run` starts it, on a free loopback port, logging to a file, started again on
# the same port when found dead before a test (tools/server.py, shared with `make bench`).
AppServer = Server


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """One Streamlit server for the whole session, or for each xdist worker (its log:
    screenshots/browser/, one per worker), each on a class database of its own: the limits
    per client address it keeps (all tests come from 127.0.0.1) start afresh every session."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    log_path = SCREENSHOTS / f"streamlit-server{'-' + worker if worker else ''}.log"
    if log_path.exists():  # keep the previous session's log next to this one
        log_path.replace(log_path.with_suffix(".prev.log"))
    db = tmp_path_factory.mktemp("classroom") / "classroom.db"
    server = AppServer(log_path, env={"CLASSROOM_DB_URL": f"sqlite:///{db}"})
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def proxy(app_server: AppServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Nginx]:
    """nginx with the deploy's own config (deploy/nginx.conf, only its ports replaced) in front
    of the session's app server."""
    if not Path(NGINX).exists():
        pytest.skip("no nginx (apt-get install nginx, or `make browsers`)")
    app_server.ensure_running()
    nginx = Nginx(tmp_path_factory.mktemp("nginx"), [app_server.port])
    nginx.start()
    try:
        yield nginx
    finally:
        nginx.stop()


@pytest.fixture
def app_url(app_server: AppServer) -> str:
    """The base URL of a running app server (restarted first if it died)."""
    app_server.ensure_running()
    return app_server.url


# ---- the browser -----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip(
            f"no Chromium at {CHROMIUM} (apt-get install chromium; never playwright install)"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        new_context = browser.new_context

        def watched_context(**options: object) -> BrowserContext:
            """Every context a test opens watches its inputs and runs (helpers.WATCH_RUNS)."""
            context = new_context(**options)
            context.add_init_script(WATCH_RUNS)
            return context

        browser.new_context = watched_context  # type: ignore[method-assign]
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def contexts(chromium: Browser) -> Iterator[Contexts]:
    kept = Contexts(chromium)
    try:
        yield kept
    finally:
        kept.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    """Keep each phase's report on the item so the `tab` fixture knows whether the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    server = getattr(item, "funcargs", {}).get("app_server")
    if report.when == "call" and report.failed and isinstance(server, AppServer):
        state = "running" if server.alive() else "DEAD (stopped from outside the test?)"
        report.sections.append((f"streamlit server: {state}", server.log_tail()))
    return report


@pytest.fixture
def tab(
    contexts: Contexts, app_server: AppServer, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A new tab (a new Streamlit session); a screenshot if the test fails."""
    page = contexts.page(viewport={"width": 1600, "height": 1000}, locale="en-US")
    try:
        yield page
    finally:
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            name = re.sub(r"[^\w.-]+", "_", request.node.name)
            try:
                page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
            except Exception as error:  # a screenshot must never hide the real failure
                print(f"screenshot failed: {error}")
        contexts.release(page)
