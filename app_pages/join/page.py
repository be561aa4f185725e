"""Class mode, the students' side, made for a phone: join with the code, then only the current
step: its question while voting is open, one's own answer marked after the reveal.

Who the student is comes from the server: `store.admit` issues a token, this browser keeps it in
a cookie (ui/browser.py), so a reload or a second tab is the same student, and the address
never holds it. Nothing another student typed is shown here; a student's own text is sent,
never drawn as Markdown or HTML.
"""

import math
import time

import streamlit as st

from lessons.lesson import Step, asked, plain_label, point_shown, step_at, step_pipeline
from lessons.lesson_file import MAX_TITLE
from live_class import connection, training_show
from live_class.connection import CODE, STUDENT, STUDENT_COOKIE, STUDENT_HELD
from live_class.store import (
    CLASS_HOURS,
    MAX_CODE_PASTE,
    MAX_NICKNAME,
    MAX_SENTENCE,
    ClassState,
    ClassStore,
    Refused,
    clean_code,
)
from ui import browser, theme
from ui import controls as ui_controls
from ui.i18n import lang, t
from ui.markdown import escape_md
from ui.text_box import text_box

# Our own constant stylesheet: each answer a full-width button at least 44 px tall (a finger's
# target), the picked one marked, lettered A, B, C… as the projector letters them (a counter:
# the letter is drawn, not part of the answer's text); the question in large type.
ANSWER_CSS = f"""
<style>
.st-key-join_answers [data-testid="stRadioGroup"] {{
  flex-direction: column; align-items: stretch; gap: 0.5rem; counter-reset: answer;
}}
.st-key-join_answers [data-testid="stRadioOption"] {{ counter-increment: answer; }}
.st-key-join_answers [data-testid="stRadioOption"] p::before {{
  content: counter(answer, upper-alpha) "\\00a0\\00b7\\00a0"; font-weight: 800;
}}
.st-key-join_answers [data-testid="stRadioGroup"] > div {{ width: 100%; }}
.st-key-join_answers [data-testid="stRadioOption"] {{
  display: flex; width: 100%; min-height: 52px; box-sizing: border-box; margin: 0;
  padding: 0.55rem 0.9rem; border: 2px solid {theme.BORDER_COLOR}; border-radius: 0.6rem;
  align-items: center;
}}
.st-key-join_answers [data-testid="stRadioOption"]:has(input:checked) {{
  border-color: {theme.PRIMARY_COLOR}; background: {theme.PRIMARY_TINT};
}}
.st-key-join_answers [data-testid="stRadioOption"] p {{ font-size: 1.2rem; }}
.st-key-join_question p {{ font-size: 1.3rem; line-height: 1.35; }}
</style>
"""
CODE_BOX = "join_code_box"
NICK_BOX = "join_nick_box"
SENTENCE_BOX = "join_sentence_box"
SENT = "_join_sent"  # ((step, round) or "sentence", the outcome) of the last send
WRONG = "_join_wrong"  # the last code tried opened no class
WAIT_UNTIL = "_join_wait_until"  # when this address may try a code again (time.time())
JOINED = "_join_joined"  # the class this session's student token belongs to
NICK_SAVED = "_join_nick_saved"  # the nickname as the store kept it (core.safe_text.Cleaned)
SENTENCE_CUT = "_join_sentence_cut"  # the last sentence sent, as kept (Cleaned)
PHONE_SHOW_LOSS = (300, 150)  # px: the training show's loss curve on a phone (width, height)
PENDING = "_join_pending"  # a pick made, not yet written: (step, round, pick, options, when)


def _try_code(store: ClassStore, raw: str) -> bool:
    """Whether `raw` opens a class; a wrong code counts against this client address (every
    session and replica sees the same count, live_class/store.py)."""
    now = time.time()
    try:
        found = store.open_code(raw, connection.client_address(), now)
    except Refused as refused:
        st.session_state[WAIT_UNTIL] = now + refused.wait
        return False
    if found is None:
        return False
    st.session_state[CODE] = clean_code(raw)
    return True


def _typed_code(store: ClassStore) -> None:
    st.session_state[WRONG] = not _try_code(store, st.session_state.get(CODE_BOX, ""))


