"""Class mode, the teacher's side (the projector): join code, QR code and link; the lesson's
current step; voting, the live count, the reveal beside the computed answer; after class the
results and the handout.

Every teacher action goes through the store with the teacher key, which this browser keeps in
a cookie and this session in its state, never in the address (a link from before that holds it
is read once, then the key leaves the address); nothing a student typed is drawn unless the
teacher showed it, and then as plain text (st.text).
"""

import time
from urllib.parse import quote, urlsplit, urlunsplit

import pandas as pd
import streamlit as st

from lessons import choose, connection, handout, lesson
from lessons.connection import CODE, KEY_HELD, TEACHER_COOKIE, TEACHER_KEY
from lessons.lesson import (
    Lesson,
    Step,
    asked,
    class_pipeline,
    plain_label,
    point_shown,
    step_at,
    step_pipeline,
)
from lessons.lesson_file import MAX_NOTES, MAX_TITLE
from lessons.store import (
    CLASS_HOURS,
    MAX_SENTENCE,
    MAX_STUDENTS_LIMIT,
    ClassState,
    ClassStore,
    NotTeacher,
    Refused,
)
from ui import browser, exports, figures, session
from ui.i18n import lang, t
from ui.markdown import escape_md
from ui.predict import Asked

JOIN_PATH = "join"  # the students' page (app_pages/join)
SENTENCE_BOX = "class_sentence_box"
NICKNAMES = "class_nicknames"
END_SURE = "class_end_sure"
NOTES = "class_notes"  # speaker notes shown in this tab (off by default; never in the link)
GALLERY_OPEN = "class_gallery_open"  # the gallery's rows are read and drawn only while open
GALLERY_PAGE = "class_gallery_page"
GALLERY_ROWS = 10  # sentences on one page of the gallery
MAX_STUDENTS_BOX = "class_max_students"
ENDED = "_class_ended"  # a teacher action found the class gone (ended elsewhere, or expired)
REFUSED = "_class_refused"  # a start this address may not make yet: seconds to wait


# a question's phase -> the teacher's next action: its button text and the store's method
PHASE_ACTION = {
    "ask": ("cls_open", "open_voting"),
    "open": ("cls_reveal", "reveal"),
    "revealed": ("cls_again", "vote_again"),
}


def join_link(code: str) -> str:
    """The students' address of this class (no teacher key, no language: each phone its own)."""
    base = urlsplit(st.context.url or "http://localhost:8501/")
    prefix = [part for part in (st.get_option("server.baseUrlPath") or "").split("/") if part]
    path = "/" + "/".join([*prefix, JOIN_PATH])
    return urlunsplit((base.scheme or "http", base.netloc, path, f"{CODE}={quote(code)}", ""))


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
    st.text_input(
        t("cls_sentence"), key=SENTENCE_BOX, max_chars=MAX_SENTENCE, help=t("cls_sentence_help")
    )
    chosen = choose.picker("class_lesson")
    st.button(
        t("cls_start"),
        key="class_start",
        type="primary",
        on_click=_start,
        args=(store, chosen),
        disabled=chosen is None,
    )


def _use_lesson(store: ClassStore, chosen: Lesson) -> None:
    default = chosen.source == lesson.default().source
    _act("set_lesson", store, None if default else chosen.source)


def change_lesson(store: ClassStore) -> None:
    """Another lesson for the class under way: every phone and replica reads it from the
    database."""
    with st.expander(t("cls_lesson_change")):
        chosen = choose.picker("class_lesson_now")
        st.button(
            t("cls_lesson_use"),
            key="class_lesson_use",
            help=t("cls_lesson_use_help"),
            on_click=_use_lesson,
            args=(store, chosen),
            disabled=chosen is None,
        )


def projector_header(state: ClassState) -> None:
    link = join_link(state.code)
    st.image(connection.qr_png(link), caption=t("cls_qr_caption"), width=220)
    st.caption(t("cls_code"))
    st.code(state.code, language=None)  # our own alphabet: no user text; no heading, no anchor
    st.caption(t("cls_join_at"))
    st.code(link, language=None, wrap_lines=True)


def _act(action: str, store: ClassStore, *args: object) -> None:
    """One teacher action, with this session's teacher key (the store checks it). A class that
    ended meanwhile (from another tab, or by expiry) is said on the page, never a traceback."""
    code, key = st.session_state.get(CODE, ""), st.session_state.get(KEY_HELD, "")
    try:
        getattr(store, action)(code, key, *args, time.time())
    except NotTeacher:
        st.session_state[ENDED] = True


