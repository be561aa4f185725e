"""Server memory with 1 and with 10 browser sessions at once, each visiting four pages.

Starts its own Streamlit server on a free loopback port and drives Debian's Chromium through
Playwright. Memory is the server process's resident set (VmRSS) after the sessions finished
their pages, so caches shared between sessions show as the small difference they should be.
"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote

from playwright.async_api import Browser, async_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
PATHS = ["", "score", "summary", "real-model"]  # toy and real-model caches; short enough to run
TARGET = 1.5  # memory with 10 sessions should stay under 1.5x memory with 1
SENTENCES = [
    "The black cat drank the milk",
    "The ball is blue",
    "我喜欢猫。",
    "Attention is all you need",
    "the cat sat on the mat",
    "A dog chased the red ball across the park",
    "Transformers learn which words matter",
    "La bola es azul",
    "Time flies like an arrow",
    "She sells sea shells by the sea shore",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def start_server() -> tuple[subprocess.Popen, str]:
    port = _free_port()
    proc = subprocess.Popen(
        [
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
            str(port),
            "--browser.gatherUsageStats",
            "false",
            "--server.fileWatcherType",
            "none",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if urllib.request.urlopen(url + "/_stcore/health", timeout=2).read() == b"ok":
                return proc, url
        except OSError:
            time.sleep(0.25)
    proc.kill()
    raise RuntimeError("server did not start")


async def _visit_all(browser: Browser, url: str, sentence: str) -> None:
    """One session: every page with its own sentence."""
    context = await browser.new_context()
    page = await context.new_page()
    page.set_default_timeout(120_000)
    for path in PATHS:
        await page.goto(f"{url}/{path}?text={quote(sentence)}")
        await page.wait_for_selector(IDLE)
    await context.close()


async def _sessions(url: str, count: int) -> None:
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        await asyncio.gather(
            *(_visit_all(browser, url, SENTENCES[i % len(SENTENCES)]) for i in range(count))
        )
        await browser.close()


def measure(sessions: int) -> float:
    """Server RSS (MB) after `sessions` concurrent sessions each visited every page."""
    proc, url = start_server()
    try:
        asyncio.run(_sessions(url, sessions))
        time.sleep(1)
        return rss_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def bench() -> dict[str, float]:
    one = measure(1)
    ten = measure(10)
    return {"server_rss_1_session_mb": one, "server_rss_10_sessions_mb": ten, "ratio": ten / one}


def markdown(result: dict[str, float]) -> str:
    ok = "ok" if result["ratio"] < TARGET else f"over {TARGET:g}×"
    return "\n".join(
        [
            "| server memory (home, score, summary, real model) | RSS (MB) |",
            "|---|---:|",
            f"| 1 session | {result['server_rss_1_session_mb']:.0f} |",
            f"| 10 sessions at once | {result['server_rss_10_sessions_mb']:.0f} |",
            f"| ratio (target < {TARGET:g}) | {result['ratio']:.2f} {ok} |",
        ]
    )


if __name__ == "__main__":
    print(markdown(bench()))
