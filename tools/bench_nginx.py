"""Debian's nginx in the foreground with deploy/nginx.conf itself: one source of truth.

Only the ports change: the upstream gets one `server` line per app process (the options of the
file's first line kept), and `listen 80` becomes a loopback port. Used by `make bench`
(tools/bench_cluster.py) and by tests/browser/test_cluster.py.
"""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import time
import urllib.request
from itertools import pairwise
from pathlib import Path

from tools.server import ROOT, free_port, healthy

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
COOKIE = "attention_route"  # the sticky cookie deploy/nginx.conf sets
_UPSTREAM = re.compile(r"^(\s+server) 127\.0\.0\.1:\d+ (.*)$", re.MULTILINE)
ACCESS_LOG = "/var/log/nginx/"  # where deploy/nginx.conf keeps its access log
_LISTEN = re.compile(r"^(\s+)listen 80;", re.MULTILINE)


def nginx_site(app_ports: list[int], listen_port: int, log_folder: Path | None = None) -> str:
    """deploy/nginx.conf with these ports (and its access log in `log_folder`): the only
    changes made to it."""
    if not app_ports:
        raise ValueError("nginx_site needs at least one app port")
    text = NGINX_CONF.read_text()
    lines = list(_UPSTREAM.finditer(text))
    if not lines:
        raise ValueError("deploy/nginx.conf has no `server 127.0.0.1:<port> ...` upstream line")
    first, last = lines[0], lines[-1]
    if any(text[a.end() : b.start()].strip() for a, b in pairwise(lines)):
        raise ValueError("deploy/nginx.conf: the upstream `server` lines must be consecutive")
    servers = "\n".join(f"{first.group(1)} 127.0.0.1:{p} {first.group(2)}" for p in app_ports)
    text = text[: first.start()] + servers + text[last.end() :]
    text, listens = _LISTEN.subn(lambda m: f"{m.group(1)}listen 127.0.0.1:{listen_port};", text)
    if listens != 1:
        raise ValueError("expected one `listen 80;` in deploy/nginx.conf")
    return text.replace(ACCESS_LOG, str(log_folder or Path("/var/log/nginx")) + "/")


def nginx_main(folder: Path, site: Path) -> str:
    """A minimal main config for a foreground nginx that writes only inside `folder`."""
    temp = " ".join(
        f"{name}_temp_path {folder / name};"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\n"
        "events { worker_connections 1024; }\n"
        f"http {{\n  access_log off;\n  {temp}\n  include {site};\n}}\n"
    )


class Nginx:
    """A foreground nginx on a free loopback port in front of `app_ports`."""

    def __init__(self, folder: Path, app_ports: list[int]) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}/_stcore/stream"
        folder.mkdir(parents=True, exist_ok=True)
        site = folder / "site.conf"
        site.write_text(nginx_site(app_ports, self.port, folder))
        self.config = folder / "main.conf"
        self.config.write_text(nginx_main(folder, site))
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [NGINX, "-e", "stderr", "-p", str(self.folder), "-c", str(self.config)]
        check = subprocess.run([*command, "-t"], capture_output=True, text=True, check=False)
        if check.returncode != 0:
            raise RuntimeError(f"nginx -t: {check.stderr}")
        self.process = subprocess.Popen(command, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while not healthy(self.url):
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx exited: {self.process.stderr.read().decode()}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("nginx did not answer")
            time.sleep(0.2)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # graceful: workers end, then the master
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)

    def sticky_cookie(self) -> str:
        """What a browser's first request gets: its own `attention_route=<key>` cookie."""
        with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=10) as response:
            for header in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = header.partition("=")
                if name.strip() == COOKIE:
                    return f"{COOKIE}={rest.split(';', 1)[0]}"
        raise RuntimeError(f"nginx set no {COOKIE} cookie")
