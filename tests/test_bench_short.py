"""The crowd and the soak of `make bench`, small: every session finishes and keeps its own
sentence. Correctness only; the timings are in bench-report.md."""

from __future__ import annotations

import asyncio
from urllib.parse import parse_qs

import pytest

from tools import bench_server
from tools.bench_server import CONCEPT_PAGES, PAGES, new_sentence
from tools.wsclient import Session, fresh_view, start_server


@pytest.fixture(scope="module")
def server():
    srv = start_server()
    yield srv
    srv.stop()


def _shown(view, text: str) -> bool:
    return parse_qs(view.query_string).get("text") == [text] and text.encode() in view.payload


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

    opened, firsts, views, texts = asyncio.run(crowd())
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

    for view in asyncio.run(open_all()):
        assert view.ok, view.exceptions
        assert _shown(view, text)


def test_twenty_sentences_over_all_pages_each_shown_without_exception(server):
    async def soak():
        out = []
        for i in range(20):
            page = PAGES[i % len(PAGES)]
            text = new_sentence(long=page in bench_server.LONG_PAGES)
            out.append((page, text, await fresh_view(server.ws, page, {"text": text})))
        return out

    results = asyncio.run(soak())
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
