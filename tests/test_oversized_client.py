"""A client that talks to the server directly (not through the box, which stops at 20,000
characters) and sends a 3 MB sentence: the server computes on the box's 20,000 characters and
the 64 tokens drawn, says so, and writes a link its own decoder accepts."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest

from core.params import MAX_TEXT_CHARS
from core.tokenize import MAX_TOKENS
from tools.server import start_server
from tools.wsclient import Session, run_async
from ui.i18n import TEXTS
from ui.settings import K


@pytest.fixture(scope="module")
def server():
    srv = start_server()
    yield srv
    srv.stop()


def test_a_3_mb_sentence_sent_over_the_websocket_is_cut_to_the_box(server) -> None:
    huge = "cat " * 750_000  # 3 MB, one widget value

    async def go():
        async with Session(server.ws) as s:
            await s.view("input")
            return await s.view("input", widgets={K.TEXT: huge})

    view = run_async(go())
    assert view.ok, view.exceptions
    text = parse_qs(view.query_string)[K.TEXT][-1]
    assert 0 < len(text) <= MAX_TEXT_CHARS and huge.startswith(text)
    note = TEXTS["truncated"]["en"].split("{")[0]  # "Your text has "
    assert note.encode() in view.payload
    assert f"the first {MAX_TOKENS}".encode() in view.payload
    assert len(view.payload) < 2_000_000  # what goes back does not carry the 3 MB