def controls(store: ClassStore, state: ClassState, steps: tuple[Step, ...]) -> None:
    step = step_at(steps, state.step)
    with st.container(horizontal=True, gap="small"):
        st.button(
            t("cls_back"),
            key="class_back",
            disabled=state.step == 0,
            on_click=_act,
            args=("go_to", store, state.step - 1),
            icon=":material/arrow_back:",
        )
        st.button(
            t("cls_next"),
            key="class_next",
            disabled=state.step >= len(steps) - 1,
            on_click=_act,
            args=("go_to", store, state.step + 1),
            icon=":material/arrow_forward:",
        )
        if step.question is not None:
            text_key, action = PHASE_ACTION[state.phase]  # the one step forward in this phase
            st.button(
                t(text_key),
                key=f"class_{text_key.removeprefix('cls_')}",
                type="primary",
                on_click=_act,
                args=(action, store),
            )
            if state.phase == "revealed":  # or take answers again without a new round
                st.button(
                    t("cls_reopen"), key="class_reopen", on_click=_act, args=("open_voting", store)
                )
        label = t("cls_resume") if state.paused else t("cls_pause")
        st.button(label, key="class_pause", on_click=_act, args=("pause", store, not state.paused))


def distribution_table(store: ClassStore, state: ClassState, question: Asked) -> pd.DataFrame:
    """Rows: the options; columns: each round's count, and the computed answer (✓)."""
    options, right = question.answer.options, question.answer.correct
    rounds = store.distribution(state, state.step)
    table = {t("cls_answer_col"): [plain_label(o, question) for o in options]}
    for r in sorted(rounds):
        if r <= state.round:
            table[t("cls_round", round=r)] = [rounds[r].get(o, 0) for o in options]
    table[t("cls_right_col")] = ["✓" if o in right else "" for o in options]
    return pd.DataFrame(table)


def live(store: ClassStore, code: str, key: str) -> None:
    """What changes while students answer: the count, then the reveal; the sentences."""
    now = time.time()
    state = store.find(code, now)
    if state is None:
        st.info(t("cls_ended"))
        return
    step = step_at(connection.class_lesson(store, state).steps, state.step)
    p = step_pipeline(step, state.sentence, lang())
    st.caption(t("cls_joined", n=store.students(state)))  # an inflated count shows
    if state.paused:
        st.warning(t("cls_paused"), icon=":material/pause_circle:")
    if step.sentences:
        sentences_panel(store, state, code, key, now)
        return
    question = asked(step, p)
    if question is None:
        st.info(t("cls_no_question"))
        return
    with st.container(border=True, key="class_question"):
        st.markdown(f"**{question.question}**")  # our question; the class's words escaped
        labels = [question.labels[option] for option in question.answer.options]
        st.markdown(" · ".join(labels))  # one line: the reveal below stays on the screen
    if state.phase != "revealed":
        n = store.count(state, state.step, state.round)
        st.metric(t("cls_count", n=n, joined=store.students(state), round=state.round), n)
        if state.phase == "ask":
            st.caption(t("cls_waiting"))
        return
    frame = distribution_table(store, state, question)
    st.dataframe(frame, hide_index=True, key="class_distribution")
    st.success(question.because)
    if step.training:
        return  # trained live below, outside this part that re-runs every few seconds
    for fig in lesson.charts(step, p):
        figures.show_spec(figures.spec_of(fig, False))


def sentences_panel(store: ClassStore, state: ClassState, code: str, key: str, now: float) -> None:
    shown = store.shown_sentence(state)
    if shown is not None:
        st.caption(t("cls_shown"))
        st.text(shown)  # plain text, never Markdown or HTML; frozen when the teacher showed it
        figures.show_spec(figures.spec_of(figures.weights(class_pipeline(shown, lang())), False))
        st.button(t("cls_hide"), key="class_hide", on_click=_act, args=("hide_sentence", store))
    gallery(store, code, key, now)