def code_form(store: ClassStore, wrong: bool) -> None:
    st.caption(t("join_intro"))
    wait = st.session_state.get(WAIT_UNTIL, 0.0) - time.time()
    if wait > 0:
        st.error(t("join_wait", s=math.ceil(wait)))
    elif wrong:
        st.error(t("join_wrong"))
    # the code, or the whole join link pasted (its code is read from it)
    text_box(t("join_code"), CODE_BOX, MAX_CODE_PASTE, help=t("join_code_help"))
    st.button(t("join_go"), key="join_go", type="primary", on_click=_typed_code, args=(store,))


def admitted(store: ClassStore, code: str) -> str | None:
    """This browser's student in the class: the token this session holds, else the one its
    cookie holds when the class issued it, else a new one (None, said why, when the class is
    full or this network joined too many just now)."""
    if st.session_state.get(JOINED) == code and st.session_state.get(STUDENT_HELD):
        return st.session_state[STUDENT_HELD]
    known = browser.cookie(STUDENT_COOKIE + code)
    try:
        student = store.admit(code, known or None, connection.client_address(), time.time())
    except Refused as refused:
        if refused.reason == "full":
            state = store.find(code, time.time())
            st.error(t("join_full", n=state.max_students if state else 0))
        else:
            st.error(t("join_busy", s=math.ceil(refused.wait)))
        return None
    except KeyError:  # the class ended between the two reads
        return None
    st.session_state[STUDENT_HELD] = student
    st.session_state[JOINED] = code
    return student


def cut_note(cleaned: object, what: str, limit: int) -> None:
    """Say where a sentence or nickname was cut, and why (nothing when it was kept whole)."""
    if getattr(cleaned, "cut_at", None) is not None:
        st.caption(
            t("join_cut", kept=cleaned.cut_at, length=cleaned.length, what=what, limit=limit)
        )


def _nickname(store: ClassStore) -> None:
    nick = st.session_state.get(NICK_BOX, "")
    code, student = st.session_state[CODE], st.session_state.get(STUDENT_HELD, "")
    st.session_state[NICK_SAVED] = store.rename(code, student, nick, time.time())


def _answer(step: int, round_: int, radio: str, options: list[str]) -> None:
    """Keep the pick, and when it was made, for the run it starts to send (send_pending);
    `options` are the question's, computed on the server for this step."""
    picked = st.session_state.get(radio)
    if picked is not None:
        st.session_state[PENDING] = (step, round_, picked, tuple(options), time.time())


def send_pending(store: ClassStore) -> None:
    """Write the pick this phone just made, saying "sending…" while it is written: a locked
    class database delays it (live_class/store.py tries again), it does not lose it. Counted as
    of when it was pressed, so a wait past the timer does not make it late."""
    pending = st.session_state.pop(PENDING, None)
    if pending is None:
        return
    step, round_, picked, options, pressed = pending
    sending = st.empty()
    sending.caption(t("join_sending"))
    code, student = st.session_state[CODE], st.session_state.get(STUDENT_HELD, "")
    ok = store.answer(code, student, step, round_, picked, list(options), pressed)
    sending.empty()
    st.session_state[SENT] = ((step, round_), ok)


def _sentence(store: ClassStore, step: int) -> None:
    typed = st.session_state.get(SENTENCE_BOX, "")
    code, student = st.session_state[CODE], st.session_state.get(STUDENT_HELD, "")
    outcome, cleaned = store.submit_sentence(code, student, typed, step, time.time())
    st.session_state[SENT] = ("sentence", outcome)
    st.session_state[SENTENCE_CUT] = cleaned


SENTENCE_OUTCOME = {  # the store's outcome -> how the phone says it
    "taken": (st.success, "join_sentence_sent"),
    "shown": (st.info, "join_sentence_shown"),
    "closed": (st.warning, "join_sentence_closed"),
    "empty": (st.warning, "join_sentence_empty"),
}


def current_step(store: ClassStore, code: str, me: str) -> None:
    """The class as it is now (re-read every few seconds)."""
    send_pending(store)
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
    question_part(store, state, step, me)
    if step.training and state.phase != "ask":  # the show, as the projector plays it
        training_show.default_run_moment(
            store, code, PHONE_SHOW_LOSS, max_width=theme.PHONE_CHART_WIDTH, max_height=420
        )


