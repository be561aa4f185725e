"""A long paste is kept up to what a box can carry and cut there with a word, never dropped
(issue 38, item 7; ui/text_box.py). A browser drops a paste longer than Streamlit's `max_chars`
whole (STREAMLIT_NOTES §12), so no box of the app has one: checked on the source here, and in
Chromium by tests/browser/test_paste.py on a box of each kind."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from core.params import MAX_TEXT_CHARS
from lessons.lesson_file import MAX_SENTENCE
from live_class.store import CODE_LENGTH, clean_code
from tests.apptest_utils import ROOT, open_page, page_file
from ui.i18n import TEXTS
from ui.settings import K

SOURCES = [p for top in ("app_pages", "ui", "lessons") for p in (ROOT / top).rglob("*.py")]


def test_no_box_of_the_app_has_a_max_chars() -> None:
    """Every text_input and text_area call of the app: none passes max_chars."""
    found = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name in ("text_input", "text_area"):
                keywords = {k.arg for k in node.keywords}
                assert "key" in keywords or name == "text_input", ast.dump(node)[:80]
                if "max_chars" in keywords:
                    found.append(f"{Path(path).relative_to(ROOT)}:{node.lineno}")
    assert found == []
    # and the helper is what the boxes use: at least the nine boxes of the issue
    calls = sum(path.read_text(encoding="utf-8").count("text_box(") for path in SOURCES)
    assert calls >= 9


def cut_caption(at, kept: int, length: int) -> list[str]:
    wanted = TEXTS["box_cut"]["en"].format(kept=f"{kept:,}", length=f"{length:,}")
    return [c.value for c in at.caption if c.value == wanted]  # the sidebar's too


def test_the_sentence_box_keeps_the_first_characters_of_a_long_paste_and_says_so() -> None:
    at = open_page(page_file("input"))
    pasted = "the cat drank the milk " * (MAX_TEXT_CHARS // 23 + 40)
    assert len(pasted) > MAX_TEXT_CHARS
    at.sidebar.text_area(key=K.TEXT).set_value(pasted).run()
    assert not at.exception
    assert at.session_state[K.TEXT] == pasted[:MAX_TEXT_CHARS]
    assert len(cut_caption(at, MAX_TEXT_CHARS, len(pasted))) == 1
    # a text that fits is kept whole, and the caption goes
    at.sidebar.text_area(key=K.TEXT).set_value("the dog ran").run()
    assert at.session_state[K.TEXT] == "the dog ran"
    assert cut_caption(at, MAX_TEXT_CHARS, len(pasted)) == []


@pytest.mark.parametrize(
    ("page", "link", "key"),
    [
        ("compare", {}, "ca"),
        ("compare", {}, "cb"),
        ("score", {"kind": "cross"}, "source"),
        ("score", {"kind": "cross"}, "target"),
        ("variant", {}, "alt"),
    ],
)
def test_each_main_box_keeps_the_first_characters_and_says_so(page, link, key) -> None:
    at = open_page(page_file(page), link)
    pasted = "the small dog chased a red ball" + " " * MAX_TEXT_CHARS
    at.text_input(key=key).set_value(pasted).run()
    assert not at.exception
    assert at.session_state[key] == pasted[:MAX_TEXT_CHARS]
    assert len(cut_caption(at, MAX_TEXT_CHARS, len(pasted))) == 1


def test_the_class_sentence_box_cuts_at_its_limit_and_says_so() -> None:
    at = open_page(page_file("classroom"))
    box = next(b for b in at.text_input if b.key == "class_sentence_box")
    pasted = "a small dog chased one red ball " * 10
    box.set_value(pasted).run()
    assert not at.exception
    assert at.session_state["class_sentence_box"] == pasted[:MAX_SENTENCE]
    assert len(cut_caption(at, MAX_SENTENCE, len(pasted))) == 1


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("ab12cd", "AB12CD"),
        (" ab 12 cd ", "AB12CD"),
        ("http://192.168.1.20:8501/join?code=ab12cd", "AB12CD"),
        ("https://class.example.org/join?lang=zh&code=XY34ZW#top", "XY34ZW"),
        ("join?CODE=qq11rr&lang=en", "QQ11RR"),
    ],
)
def test_a_code_is_read_from_what_was_typed_or_from_a_pasted_join_link(typed, code) -> None:
    assert clean_code(typed) == code
    assert len(clean_code("x" * 5_000)) == CODE_LENGTH * 2