def gallery(store: ClassStore, code: str, key: str, now: float) -> None:
    """The students' sentences, a page at a time, read and drawn only while open: Show puts one
    on the projector (its text frozen), Hide takes it down, Remove takes it out of the list."""
    n = store.sentence_count(code, key, now)
    if not st.toggle(t("cls_gallery", n=n), key=GALLERY_OPEN):
        return
    pages = max(1, -(-n // GALLERY_ROWS))
    page = 1
    if pages > 1:
        page = int(
            st.number_input(t("cls_gallery_page", pages=pages), 1, pages, key=GALLERY_PAGE, step=1)
        )
    rows = store.sentences(code, key, now, offset=(page - 1) * GALLERY_ROWS, limit=GALLERY_ROWS)
    for student, sentence, status in rows:
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            st.text(sentence)  # plain text, never Markdown or HTML
            st.caption(t(f"cls_status_{status}"))
            if status == "shown":
                st.button(
                    t("cls_hide_short"),
                    key=f"class_hide_{student}",
                    on_click=_act,
                    args=("hide_sentence", store),
                )
            else:
                st.button(
                    t("cls_show"),
                    key=f"class_show_{student}",
                    on_click=_act,
                    args=("show_sentence", store, student),
                )
            st.button(
                t("cls_remove"),
                key=f"class_remove_{student}",
                on_click=_act,
                args=("remove_sentence", store, student),
            )


def class_settings(store: ClassStore, state: ClassState) -> None:
    """How many students the class admits (a device is one student; a full class says so)."""
    with st.expander(t("cls_settings")):
        st.session_state.setdefault(MAX_STUDENTS_BOX, state.max_students)
        st.number_input(
            t("cls_max_students"),
            1,
            MAX_STUDENTS_LIMIT,
            key=MAX_STUDENTS_BOX,
            help=t("cls_max_students_help"),
            on_change=lambda: _act(
                "set_max_students", store, int(st.session_state[MAX_STUDENTS_BOX])
            ),
        )


def after_class(store: ClassStore, state: ClassState, code: str, key: str) -> None:
    with st.expander(t("cls_after")):
        st.checkbox(t("cls_nicknames"), key=NICKNAMES)
        named = bool(st.session_state.get(NICKNAMES))
        st.download_button(
            t("cls_csv"),
            data=results_file(store, code, key, named),  # now: a download runs outside the session
            file_name=f"class_{code}_results.csv",
            mime="text/csv",
            key="class_csv",
            on_click="ignore",
            icon=":material/download:",
        )
        st.download_button(
            t("cls_handout"),
            data=handout_file(connection.class_lesson(store, state), state.sentence, lang()),
            file_name=f"class_{code}_handout.html",
            mime="text/html",
            key="class_handout",
            on_click="ignore",
            icon=":material/download:",
        )
        if st.checkbox(t("cls_end"), key=END_SURE):
            st.button(
                t("cls_end_sure"), key="class_end", type="primary", on_click=_end, args=(store,)
            )


def _end(store: ClassStore) -> None:
    _act("end", store)
    st.session_state[KEY_HELD] = st.session_state[CODE] = ""
    st.session_state[END_SURE] = False


def results_file(store: ClassStore, code: str, key: str, named: bool) -> str:
    state = store.find(code, time.time())
    steps = connection.class_lesson(store, state).steps if state else ()
    questions = {
        i: asked(step, step_pipeline(step, state.sentence, lang())) for i, step in enumerate(steps)
    }
    rows = []
    for step_i, round_, answer, last in store.results(code, key, time.time(), nicknames=named):
        question = questions.get(step_i)
        label = plain_label(answer, question) if question is not None else answer
        title = steps[step_i].title if step_i < len(steps) else ""
        rows.append((f"{step_i + 1} {title}", round_, label, last))
    return handout.results_csv(rows, named)


@st.cache_data(max_entries=16, show_spinner=False, hash_funcs={Lesson: lambda x: x.source})
def handout_file(the_lesson: Lesson, sentence: str, language: str) -> str:
    """The lesson on the class's sentence in `language` (the one `t` reads: a cache key): each
    step's point, question, answer and chart(s); its charts' SVGs built once, not per run."""
    steps = []
    for step in the_lesson.steps:
        p = step_pipeline(step, sentence, language)
        q = asked(step, p)
        charts = tuple(exports.svg(figures.spec_of(fig, False)) for fig in lesson.charts(step, p))
        steps.append(
            handout.HandoutStep(
                step.title,
                step.point,
                handout.plain(q.question) if q else "",
                tuple(plain_label(o, q) for o in q.answer.options) if q else (),
                handout.plain(q.because) if q else "",
                charts,
                t("cls_handout_time", m=step.minutes),
            )
        )
    return handout.handout_html(
        the_lesson.title, t("cls_sentence"), sentence, t("cls_handout_key"), steps
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


st.title(t("nav_class"), anchor=False)
store = connection.store()
code = st.session_state.get(CODE, "")
key = teacher_key(code)
if st.session_state.get(ENDED) or not (code and key and store.is_teacher(code, key, time.time())):
    if st.session_state.get(ENDED):
        st.info(t("cls_ended"))
    elif code or key:
        st.warning(t("cls_no_key"))
    st.session_state[ENDED] = False
    st.session_state[CODE] = st.session_state[KEY_HELD] = ""
    start_form(store)
    browser.run()
    st.stop()

browser.run(browser.cookie_header(TEACHER_COOKIE + code, key, CLASS_HOURS * 3600))
state = store.find(code, time.time())
steps = connection.class_lesson(store, state).steps
step = step_at(steps, state.step)
left, right = st.columns([1, 2], gap="large")
with left:
    projector_header(state)
with right:
    st.caption(t("cls_step_of", number=state.step + 1, n=len(steps), m=step.minutes))
    st.subheader(escape_md(step.title, MAX_TITLE), anchor=False)
    if point_shown(step, state.phase):  # never the answer before the reveal
        st.text(step.point)  # the lesson file's words: plain text
    controls(store, state, steps)
    if st.toggle(t("cls_notes_toggle"), key=NOTES, help=t("cls_notes_help")):
        st.info(escape_md(step.notes, MAX_NOTES), icon=":material/speaker_notes:")
    st.fragment(live, run_every=connection.LIVE_SECONDS)(store, code, key)
    if step.training and point_shown(step, state.phase):
        lesson.train_in_place("class_train")  # page 7's run, large, after the reveal
st.caption(t("cls_keep_link", hours=f"{CLASS_HOURS:g}"))
class_settings(store, state)
change_lesson(store)
after_class(store, state, code, key)
