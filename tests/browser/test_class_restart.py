"""A class survives a server restart, in Chromium (issue 19): the projector and three phones
stay open while the server is killed and started again on the same port with the same SQLite
file. Every page reconnects by itself and shows the class where it was (the step, voting
open, the count); the answers given before are kept and marked on their phones; a student who
had not voted votes on the new server and the reveal counts all three.

Run: `make soak` (a soak, not in `make test`), or
`.venv/bin/python -m pytest tests/browser/test_class_restart.py -q -p no:xdist`.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from live_class.connection import LIVE_SECONDS
from tests.browser.conftest import AppServer
from tests.browser.helpers import (
    COUNT_RUNS,
    SCREENSHOTS,
    choices,
    en,
    kill_and_restart,
    no_exception,
    open_all,
    open_voting,
    phone,
    reveal,
    start_class,
    teacher_button,
    text_in,
    url_params,
    vote,
    wait_redrawn,
)
from tests.browser.tabs import DEFAULT_TIMEOUT, Contexts

pytestmark = [pytest.mark.browser, pytest.mark.soak, pytest.mark.timeout(240)]
LIVE = (LIVE_SECONDS * 3 + 4) * 1000  # ms
LOCALES = ("zh-CN", "en-US", "en-US")
PICKS = (1, 2)  # phones 0 and 1 vote before the restart; phone 2 after it
LATE_PICK = 0


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[tuple[AppServer, Path]]:
    """A server of this test alone (it gets killed), its class store a SQLite file of its own."""
    db = tmp_path / "class.db"
    server = AppServer(
        SCREENSHOTS / "class-restart-server.log", env={"CLASSROOM_DB_URL": f"sqlite:///{db}"}
    )
    server.start()
    try:
        yield server, db
    finally:
        server.stop()


def step_heading(page: Page) -> tuple[str, str]:
    """The step a page shows: its "Step i of n" caption and its title."""
    main = page.get_by_test_id("stMainBlockContainer")
    caption = main.get_by_test_id("stCaptionContainer").filter(has_text="·").first.inner_text()
    title = main.locator(".st-key-class_title h1, h3").first  # the projector: its heading
    return caption.strip(), title.inner_text().strip()


def test_class_survives_a_server_restart(
    chromium: Browser, contexts: Contexts, own_server: tuple[AppServer, Path]
) -> None:
    server, db = own_server
    began = time.monotonic()
    context = chromium.new_context(viewport={"width": 1600, "height": 1000}, locale="en-US")
    context.set_default_timeout(DEFAULT_TIMEOUT)
    tab = context.new_page()
    phones = [phone(contexts, locale) for locale in LOCALES]
    pages = [tab, *phones]
    try:
        code, key = start_class(tab, server.url)
        open_voting(tab)
        open_all(phones, server.url, "join", {"code": code})
        labels = [vote(p, pick) for p, pick in zip(phones, PICKS, strict=False)]
        for p in phones[: len(PICKS)]:
            expect(p.get_by_text(text_in(p, "join_sent"))).to_be_visible(timeout=LIVE)
        count = en("cls_count", n=len(PICKS), joined=len(phones), round=1)
        expect(tab.get_by_text(count)).to_be_visible(timeout=LIVE)

        before = [step_heading(page) for page in pages]
        addresses = [url_params(page) for page in pages]
        assert db.exists()
        for page in pages:
            page.evaluate(COUNT_RUNS)

        kill_and_restart(server)
        print(f"restarted in {server.started_in:.1f} s")

        # every page is drawn again by the new server without a touch, from its own address
        for page in pages:
            wait_redrawn(page)
        assert [url_params(page) for page in pages] == addresses
        assert [step_heading(page) for page in pages] == before  # the same step everywhere
        expect(tab.get_by_text(count)).to_be_visible(timeout=LIVE)  # the count is kept
        expect(teacher_button(tab, "cls_reveal")).to_be_visible()  # voting is still open
        for p, pick in zip(phones, PICKS, strict=False):  # each answer is kept, and its own
            expect(choices(p).nth(pick).locator("input")).to_be_checked()
            expect(p.get_by_text(text_in(p, "join_sent"))).to_be_visible()
        for page in pages:
            no_exception(page)

        # the student who had not voted votes on the new server; the reveal counts all three
        late = phones[len(PICKS)]
        labels.append(vote(late, LATE_PICK))
        everyone = en("cls_count", n=len(phones), joined=len(phones), round=1)
        expect(tab.get_by_text(everyone)).to_be_visible(timeout=LIVE)
        table = reveal(tab)
        options = table[en("cls_answer_col")]
        picks = [*PICKS, LATE_PICK]
        expected = [str(picks.count(i)) for i in range(len(options))]
        assert table[en("cls_round", round=1)] == expected
        for p, label in zip(phones, labels, strict=True):
            expect(p.get_by_text(text_in(p, "join_yours", answer=label))).to_be_visible(
                timeout=LIVE
            )
            no_exception(p)
        assert key not in "".join(p.content() for p in phones)
    except Exception:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for i, page in enumerate(pages):
            page.screenshot(path=str(SCREENSHOTS / f"class-restart-{i}.png"), full_page=True)
        raise
    finally:
        tab.context.close()
        for page in phones:
            contexts.leave(page)
    print(f"class restart: {time.monotonic() - began:.1f} s")
