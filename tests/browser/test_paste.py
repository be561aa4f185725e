"""A long paste into a box of the app is kept up to what the box carries and cut there with a
word, never dropped (issue 38, item 7; ui/text_box.py). Chromium drops a paste longer than a
box's `maxlength` whole (STREAMLIT_NOTES §12), which AppTest cannot show: a box of each kind
here gets a paste (an insertText, as a paste or an IME sends it) longer than its limit, in one
tab: the sidebar's sentence (a text area), a prompt whose change runs a callback, a box in a
column, a box folded in an expander whose change runs one with arguments, the class's sentence
(its own limit), the join code (a whole join link). Every other box is the same ui/text_box
(tests/test_text_box.py checks that no box of the app has a max_chars, and what each cuts).

The class's own boxes (a student's sentence and nickname) are pasted into by
tests/browser/test_class_trust.py::test_a_shown_sentence_cannot_be_swapped, in a class.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from core.params import MAX_TEXT_CHARS
from lessons.lesson import default
from lessons.lesson_file import MAX_SENTENCE
from lessons.store import MAX_CODE_PASTE
from tests.browser.helpers import en, no_exception, open_app, paste, sidebar, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

LONG = ("the small dog chased a red ball in the park " * 500)[: MAX_TEXT_CHARS + 300]
OWN_STEP = next(i for i, step in enumerate(default().steps) if step.sentences)


def box_named(root: Page | Locator, label: str) -> Locator:
    return root.get_by_role("textbox", name=label, exact=True)


def said_cut(page: Page, limit: int, length: int) -> Locator:
    return page.get_by_text(en("box_cut", kept=f"{limit:,}", length=f"{length:,}"))


# (page, link, how to find the box, its limit, what to open first)
BOXES = [
    ("input", {}, lambda p: box_named(sidebar(p), en("sentence")), MAX_TEXT_CHARS, None),
    ("next-word", {}, lambda p: box_named(p, en("nw_prompt")), MAX_TEXT_CHARS, None),
    ("compare", {}, lambda p: box_named(p, en("cmp_sentence_a")), MAX_TEXT_CHARS, None),
    (
        "dot-product",
        {},
        lambda p: p.get_by_role("textbox", name=re.compile(r": \d+ numbers$")).first,
        MAX_TEXT_CHARS,
        en("edit_vectors"),
    ),
    ("class", {}, lambda p: box_named(p, en("cls_sentence")), MAX_SENTENCE, None),
    ("join", {}, lambda p: box_named(p, en("join_code")), MAX_CODE_PASTE, None),
]


def test_a_long_paste_is_kept_in_a_box_of_each_kind(tab: Page, app_url: str) -> None:
    opened = None
    for path, link, find, limit, unfold in BOXES:
        if opened != (path, link):
            open_app(tab, app_url, path, link)
            opened = (path, link)
        if unfold:
            tab.get_by_text(unfold, exact=True).first.click()
            wait_idle(tab)
        box = find(tab)
        expect(box).to_be_visible()
        text = LONG[: limit + 300]
        paste(tab, box, text)
        no_exception(tab)
        kept = box.input_value()
        assert kept == text[:limit], f"/{path}: {len(kept)} characters kept of {len(text)}"
        expect(said_cut(tab, limit, len(text)).first).to_be_visible()
