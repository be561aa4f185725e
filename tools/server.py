"""The app server as `make run` starts it, for the bench and the tests alike: one launcher.

`make run` is `MALLOC_ARENA_MAX=2 python -m streamlit run streamlit_app.py --server.port N`
from the repo root, so .streamlit/config.toml is the whole configuration. A `Server` runs the
same command with the same environment on a free loopback port, polls /_stcore/health until it
says ok, and after a stop, or a death, starts again on the same port.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = "streamlit_app.py"
RUN = ("-m", "streamlit", "run")  # after the interpreter, before the app: `make run`'s words
# The environment `make run` and the Dockerfile start the app with: two malloc arenas, not 8 per
# core (Streamlit runs each script run on a new thread, and memory freed in a thread's own arena
# was seldom given back: 588 MB against 490-517 MB after make bench's soak). glibc reads it when
# the process starts, so the app cannot set it itself. tests/test_bench_short.py checks that
# make run, the Dockerfile, the bench and the browser tests all set it.
SERVER_ENV = {"MALLOC_ARENA_MAX": "2"}
START_TIMEOUT = 90.0  # s from launch to health ok: a cold start on a loaded 2-core machine
_TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def healthy(url: str) -> bool:
    """Whether the Streamlit server (or nginx in front of it) at `url` answers ok."""
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return response.read().decode().strip() == "ok"
    except OSError:
        return False


def rss_mb(pid: int | str = "self") -> float:
    """Resident memory of a process in MB, from /proc (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS in /proc/{pid}/status")


class Server:
    """`streamlit run app` from the repo root as `make run` starts it, on a free loopback port.

    `flags` are extra `--option=value` flags (the bench's yardstick page as Streamlit runs it
    out of the box); `log` is a file for the server's output (appended to), None for none;
    `env` adds to the environment (the class store's CLASSROOM_DB_URL, as a deployment sets it).
    """

    def __init__(
        self,
        log: Path | None = None,
        app: str = APP,
        flags: tuple[str, ...] = (),
        env: dict[str, str] | None = None,
    ):
        self.log, self.app, self.flags = log, app, flags
        self.extra_env = dict(env or {})
        self.port = free_port()  # kept for every restart: open pages reconnect to it
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}/_stcore/stream"
        self.process: subprocess.Popen[bytes] | None = None
        self.launched = 0.0  # time.perf_counter() at the last launch
        self.started_in = 0.0  # s from that launch to /_stcore/health answering ok

    @property
    def command(self) -> list[str]:
        port = (f"--server.port={self.port}", "--server.address=127.0.0.1")
        return [sys.executable, *RUN, self.app, *port, *self.flags]

    @property
    def env(self) -> dict[str, str]:
        return {**os.environ, **SERVER_ENV, **self.extra_env}

    def start(self, timeout: float = START_TIMEOUT) -> Server:
        """Launch; return once /_stcore/health says ok (RuntimeError if it never does)."""
        if self.log is not None:
            self.log.parent.mkdir(parents=True, exist_ok=True)
        self.launched = time.perf_counter()
        with self.log.open("ab") if self.log else nullcontext(subprocess.DEVNULL) as output:
            self.process = subprocess.Popen(
                self.command, cwd=ROOT, env=self.env, stdout=output, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + timeout
        while not healthy(self.url):
            if not self.alive():
                code = self.process.returncode
                log = f"; see {self.log}:\n{self.log_tail()}" if self.log else ""
                raise RuntimeError(f"streamlit run {self.app} exited with {code}{log}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"streamlit run {self.app}: not healthy after {timeout:.0f} s")
            time.sleep(0.05)
        self.started_in = time.perf_counter() - self.launched
        return self

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def ensure_running(self) -> None:
        """Start again, same port, if found dead (other people's tools on a shared machine
        sometimes stop every Streamlit process; one such stop should not fail every test)."""
        if self.alive() and healthy(self.url):
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
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.process = None

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log.read_text(errors="replace") if self.log else ""
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def _pid(self) -> int:
        if self.process is None:
            raise RuntimeError("the server is not running")
        return self.process.pid

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process so far (all its threads, dead or alive)."""
        fields = Path(f"/proc/{self._pid()}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICKS  # utime, stime (fields 14, 15)

    def rss_mb(self) -> float:
        return rss_mb(self._pid())


def start_server(app: str = APP, flags: tuple[str, ...] = ()) -> Server:
    """A started `Server` with no log: what the bench and the websocket tests use."""
    return Server(app=app, flags=flags).start()
