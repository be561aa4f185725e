"""A whole class on three app processes behind nginx, and one process dies (issue 12, part 3).

Three `streamlit run` processes on loopback ports sit behind Debian's nginx, run in the
foreground with deploy/nginx.conf itself (only its ports are replaced). Twenty browser
sessions, each with its own sentence and settings in its URL, spread over the processes by the
sticky cookie. Then the process with the most sessions is killed: every one of its sessions
must reconnect to another process and be drawn again from its own URL, the others must go on
untouched, and no one may see another's sentence.

Run: `make soak` (a soak, not in `make test`), or
`.venv/bin/python -m pytest tests/browser/test_cluster.py -q -m browser`.
Needs /usr/sbin/nginx (`make browsers` installs it).
"""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import AppServer
from tests.browser.helpers import (
    COUNT_RUNS,
    IDLE,
    RUN_TIMEOUT,
    SCREENSHOTS,
    cluster,
    en,
    sidebar,
    url_params,
    url_path,
    wait_idle,
    wait_loaded,
)
from tests.browser.tabs import DEFAULT_TIMEOUT
from tools.bench_cluster import active_sessions
from tools.bench_nginx import NGINX, Nginx

pytestmark = [pytest.mark.browser, pytest.mark.soak, pytest.mark.timeout(300)]

PROCESSES = 3
STUDENTS = 20
PAGE = "input"  # tokens, embeddings, Q, K, V: the sentence in every chart, and quick to draw
BATCH = 5  # pages opened at once: 2 cores draw 5 first pages in a few seconds
RECONNECT_TIMEOUT = 40.0  # s
# One made-up word per student that no page text contains: each page must show its own, and
# no other.
WORDS = [
    "xq" + name
    for name in (
        "alpha bravo charlie delta echo foxtrot golf hotel india juliett "
        "kilo lima mike november oscar papa quebec romeo sierra tango"
    ).split()
]


# ---- nginx with the deploy config (tools/bench_nginx.py, shared with `make bench`) ------


@pytest.fixture
def processes(tmp_path: Path) -> Iterator[tuple[Nginx, list[AppServer]]]:
    if not Path(NGINX).exists():
        pytest.skip("no nginx (apt-get install nginx, or `make browsers`)")
    with cluster(tmp_path, PROCESSES, "cluster-app") as running:
        yield running


# ---- the class ------------------------------------------------------------------------------


def student_params(i: int) -> dict[str, str]:
    """Student i's link: their own sentence, and settings that differ from their neighbours'."""
    word = WORDS[i]
    params = {"text": f"{word} reads the sentence of {word}", "seed": str(100 + i)}
    if i % 2:
        params["numbers"] = "0"
    return params


def shows_only_own_sentence(page: Page, i: int) -> None:
    """The page is drawn from student i's URL: their sentence, settings, and no one else's."""
    params = student_params(i)
    assert url_path(page) == PAGE
    # every link has a toy setting (seed) and names no model: made before links named their
    # model, it opens the toy, and the page's address says so (ui/session.py)
    assert url_params(page) == {**params, "lang": "en", "src": "toy"}
    expect(sidebar(page).get_by_label(en("sentence"))).to_have_value(params["text"])
    switch = sidebar(page).get_by_role("switch", name=en("numbers"))
    if "numbers" in params:
        expect(switch).not_to_be_checked()
    else:
        expect(switch).to_be_checked()
    expect(sidebar(page).get_by_label(en("seed"))).to_have_value(params["seed"])
    # every text of the page, the charts' SVG labels included
    words = set(re.findall(r"[a-z]+", page.evaluate("() => document.body.textContent")))
    assert WORDS[i] in words, f"student {i}: own word missing from the page"
    others = words & (set(WORDS) - {WORDS[i]})
    assert not others, f"student {i} sees another student's sentence: {others}"
    expect(page.get_by_test_id("stException")).to_have_count(0)


def test_class_survives_losing_a_process(
    chromium: Browser, processes: tuple[Nginx, list[AppServer]]
) -> None:
    nginx, servers = processes
    contexts: list[BrowserContext] = []
    pages: list[Page] = []
    began = time.monotonic()
    try:
        for start in range(0, STUDENTS, BATCH):
            batch = []
            for i in range(start, min(start + BATCH, STUDENTS)):
                context = chromium.new_context(viewport={"width": 1400, "height": 900})
                context.set_default_timeout(DEFAULT_TIMEOUT)
                page = context.new_page()
                url = f"{nginx.url}/{PAGE}?{urlencode(student_params(i))}"
                page.goto(url, wait_until="commit", timeout=RUN_TIMEOUT)
                contexts.append(context)
                batch.append(page)
            for page in batch:
                wait_loaded(page)
            pages.extend(batch)
            print(f"{len(pages)} students in {time.monotonic() - began:.1f} s")
        time.sleep(1.0)
        for i, page in enumerate(pages):
            shows_only_own_sentence(page, i)

        counts = [active_sessions(server) for server in servers]
        assert sum(counts) == STUDENTS, counts
        assert max(counts) < STUDENTS, f"the sticky cookie did not spread the class: {counts}"
        for page in pages:
            page.evaluate(COUNT_RUNS)

        # one process dies mid-class, without a chance to say goodbye
        victim = servers[counts.index(max(counts))]
        assert victim.process is not None
        victim.process.send_signal(signal.SIGKILL)
        victim.process.wait(timeout=10)

        # its sessions reconnect through nginx to the other processes and are drawn again
        deadline = time.monotonic() + RECONNECT_TIMEOUT
        survivors = [s for s in servers if s is not victim]

        def redrawn() -> list[int]:
            return [i for i, page in enumerate(pages) if page.evaluate("window.__runs") > 0]

        while sum(active_sessions(s) for s in survivors) < STUDENTS or len(redrawn()) < max(counts):
            assert time.monotonic() < deadline, ([active_sessions(s) for s in survivors], redrawn())
            time.sleep(0.5)
        moved = redrawn()
        # exactly the dead process's students were drawn again; the others were left alone
        assert len(moved) == max(counts), (moved, counts)
        for page in pages:
            page.wait_for_selector(IDLE, timeout=RUN_TIMEOUT)
        time.sleep(1.0)
        for i, page in enumerate(pages):
            shows_only_own_sentence(page, i)

        # the moved students' next click works on their new process and keeps their state
        for i in moved[:3]:
            page = pages[i]
            sidebar(page).get_by_text(en("numbers"), exact=True).click()
            wait_idle(page)
            expected = "0" if "numbers" not in student_params(i) else None
            assert url_params(page).get("numbers") == expected
            assert url_params(page).get("text") == student_params(i)["text"]
    except Exception:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for i, page in enumerate(pages):
            page.screenshot(path=str(SCREENSHOTS / f"cluster-student-{i}.png"))
        raise
    finally:
        for context in contexts:
            context.close()
