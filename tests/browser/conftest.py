"""Real-browser fixtures: one Streamlit server and one headless Chromium per test session.

Fixture names avoid `browser`, `context` and `page` on purpose: pytest-playwright is installed
in the dev environment and its own fixtures of those names would launch a downloaded browser.
Here Chromium is always Debian's /usr/bin/chromium.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS, REPO, SCREENSHOTS

SERVER_START_TIMEOUT = 60.0  # s
DEFAULT_TIMEOUT = 20_000  # ms: any single Playwright wait


# ---- the app server --------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return response.read().decode().strip() == "ok"
    except (urllib.error.URLError, OSError):
        return False


class AppServer:
    """`streamlit run streamlit_app.py` on a free port, from the repo root, logging to a file.

    Restarted (same port) when found dead before a test: other people's tools on a shared
    machine sometimes stop every Streamlit process, and one such stop should not fail the rest
    of the session.
    """

    def __init__(self, log_path: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "streamlit_app.py",
            "--server.headless",
            "true",
            "--server.address",
            "127.0.0.1",
            "--server.port",
            str(self.port),
            "--browser.gatherUsageStats",
            "false",
            "--server.fileWatcherType",
            "none",
        ]

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                self.command, cwd=REPO, stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while not _healthy(self.url):
            if not self.alive():
                pytest.fail(f"streamlit exited early; see {self.log_path}:\n{self.log_tail()}")
            if time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"streamlit not healthy after {SERVER_START_TIMEOUT:.0f} s")
            time.sleep(0.25)

    def ensure_running(self) -> None:
        if self.alive() and _healthy(self.url):
            return
        if self.process is not None:
            print(f"streamlit server was gone (exit code {self.process.poll()}); restarting")
            self.stop()
        self.start()

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.process = None

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


@pytest.fixture(scope="session")
def app_server() -> Iterator[AppServer]:
    """One Streamlit server for the whole session, or for each xdist worker (its log:
    screenshots/browser/, one per worker)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    log_path = SCREENSHOTS / f"streamlit-server{'-' + worker if worker else ''}.log"
    if log_path.exists():  # keep the previous session's log next to this one
        log_path.replace(log_path.with_suffix(".prev.log"))
    server = AppServer(log_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


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
        try:
            yield browser
        finally:
            browser.close()


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
def tab(chromium: Browser, app_server: AppServer, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh context and page (a new Streamlit session); a screenshot if the test fails."""
    context = chromium.new_context(viewport={"width": 1600, "height": 1000}, locale="en-US")
    context.set_default_timeout(DEFAULT_TIMEOUT)
    page = context.new_page()
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
        context.close()
