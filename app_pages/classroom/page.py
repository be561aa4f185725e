"""Class mode, the teacher's side (the projector): join code, QR code and link; the lesson's
current step; voting, the live count, the reveal beside the computed answer; after class the
results and the handout.

Every teacher action goes through the store with the key from this page's address; nothing a
student typed is drawn unless the teacher showed it, and then as plain text (st.text).
"""

import time
from urllib.parse import quote, urlsplit, urlunsplit

import pandas as pd
import streamlit as st

from lessons import choose, connection, handout, lesson
from lessons.connection import CODE, TEACHER_KEY
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
from lessons.store import CLASS_HOURS, MAX_SENTENCE, ClassState, ClassStore
from ui import exports, figures, session
from ui.i18n import lang, t
from ui.markdown import escape_md
from ui.predict import Asked

JOIN_PATH = "join"  # the students' page (app_pages/join)
SENTENCE_BOX = "class_sentence_box"
NICKNAMES = "class_nicknames"
END_SURE = "class_end_sure"
NOTES = "class_notes"  # speaker notes shown in this tab (off by default; never in the link)


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
    code, key = store.start(sentence or session.settings().text, time.time())
    if chosen.source != lesson.default().source:  # the class's own: kept in its database row
        store.set_lesson(code, key, chosen.source, time.time())
    st.session_state[CODE] = code
    st.session_state[TEACHER_KEY] = key


def start_form(store: ClassStore) -> None:
    st.caption(t("cls_intro"))
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
    st.markdown(f"{t('cls_code')}\n## `{state.code}`")  # our own alphabet: no user text
    st.caption(t("cls_join_at"))
    st.code(link, language=None, wrap_lines=True)


def _act(action: str, store: ClassStore, *args: object) -> None:
    """One teacher action, with the key from this page's address (the store checks it)."""
    code, key = st.session_state[CODE], st.session_state[TEACHER_KEY]
    getattr(store, action)(code, key, *args, time.time())


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
        st.text(shown)  # plain text, never Markdown or HTML
        figures.show_spec(figures.spec_of(figures.weights(class_pipeline(shown, lang())), False))
        st.button(
            t("cls_hide"), key="class_hide", on_click=_act, args=("show_sentence", store, None)
        )
    sent = store.sentences(code, key, now)
    with st.expander(t("cls_gallery", n=len(sent)), expanded=False):
        for i, (student, sentence) in enumerate(sent):
            cols = st.columns([5, 1])
            cols[0].text(sentence)
            cols[1].button(
                t("cls_show"),
                key=f"class_show_{i}",
                on_click=_act,
                args=("show_sentence", store, student),
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
    st.session_state[TEACHER_KEY] = st.session_state[CODE] = ""
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


st.title(t("nav_class"))
store = connection.store()
code, key = st.session_state.get(CODE, ""), st.session_state.get(TEACHER_KEY, "")
if not (code and key and store.is_teacher(code, key, time.time())):
    if code or key:
        st.warning(t("cls_no_key"))
    start_form(store)
    st.stop()

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
change_lesson(store)
after_class(store, state, code, key)
