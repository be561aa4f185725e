"""Class mode, the students' side, made for a phone: join with the code, then only the current
step: its question while voting is open, one's own answer marked after the reveal.

Nothing another student typed is shown here; a student's own text is sent, never drawn as
Markdown or HTML.
"""

import math
import time

import streamlit as st

from lessons import connection
from lessons.connection import ATTEMPTS, CODE, STUDENT
from lessons.lesson import asked, plain_label, point_shown, step_at, step_pipeline
from lessons.lesson_file import MAX_TITLE
from lessons.store import (
    MAX_NICKNAME,
    MAX_SENTENCE,
    ClassStore,
    CodeAttempts,
    clean_code,
    new_student,
)
from ui.i18n import lang, t
from ui.markdown import escape_md

CODE_BOX = "join_code_box"
NICK_BOX = "join_nick_box"
SENTENCE_BOX = "join_sentence_box"
SENT = "_join_sent"  # ((step, round) or "sentence", whether the store took it) of the last send
WRONG = "_join_wrong"  # the last code tried opened no class
JOINED = "_join_joined"  # the class this session joined (the store counts it once)


def _attempts() -> CodeAttempts:
    return st.session_state.setdefault(ATTEMPTS, CodeAttempts())


def _try_code(store: ClassStore, raw: str) -> bool:
    """Whether `raw` opens a class; a wrong code counts against this session's minute."""
    attempts = _attempts()
    now = time.time()
    if not attempts.allowed(now):
        return False
    if store.find(raw, now) is None:
        attempts.failed(now)
        return False
    st.session_state[CODE] = clean_code(raw)
    return True


def _typed_code(store: ClassStore) -> None:
    st.session_state[WRONG] = not _try_code(store, st.session_state.get(CODE_BOX, ""))


def code_form(store: ClassStore, wrong: bool) -> None:
    st.caption(t("join_intro"))
    wait = _attempts().wait(time.time())
    if wait > 0:
        st.error(t("join_wait", s=math.ceil(wait)))
    elif wrong:
        st.error(t("join_wrong"))
    st.text_input(t("join_code"), key=CODE_BOX, max_chars=12)
    st.button(t("join_go"), key="join_go", type="primary", on_click=_typed_code, args=(store,))


def _nickname(store: ClassStore) -> None:
    nick = st.session_state.get(NICK_BOX, "")
    store.join(st.session_state[CODE], st.session_state[STUDENT], nick, time.time())


def _answer(store: ClassStore, step: int, round_: int, radio: str) -> None:
    picked = st.session_state.get(radio)
    if picked is None:
        return
    ok = store.answer(st.session_state[CODE], st.session_state[STUDENT], step, picked, time.time())
    st.session_state[SENT] = ((step, round_), ok)


def _sentence(store: ClassStore) -> None:
    typed = st.session_state.get(SENTENCE_BOX, "")
    ok = store.submit_sentence(
        st.session_state[CODE], st.session_state[STUDENT], typed, time.time()
    )
    st.session_state[SENT] = ("sentence", ok)


def current_step(store: ClassStore, code: str, me: str) -> None:
    """The class as it is now (re-read every few seconds)."""
    state = store.find(code, time.time())
    if state is None:
        st.info(t("cls_ended"))
        return
    steps = connection.class_lesson(store, state).steps
    step = step_at(steps, state.step)
    st.caption(t("cls_step_of", number=state.step + 1, n=len(steps), m=step.minutes))
    st.subheader(escape_md(step.title, MAX_TITLE), anchor=False)
    if point_shown(step, state.phase):  # never the answer before the reveal
        st.text(step.point)  # the lesson file's words: plain text
    if state.paused:
        st.warning(t("cls_paused"), icon=":material/pause_circle:")
        return
    if step.sentences:
        st.text_input(t("join_sentence"), key=SENTENCE_BOX, max_chars=MAX_SENTENCE)
        st.button(t("join_send"), key="join_send", on_click=_sentence, args=(store,))
        if st.session_state.get(SENT) == ("sentence", True):
            st.success(t("join_sentence_sent"))
        return
    p = step_pipeline(step, state.sentence, lang())
    question = asked(step, p)
    if question is None:
        st.info(t("cls_no_question"))
        return
    st.markdown(f"**{question.question}**")
    options = list(question.answer.options)
    mine = store.my_answer(state, me, state.step, state.round)
    if state.phase == "ask":
        st.caption(t("cls_waiting"))
        return
    if state.phase == "open":
        radio = f"join_pick_{state.step}_{state.round}"
        if radio not in st.session_state and mine in options:
            st.session_state[radio] = mine
        st.radio(
            t("join_pick"),
            options,
            format_func=question.labels.__getitem__,
            index=None,
            key=radio,
            on_change=_answer,
            args=(store, state.step, state.round, radio),
        )
        sent = st.session_state.get(SENT)
        if sent == ((state.step, state.round), False):
            st.warning(t("join_closed"))
        elif mine is not None:
            st.success(t("join_sent"))
        return
    if mine is None:
        st.info(t("join_none"))
    else:
        verdict = t("pq_right") if question.answer.is_right(mine) else t("pq_wrong")
        st.text(t("join_yours", answer=plain_label(mine, question)))  # plain text, never Markdown
        box = st.success if question.answer.is_right(mine) else st.warning
        box(f"**{verdict}** {question.because}")


st.title(t("nav_join"))
store = connection.store()
code = st.session_state.get(CODE, "")
found = bool(code) and _attempts().allowed(time.time()) and _try_code(store, code)
if not found:
    code_form(store, wrong=bool(code) or bool(st.session_state.get(WRONG)))
    st.session_state[CODE] = ""
    st.stop()

if not st.session_state.get(STUDENT):
    st.session_state[STUDENT] = new_student()  # kept in this student's own address
if st.session_state.get(JOINED) != st.session_state[CODE]:
    store.join(st.session_state[CODE], st.session_state[STUDENT], "", time.time())
    st.session_state[JOINED] = st.session_state[CODE]
st.caption(t("join_in_class", code=st.session_state[CODE]))
st.fragment(current_step, run_every=connection.LIVE_SECONDS)(
    store, st.session_state[CODE], st.session_state[STUDENT]
)
with st.expander(t("join_nickname")):
    st.text_input(
        t("join_nickname"),
        key=NICK_BOX,
        max_chars=MAX_NICKNAME,
        help=t("join_nickname_help"),
        on_change=_nickname,
        args=(store,),
    )
