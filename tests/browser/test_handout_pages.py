"""The built-in lesson's handout printed to PDF in Chromium, as a teacher prints it: a title page,
then each step on one A4 page of its own, never split, in the student and the teacher version,
in English and Chinese. Needs no Streamlit server: the handout is a file."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser

from app_pages.classroom import files
from lessons import lesson
from live_class import handout
from live_class.results import question_result
from tests.test_lesson import predict_language
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXTS

pytestmark = pytest.mark.browser

PAGE = re.compile(rb"/Type\s*/Page\b(?!s)")  # a page object of the PDF, not the /Pages tree
A4_TEXT = {"width": 658, "height": 986}  # px: A4 less 18 mm margins (174 × 261 mm at 96 dpi)
MIN_CHART = 150  # px (40 mm): a chart shrunk to fit still reads
TITLE_PAGE_FILLED = 0.5  # the title page holds at least half a page
ROUNDS = (1, 2, 3)  # three rounds a question: the teacher's tables at their tallest in class


def lesson_handout(lang: str) -> dict[str, str]:
    """version -> the built-in lesson's handout on the default sentence, built by the console's
    own builders (app_pages/classroom/files.py), with made-up results per round."""
    the_lesson, sentence = lesson.default(), DEFAULT_TEXTS[lang]
    with predict_language(lang):  # the questions are asked in the class's language
        steps = files.handout_steps(the_lesson, sentence, lang)
        questions = files.questions_of(the_lesson, sentence, lang)
    given = [
        question_result(
            q.index + 1,
            q.title,
            q.text,
            q.options,
            q.correct,
            {r: {o: (3 * i + r) % 5 for i, (o, _) in enumerate(q.options)} for r in ROUNDS},
        )
        for q in questions
    ]
    return {
        version: handout.handout_html(
            the_lesson.title,
            TEXTS["cls_sentence"][lang],
            sentence,
            TEXTS["cls_handout_key"][lang],
            steps,
            version=version,
            results=given,
            language=lang,
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
            # the title page is not a near-empty sheet: the sentence, then every step's point
            title_page = tab.evaluate(
                "() => document.querySelector('section').getBoundingClientRect().height"
            )
            assert TITLE_PAGE_FILLED * A4_TEXT["height"] < title_page <= A4_TEXT["height"], (
                lang,
                version,
                title_page,
            )
            contents = tab.locator("section").first.locator("ol.contents > li")
            assert contents.count() == n_steps
            if version == "teacher":  # how the class did, beside each question's step
                said = TEXTS["res_contents_result"][lang].split("{round}")[0]
                assert said in tab.locator("section").first.inner_text()
    finally:
        context.close()
