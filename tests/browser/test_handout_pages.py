"""The built-in lesson's handout printed to PDF in Chromium, as a teacher prints it: a title page,
then each step on one A4 page of its own, never split, in the student and the teacher version,
in English and Chinese. Needs no Streamlit server: the handout is a file."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import streamlit as st
from playwright.sync_api import Browser

from lessons import handout, lesson
from lessons.lesson import asked, plain_label, step_pipeline
from lessons.results import QuestionResult
from ui import exports, figures
from ui.i18n import t
from ui.settings import DEFAULT_TEXTS

pytestmark = pytest.mark.browser

PAGE = re.compile(rb"/Type\s*/Page\b(?!s)")  # a page object of the PDF, not the /Pages tree
A4_TEXT = {"width": 658, "height": 986}  # px: A4 less 18 mm margins (174 × 261 mm at 96 dpi)
MIN_CHART = 150  # px (40 mm): a chart shrunk to fit still reads
ROUNDS = (1, 2, 3)  # three rounds a question: the teacher's tables at their tallest in class


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Texts in `lang` outside a page (ui/i18n's `t` reads the session's language)."""
    before = st.session_state.get("lang", "en")
    st.session_state["lang"] = lang
    try:
        yield
    finally:
        st.session_state["lang"] = before


def lesson_handout(lang: str) -> dict[str, str]:
    """version -> the built-in lesson's handout on the default sentence, each step built as
    app_pages/classroom/page.py's `handout_file` builds it, with made-up results per round."""
    the_lesson, sentence = lesson.default(), DEFAULT_TEXTS[lang]
    steps, given = [], []
    with language(lang):
        for number, step in enumerate(the_lesson.steps, start=1):
            p = step_pipeline(step, sentence, lang)
            q = asked(step, p)
            charts = tuple(exports.svg(figures.spec_of(f, False)) for f in lesson.charts(step, p))
            options = tuple(plain_label(o, q) for o in q.answer.options) if q else ()
            question = handout.plain(q.question) if q else ""
            steps.append(
                handout.HandoutStep(
                    step.title,
                    step.point,
                    question,
                    options,
                    handout.plain(q.because) if q else "",
                    charts,
                    t("cls_handout_time", m=step.minutes),
                )
            )
            if q is not None:
                right = frozenset(q.answer.options.index(c) for c in q.answer.correct)
                counts = {r: tuple((3 * i + r) % 5 for i in range(len(options))) for r in ROUNDS}
                given.append(QuestionResult(number, step.title, question, options, right, counts))
        title, label, key = the_lesson.title, t("cls_sentence"), t("cls_handout_key")
    return {
        version: handout.handout_html(
            title, label, sentence, key, steps, version=version, results=given, language=lang
        )
        for version in handout.VERSIONS
    }


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_step_prints_on_one_a4_page(chromium: Browser, lang: str) -> None:
    n_steps = len(lesson.default().steps)
    context = chromium.new_context(viewport=A4_TEXT)
    try:
        tab = context.new_page()
        tab.emulate_media(media="print")
        for version, page in lesson_handout(lang).items():
            assert page.count("<section>") == 1 + n_steps
            assert ("<table" in page) == (version == "teacher")
            tab.set_content(page)
            pdf = tab.pdf(format="A4")
            assert len(PAGE.findall(pdf)) == 1 + n_steps, (lang, version)
            # every step's box fits its page: nothing spills past it, no chart shrunk away
            boxes = tab.evaluate(
                """() => [...document.querySelectorAll('.page')].map(p => [p.className,
                    p.scrollHeight - p.clientHeight,
                    Math.min(...[...p.querySelectorAll('svg')].map(
                        s => s.getBoundingClientRect().height))])"""
            )
            assert len(boxes) == n_steps
            for number, (kind, spill, chart) in enumerate(boxes, start=1):
                assert kind == "page" and spill <= 1 and chart > MIN_CHART, (number, version)
    finally:
        context.close()
