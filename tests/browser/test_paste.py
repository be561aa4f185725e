"""A long paste into a box of the app is kept up to what the box carries and cut there with a
word, never dropped (issue 38, item 7; ui/text_box.py). Chromium drops a paste longer than a
box's `maxlength` whole (STREAMLIT_NOTES §12), which AppTest cannot show: here a paste (an
insertText, as a paste or an IME sends it) longer than its limit goes into a text area (the
sidebar's sentence, 20,000 characters), a one-line box of the class (its sentence, 120) and the
join code (a whole join link, 2,000), in one tab. Every box of the app is the same ui/text_box:
tests/test_text_box.py checks that none has a max_chars, and what each cuts.

The class's own boxes (a student's sentence and nickname) are pasted into by
tests/browser/test_class_trust.py::test_a_shown_sentence_cannot_be_swapped, in a class.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from core.params import MAX_TEXT_CHARS
from lessons.lesson import default
from lessons.lesson_file import MAX_SENTENCE
from live_class.store import MAX_CODE_PASTE
from tests.browser.helpers import en, no_exception, open_app, paste, sidebar

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

LONG = ("the small dog chased a red ball in the park " * 500)[: MAX_TEXT_CHARS + 300]
OWN_STEP = next(i for i, step in enumerate(default().steps) if step.sentences)


def box_named(root: Page | Locator, label: str) -> Locator:
    return root.get_by_role("textbox", name=label, exact=True)


def said_cut(page: Page, limit: int, length: int) -> Locator:
    return page.get_by_text(en("box_cut", kept=f"{limit:,}", length=f"{length:,}"))


# (page, link, how to find the box, its limit)
BOXES = [
    ("input", {}, lambda p: box_named(sidebar(p), en("sentence")), MAX_TEXT_CHARS),
    ("class", {}, lambda p: box_named(p, en("cls_sentence")), MAX_SENTENCE),
    ("join", {}, lambda p: box_named(p, en("join_code")), MAX_CODE_PASTE),
]


def test_a_long_paste_is_kept_in_a_box_of_each_kind(tab: Page, app_url: str) -> None:
    opened = None
    for path, link, find, limit in BOXES:
        if opened != (path, link):
            open_app(tab, app_url, path, link)
            opened = (path, link)
        box = find(tab)
        expect(box).to_be_visible()
        text = LONG[: limit + 300]
        paste(tab, box, text)
        no_exception(tab)
        kept = box.input_value()
        assert kept == text[:limit], f"/{path}: {len(kept)} characters kept of {len(text)}"
        expect(said_cut(tab, limit, len(text)).first).to_be_visible()