def question_part(store: ClassStore, state: ClassState, step: Step, me: str) -> None:
    """The step's question and this phone's answer (or its sentence box)."""
    if step.sentences:
        st.text_input(
            t("join_sentence"),
            key=SENTENCE_BOX,
            help=t("join_limit", limit=MAX_SENTENCE),
        )
        st.button(t("join_send"), key="join_send", on_click=_sentence, args=(store, state.step))
        sent = st.session_state.get(SENT)
        if isinstance(sent, tuple) and sent[0] == "sentence":
            box, text_key = SENTENCE_OUTCOME[sent[1]]
            box(t(text_key))
            if sent[1] == "taken":
                cut_note(st.session_state.get(SENTENCE_CUT), t("join_sentence"), MAX_SENTENCE)
        return
    p = step_pipeline(step, state.sentence, lang())
    question = asked(step, p)
    if question is None:
        st.info(t("cls_no_question"))
        return
    with st.container(key="join_question"):
        st.markdown(f"**{question.question}**")
    options = list(question.answer.options)
    mine = store.my_answer(state, me, state.step, state.round)
    too_late = st.session_state.get(SENT) == ((state.step, state.round), False)
    if state.phase == "ask":
        st.caption(t("cls_waiting"))
        return
    now = time.time()
    if state.phase == "open" and state.voting_at(now):
        left = state.seconds_left(now)
        if left is not None:
            st.markdown(f"⏱ **{t('cls_timer_left', s=math.ceil(left))}**")
        radio = f"join_pick_{state.step}_{state.round}"
        if st.session_state.get(radio) is None and mine in options:
            st.session_state[radio] = mine  # picked in another tab of this browser, or before
        with st.container(key="join_answers"):
            st.radio(
                t("join_pick"),
                options,
                format_func=question.labels.__getitem__,
                index=None,
                key=radio,
                on_change=_answer,
                args=(state.step, state.round, radio, options),
                width="stretch",
            )
        if too_late:
            st.warning(t("join_closed"))
        elif mine is not None:
            st.success(t("join_sent"))
        return
    if too_late:  # a tap that reached the server just after voting closed
        st.warning(t("join_too_late"))
    if state.phase == "open":  # the timer ran out; the teacher has not revealed yet
        st.info(t("cls_time_up"))
        if mine is not None:
            st.text(t("join_yours", answer=plain_label(mine, question)))
        return
    if mine is None:
        st.info(t("join_none"))
    else:
        verdict = t("pq_right") if question.answer.is_right(mine) else t("pq_wrong")
        st.text(t("join_yours", answer=plain_label(mine, question)))  # plain text, never Markdown
        box = st.success if question.answer.is_right(mine) else st.warning
        box(f"**{verdict}** {question.because}")


st.html(ANSWER_CSS)
with st.container(horizontal=True, vertical_alignment="center"):
    st.title(t("nav_join"), anchor=False)
    ui_controls.language_switch()
store = connection.store()
if st.session_state.get(STUDENT):  # a link from before held a token: never believed, dropped
    st.session_state[STUDENT] = ""
    if STUDENT in st.query_params:
        del st.query_params[STUDENT]
code = st.session_state.get(CODE, "")
wait = st.session_state.get(WAIT_UNTIL, 0.0) > time.time()
found = bool(code) and not wait and _try_code(store, code)
if not found:
    code_form(store, wrong=bool(code) or bool(st.session_state.get(WRONG)))
    st.session_state[CODE] = ""
    browser.run()
    st.stop()

code = st.session_state[CODE]
student = admitted(store, code)
if student is None:
    browser.run()
    st.stop()
browser.run(browser.cookie_header(STUDENT_COOKIE + code, student, CLASS_HOURS * 3600))
st.caption(t("join_in_class", code=code) + " · " + t("join_one_browser"))
st.fragment(current_step, run_every=connection.LIVE_SECONDS)(store, code, student)
with st.expander(t("join_nickname")):
    st.text_input(
        t("join_nickname"),
        key=NICK_BOX,
        help=t("join_nickname_help") + " " + t("join_limit", limit=MAX_NICKNAME),
        on_change=_nickname,
        args=(store,),
    )
    saved = st.session_state.get(NICK_SAVED)
    if saved is not None:
        st.success(t("join_nick_saved"), icon=":material/check:")
        st.text(saved.text)  # plain text, never Markdown
        cut_note(saved, t("join_nickname"), MAX_NICKNAME)
