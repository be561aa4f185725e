"""Class mode, the teacher's side: start a class, then run it from two views of this page in one
browser: the projector (`/class?code=…`, the room's screen: projector.py) and the console
(`/class?code=…&view=console`, the teacher's own screen: console.py). Either view's buttons move
the class; the other follows within LIVE_SECONDS.

The teacher key lives in this browser's cookie and this session's state, never in an address
(a link from before that holds it is read once, then the key leaves the address); a class that
ended (here, in another window, or by expiry) is said so, never a traceback.
"""

import time

import streamlit as st

from app_pages.classroom import console, projector
from app_pages.classroom.params import CONSOLE, VIEW
from app_pages.classroom.shared import ENDED
from lessons import choose, lesson
from lessons.lesson import Lesson, step_at
from live_class import connection
from live_class.connection import CODE, KEY_HELD, TEACHER_COOKIE, TEACHER_KEY
from live_class.store import CLASS_HOURS, MAX_SENTENCE, ClassStore, Refused
from ui import browser, session
from ui import controls as ui_controls
from ui.i18n import t
from ui.text_box import text_box

SENTENCE_BOX = "class_sentence_box"
REFUSED = "_class_refused"  # a start this address may not make yet: seconds to wait


def _start(store: ClassStore, chosen: Lesson) -> None:
    sentence = " ".join(st.session_state.get(SENTENCE_BOX, "").split())[:MAX_SENTENCE]
    try:
        code, key = store.start(
            sentence or session.settings().text, time.time(), connection.client_address()
        )
    except Refused as refused:
        st.session_state[REFUSED] = refused.wait
        return
    if chosen.source != lesson.default().source:  # the class's own: kept in its database row
        store.set_lesson(code, key, chosen.source, time.time())
    st.session_state[CODE] = code
    st.session_state[KEY_HELD] = key
    st.session_state[ENDED] = False


def start_form(store: ClassStore) -> None:
    st.caption(t("cls_intro"))
    wait = st.session_state.pop(REFUSED, None)
    if wait is not None:
        st.error(t("cls_start_wait", m=max(1, round(wait / 60))))
    st.session_state.setdefault(SENTENCE_BOX, session.settings().text)  # presenter mode's too
    text_box(t("cls_sentence"), SENTENCE_BOX, MAX_SENTENCE, help=t("cls_sentence_help"))
    chosen = choose.picker("class_lesson")
    st.button(
        t("cls_start"),
        key="class_start",
        type="primary",
        on_click=_start,
        args=(store, chosen),
        disabled=chosen is None,
    )


def teacher_key(code: str) -> str:
    """This session's teacher key: from a link from before that still holds one (read once,
    then taken out of the address), this session's state, or this browser's cookie."""
    from_link = st.session_state.get(TEACHER_KEY, "")
    if from_link:
        st.session_state[KEY_HELD] = from_link
        st.session_state[TEACHER_KEY] = ""  # the router writes the address without it
        if TEACHER_KEY in st.query_params:
            del st.query_params[TEACHER_KEY]
    held = st.session_state.get(KEY_HELD, "")
    if not held and code:
        held = st.session_state[KEY_HELD] = browser.cookie(TEACHER_COOKIE + code)
    return held


store = connection.store()
code = st.session_state.get(CODE, "")
key = teacher_key(code)
now = time.time()
state = store.find(code, now) if code else None
if state is None or not (key and store.is_teacher(code, key, now)):
    st.title(t("nav_class"), anchor=False)
    ui_controls.language_switch()
    if st.session_state.get(ENDED) or (code and key and state is None):
        st.info(t("cls_ended"), icon=":material/event_busy:")  # ended here, elsewhere or expired
    elif code or key:
        st.warning(t("cls_no_key"))
    st.session_state[ENDED] = False
    st.session_state[CODE] = st.session_state[KEY_HELD] = ""
    start_form(store)
    browser.run()
    st.stop()

browser.run(browser.cookie_header(TEACHER_COOKIE + code, key, CLASS_HOURS * 3600))
steps = connection.class_lesson(store, state).steps
step = step_at(steps, state.step)
if st.session_state.get(VIEW) == CONSOLE:
    console.show(store, state, steps, step)
else:
    projector.show(store, state, steps, step)
