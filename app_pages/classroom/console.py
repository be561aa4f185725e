"""The class on the teacher's own screen (a second window of /class in the same browser): the
step, its buttons and speaker notes, who has and has not answered, the class's answers as a
table, the students' sentences to Show, Hide or Remove, the class's settings, the files, and
End class (which offers the files first).

Nothing here reaches the projector unless the teacher presses Show; student text is drawn as
plain text (st.text), never Markdown or HTML.
"""

from __future__ import annotations

import time

import pandas as pd
import streamlit as st

from app_pages.classroom.files import downloads
from app_pages.classroom.params import PROJECTOR
from app_pages.classroom.shared import (
    ENDED,
    act,
    controls,
    join_link,
    option_labels,
    rounds_of,
    run_live,
    show_controls,
    show_watch,
    timer_left,
    view_link,
)
from lessons import choose, lesson
from lessons.lesson import Lesson, Step, asked, point_shown, step_pipeline
from lessons.lesson_file import MAX_NOTES, MAX_TITLE
from live_class.connection import CODE, KEY_HELD
from live_class.store import CLASS_HOURS, MAX_STUDENTS_LIMIT, ClassState, ClassStore
from ui import controls as ui_controls
from ui.i18n import lang, t
from ui.markdown import escape_md
from ui.predict import Asked

GALLERY_PAGE = "class_gallery_page"
GALLERY_ROWS = 10  # sentences on one page of the gallery
MAX_STUDENTS_BOX = "class_max_students"
END_SURE = "class_end_sure"


def numbers(store: ClassStore, state: ClassState, now: float) -> None:
    """The live part: joined, answered, not yet answered, the timer."""
    joined = store.students(state)
    if state.phase == "open":
        n = store.count(state, state.step, state.round)
        st.metric(t("cls_count", n=n, joined=joined, round=state.round), n)
        st.markdown(t("cls_not_yet", n=max(joined - n, 0)))
        timer_left(state, now)
    else:
        st.markdown(t("cls_joined", n=joined))


def distribution_table(store: ClassStore, state: ClassState, question: Asked) -> pd.DataFrame:
    """Rows: the options; columns: each round's count, and the computed answer (✓)."""
    rounds = rounds_of(store, state, question)
    table = {t("cls_answer_col"): option_labels(question)}
    for r, counts in rounds.items():
        table[t("cls_round", round=r)] = counts
    right = question.answer.correct
    table[t("cls_right_col")] = ["✓" if o in right else "" for o in question.answer.options]
    return pd.DataFrame(table)


