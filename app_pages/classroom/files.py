"""After class: the results and the handout, each built when its button is pressed (so a round
voted a minute ago is in it), in the class's language, from the store and the lesson.

The builders are live_class/results.py (CSV, UTF-8 with a BOM) and live_class/handout.py (one step
per A4 page; a student version without the answer key, a teacher version with the results).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import streamlit as st

from lessons import lesson
from lessons.lesson import Lesson, asked, plain_label, step_pipeline
from live_class import connection, handout
from live_class.results import QuestionResult, question_result, questions_csv, sentences_csv
from live_class.results import students_csv as students_table
from live_class.store import ClassState, ClassStore
from ui import exports, figures
from ui.i18n import TEXTS, lang, t
from ui.markdown import plain

NICKNAMES = "class_nicknames"
STUDENT, TEACHER = "student", "teacher"  # the handout's two versions


@dataclass(frozen=True)
class Question:
    """A step's question as the files need it, made in the page's run (a question is built
    with the session's language); the counts are read when a file is made."""

    index: int  # the step's place in the lesson, from 0
    title: str
    text: str  # plain text
    options: tuple[tuple[str, str], ...]  # (id, plain label), screen order
    correct: frozenset[str]


def questions_of(the_lesson: Lesson, sentence: str, language: str) -> list[Question]:
    out = []
    for i, step in enumerate(the_lesson.steps):
        q = asked(step, step_pipeline(step, sentence, language))
        if q is not None:
            options = tuple((o, plain_label(o, q)) for o in q.answer.options)
            out.append(Question(i, step.title, plain(q.question), options, q.answer.correct))
    return out


def question_results(
    store: ClassStore, code: str, key: str, questions: list[Question]
) -> list[QuestionResult]:
    """Every question with its counts per round as the store holds them now (zeros included).
    Called when a download is pressed, outside the page's run: it reads no session state."""
    state = store.find(code, time.time())
    if state is None or not store.is_teacher(code, key, time.time()):
        return []
    return [
        question_result(
            q.index + 1, q.title, q.text, q.options, q.correct, store.distribution(state, q.index)
        )
        for q in questions
    ]


def students_file(
    store: ClassStore, code: str, key: str, questions: list[Question], language: str, named: bool
) -> str:
    results = question_results(store, code, key, questions)
    ids = {q.index: [o for o, _label in q.options] for q in questions}
    students = []
    for nickname, given in store.answers_by_student(code, key, time.time()):
        picked = {
            (s + 1, r): ids[s].index(answer)
            for (s, r), answer in given.items()
            if answer in ids.get(s, [])
        }
        students.append((nickname, picked))
    return students_table(students, results, language, named)


def sentences_file(store: ClassStore, code: str, key: str, language: str) -> str:
    rows = store.sentences(code, key, time.time(), removed=True)
    return sentences_csv([(sentence, status) for _st, sentence, status in rows], language)


@st.cache_data(max_entries=16, show_spinner=False, hash_funcs={Lesson: lambda x: x.source})
def handout_steps(the_lesson: Lesson, sentence: str, language: str) -> list[handout.HandoutStep]:
    """The lesson on the class's sentence in `language`: each step's point, question, answer
    and chart(s); its charts' SVGs built once per sentence and language."""
    steps = []
    for step in the_lesson.steps:
        p = step_pipeline(step, sentence, language)
        q = asked(step, p)
        charts = tuple(exports.svg(figures.spec_of(fig, False)) for fig in lesson.charts(step, p))
        steps.append(
            handout.HandoutStep(
                step.title,
                step.point,
                plain(q.question) if q else "",
                tuple(plain_label(o, q) for o in q.answer.options) if q else (),
                plain(q.because) if q else "",
                charts,
                TEXTS["cls_handout_time"][language].format(m=step.minutes),
            )
        )
    return steps


def handout_file(
    store: ClassStore,
    code: str,
    key: str,
    made: tuple[str, str, list[handout.HandoutStep]],
    questions: list[Question],
    version: str,
    language: str,
) -> str:
    """`made`: the lesson's title, the class's sentence and its steps, built in the page's run."""
    title, sentence, steps = made
    results = question_results(store, code, key, questions) if version == TEACHER else ()
    return handout.handout_html(
        title,
        TEXTS["cls_sentence"][language],
        sentence,
        TEXTS["cls_handout_key"][language],
        steps,
        version=version,
        results=results,
        language=language,
    )


def downloads(store: ClassStore, state: ClassState, code: str, key: str) -> None:
    """The class's files, each made when its button is pressed from the store as it is then
    (the questions and the handout's pages are made in this run: they do not change)."""
    language = lang()
    the_lesson = connection.class_lesson(store, state)
    questions = questions_of(the_lesson, state.sentence, language)
    made = (the_lesson.title, state.sentence, handout_steps(the_lesson, state.sentence, language))
    st.checkbox(t("cls_nicknames"), key=NICKNAMES, help=t("cls_nicknames_help"))
    named = bool(st.session_state.get(NICKNAMES))
    files = (
        (
            "cls_csv",
            lambda: questions_csv(question_results(store, code, key, questions), language),
            f"class_{code}_results.csv",
            "text/csv",
        ),
        (
            "cls_students_csv",
            lambda: students_file(store, code, key, questions, language, named),
            f"class_{code}_students.csv",
            "text/csv",
        ),
        (
            "cls_sentences_csv",
            lambda: sentences_file(store, code, key, language),
            f"class_{code}_sentences.csv",
            "text/csv",
        ),
        (
            "cls_handout_student",
            lambda: handout_file(store, code, key, made, questions, STUDENT, language),
            f"class_{code}_handout_student.html",
            "text/html",
        ),
        (
            "cls_handout_teacher",
            lambda: handout_file(store, code, key, made, questions, TEACHER, language),
            f"class_{code}_handout_teacher.html",
            "text/html",
        ),
    )
    with st.container(horizontal=True, gap="small"):
        for text_key, data, name, mime in files:
            st.download_button(
                t(text_key),
                data=data,
                file_name=name,
                mime=mime,
                key=f"class_{text_key.removeprefix('cls_')}",
                on_click="ignore",
                icon=":material/download:",
            )