def gallery(store: ClassStore, state: ClassState, code: str, key: str) -> None:
    """The students' sentences, a page at a time: Show puts one on the projector (its text
    frozen), Hide takes it down, Remove takes it out of the list."""
    now = time.time()
    shown = store.shown_sentence(state)
    if shown is not None:
        st.caption(t("cls_shown"))
        st.text(shown)  # plain text, never Markdown or HTML
    n = store.sentence_count(code, key, now)
    st.markdown(t("cls_gallery", n=n))
    pages = max(1, -(-n // GALLERY_ROWS))
    page = 1
    if pages > 1:
        page = int(st.number_input(t("cls_gallery_page", pages=pages), 1, pages, key=GALLERY_PAGE))
    rows = store.sentences(code, key, now, offset=(page - 1) * GALLERY_ROWS, limit=GALLERY_ROWS)
    for student, sentence, status in rows:
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            st.text(sentence)  # plain text, never Markdown or HTML
            st.caption(t(f"cls_status_{status}"))
            if status == "shown":
                st.button(
                    t("cls_hide_short"),
                    key=f"class_hide_{student}",
                    on_click=act,
                    args=("hide_sentence", store),
                )
            else:
                st.button(
                    t("cls_show"),
                    key=f"class_show_{student}",
                    on_click=act,
                    args=("show_sentence", store, student),
                )
            st.button(
                t("cls_remove"),
                key=f"class_remove_{student}",
                on_click=act,
                args=("remove_sentence", store, student),
            )


def _use_lesson(store: ClassStore, chosen: Lesson) -> None:
    default = chosen.source == lesson.default().source
    act("set_lesson", store, None if default else chosen.source)


def settings(store: ClassStore, state: ClassState) -> None:
    """How many students the class admits, the join slide, another lesson."""
    with st.expander(t("cls_settings")):
        st.session_state.setdefault(MAX_STUDENTS_BOX, state.max_students)
        st.number_input(
            t("cls_max_students"),
            1,
            MAX_STUDENTS_LIMIT,
            key=MAX_STUDENTS_BOX,
            help=t("cls_max_students_help"),
            on_change=lambda: act(
                "set_max_students", store, int(st.session_state[MAX_STUDENTS_BOX])
            ),
        )
        label = "cls_join_hide" if state.join_shown else "cls_join_show"
        st.button(
            t(label),
            key="class_join_toggle",
            on_click=act,
            args=("show_join", store, not state.join_shown),
        )
        st.markdown(t("cls_lesson_change"))
        chosen = choose.picker("class_lesson_now")
        st.button(
            t("cls_lesson_use"),
            key="class_lesson_use",
            help=t("cls_lesson_use_help"),
            on_click=_use_lesson,
            args=(store, chosen),
            disabled=chosen is None,
        )


def _end(store: ClassStore) -> None:
    act("end", store)
    st.session_state[ENDED] = True
    st.session_state[END_SURE] = False


def end_class(store: ClassStore, state: ClassState, code: str, key: str) -> None:
    """The files first, then End class behind a confirmation: ending deletes every answer."""
    st.subheader(t("cls_after"), anchor=False)
    downloads(store, state, code, key)
    with st.expander(t("cls_end"), icon=":material/stop_circle:"):
        st.markdown(t("cls_end_warning"))
        if st.checkbox(t("cls_end_confirm"), key=END_SURE):
            st.button(
                t("cls_end_sure"), key="class_end", type="primary", on_click=_end, args=(store,)
            )


def show(store: ClassStore, state: ClassState, steps: tuple[Step, ...], step: Step) -> None:
    code, key = st.session_state[CODE], st.session_state[KEY_HELD]
    st.title(t("cls_console_title", code=state.code), anchor=False)
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        ui_controls.language_switch()
        st.link_button(
            t("cls_open_projector"),
            view_link(state.code, PROJECTOR),
            icon=":material/open_in_new:",
        )
    link, where = join_link(state.code)
    st.caption(t("cls_join_at"))
    st.text(link)
    if where == "local":
        st.warning(t("cls_local_only"), icon=":material/wifi_off:")
    elif where == "lan":
        st.info(t("cls_lan_used"), icon=":material/wifi:")
    st.caption(t("cls_keep_link", hours=f"{CLASS_HOURS:g}"))
    st.caption(t("cls_step_of", number=state.step + 1, n=len(steps), m=step.minutes))
    st.subheader(escape_md(step.title, MAX_TITLE), anchor=False)
    if point_shown(step, state.phase):  # never the answer before the reveal
        st.text(step.point)  # the lesson file's words: plain text
    controls(store, state, steps)
    if step.training and state.phase != "ask":  # the show the projector and phones play
        with st.container(horizontal=True, gap="small"):
            show_controls(store, state)
    if state.paused:
        st.warning(t("cls_paused"), icon=":material/pause_circle:")
    st.info(escape_md(step.notes, MAX_NOTES), icon=":material/speaker_notes:")
    # at the sentences step, a new sentence redraws the console (its gallery is drawn here); at
    # the training step, the show played or paused from the projector
    sent = (lambda s, now: store.sentence_count(code, key, now)) if step.sentences else None
    run_live(store, state, numbers, show_watch(store) if step.training else sent)
    if step.sentences:
        gallery(store, state, code, key)
    else:
        question = asked(step, step_pipeline(step, state.sentence, lang()))
        if question is not None:
            st.markdown(f"**{question.question}**")
            if state.phase == "revealed":
                frame = distribution_table(store, state, question)
                st.dataframe(frame, hide_index=True, key="class_distribution")
                st.success(question.because)
    settings(store, state)
    end_class(store, state, code, key)
