"""The class on the room's screen, made for the back row of a 1280 × 720 projector: the step and
its question in large type, the live count and timer, then on the reveal a chart of the votes,
the reason and the step's own chart, all on the first screen. While the class joins, a join
slide (the code, a QR code, the address in words) sits beside the question; one press hides it.

It never lists what students typed: only the sentence the teacher chose (on the console) is
drawn, as plain text. No sidebar: nothing there would change a class.
"""

from __future__ import annotations

import streamlit as st

from app_pages.classroom.charts import votes_chart
from app_pages.classroom.params import CONSOLE
from app_pages.classroom.shared import (
    act,
    controls,
    join_link,
    right_positions,
    rounds_of,
    run_live,
    show_controls,
    show_watch,
    timer_left,
    view_link,
)
from core.pipeline import Pipeline
from lessons import lesson
from lessons.lesson import Step, asked, class_pipeline, step_pipeline
from lessons.lesson_file import MAX_TITLE
from live_class import connection, training_show
from live_class.results import letter
from live_class.store import ClassState, ClassStore
from ui import charts, figures, theme
from ui.i18n import lang, t
from ui.markdown import escape_md, plain
from ui.predict import Asked

SLIDE = (1280, 720)  # px: the screen this view is laid out for
SCREEN_WIDTH = SLIDE[0] - 2 * 24  # px: the slide's row, less the CSS's side padding
QR_SIZE = 330  # px: a QR code read from about 8 m
# px: the votes' chart, half the screen's height where the reason under it leaves the room
# (votes_height), never less than VOTES_MIN
VOTES_MAX, VOTES_MIN = SLIDE[1] // 2, 240
# how the reveal's left column is laid out, for votes_height: where it starts under a question
# of one line (px), each further line of the question (px, at its 1.6 rem), the reason's type
# (px, 1.15 rem at 1.25 line height) and its box's padding and the gap above it (px)
REVEAL_TOP, QUESTION_LINE, QUESTION_FONT = 215, 33, 26
REASON_FONT, REASON_LINE, REASON_CHROME = 18.4, 23, 44
REASON_PAD = 16  # px: each side of the reason's text in its box
BOTTOM_MARGIN = 12  # px: kept free at the screen's bottom
CHART_BOX = (580, 420)  # px: the step's own chart (width, height): more than half the screen
# the reveal's row: the votes and the reason | the step's charts, by how many charts it has
REVEAL_SPLIT = {0: (2, 3), 1: (2, 3), 2: (1, 2)}
# px: the training show's heatmap (width, height) and its loss curve beside it, beside the
# count while the class votes (SHOW_SPLIT of the row), and in the reveal's right part
SHOW_SPLIT = (1, 3)
SHOW_SIZES = {False: ((520, 400), (300, 260)), True: ((400, 420), (220, 260))}
# Another screen shows the 1280 × 720 slide as a slide is shown: the same layout, zoomed to
# it (the server never learns the screen's size; CSS picks the zoom). Its charts are drawn at
# their own size for that (figures.show_spec's `fixed`).
ZOOMS = (1.25, 1.5, 2.0)  # 1600 × 900, 1920 × 1080, 2560 × 1440
SMALL_SCREEN = (1024, 0.8)  # px wide and zoom: an older 1024 × 768 projector
PROJECTOR_ZOOM = "\n".join(
    [
        f"@media (min-width: {SLIDE[0] * z:.0f}px) and (min-height: {SLIDE[1] * z:.0f}px) {{"
        f' [data-testid="stMainBlockContainer"] {{ zoom: {z}; }} }}'
        for z in ZOOMS
    ]
    + [
        f"@media (min-width: {SMALL_SCREEN[0]}px) and (max-width: {SLIDE[0] - 0.02}px) {{"
        f' [data-testid="stMainBlockContainer"] {{ zoom: {SMALL_SCREEN[1]}; }} }}'
    ]
)
# Our own constant stylesheet for this view: large type (the question ≥ 32 px, its options
# ≥ 24 px, the join code ≥ 64 px), small margins. (No sidebar or bar: ui/theme.CLASS_ONLY_CSS.)
CSS = f"""
<style>
[data-testid="stMainBlockContainer"] {{ padding: 0.6rem 24px 0.4rem; max-width: 100%; }}
[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] {{ gap: 0.5rem; }}
[data-testid="stElementToolbar"] {{ display: none; }}
.st-key-class_title h1 {{ font-size: 2rem; line-height: 1.25; padding: 0.1rem 0 0.45rem; }}
.st-key-class_question p {{ font-size: 2.1rem; line-height: 1.25; font-weight: 700; }}
.st-key-class_question_revealed p {{ font-size: 1.6rem; line-height: 1.25; font-weight: 700; }}
.st-key-class_options p {{ font-size: 1.6rem; line-height: 1.3; }}
.st-key-class_numbers p {{ font-size: 1.6rem; }}
.st-key-class_numbers [data-testid="stMetricValue"] p {{ font-size: 4rem; line-height: 1.1; }}
.st-key-class_numbers [data-testid="stMetricLabel"] p {{ font-size: 1.5rem; }}
.st-key-class_numbers [data-testid="stMetricLabel"] * {{ white-space: normal; overflow: visible; }}
.st-key-class_join_slide p, .st-key-class_join_slide [data-testid="stText"] {{
  font-size: 1.4rem; word-break: break-all;
}}
.st-key-class_join_slide .st-key-class_join_code p {{
  font-size: 4.5rem; font-weight: 800; letter-spacing: 0.12em; line-height: 1;
}}
.st-key-class_reason p {{ font-size: 1.15rem; line-height: 1.25; }}
.st-key-class_reveal_point [data-testid="stText"] {{ font-size: 1.15rem; line-height: 1.3;
  font-weight: 600; }}
.st-key-class_point p, .st-key-class_point [data-testid="stText"],
.st-key-class_shown [data-testid="stText"] {{ font-size: 1.5rem; line-height: 1.35; }}
{PROJECTOR_ZOOM}
@media (max-width: {theme.NARROW_SCREEN}px) {{
  .st-key-class_question p {{ font-size: 1.5rem; }}
  .st-key-class_join_code p {{ font-size: 3rem; }}
}}
</style>
"""


def join_slide(store: ClassStore, state: ClassState) -> None:
    """The code, a QR code and the address in words; said when phones may not reach it."""
    link, where = join_link(state.code)
    with st.container(key="class_join_slide"):
        st.image(connection.qr_png(link), width=QR_SIZE)
        with st.container(key="class_join_code"):
            st.markdown(state.code)  # our own alphabet: no user text, nothing Markdown reads
        st.markdown(t("cls_join_at"))
        st.text(link)  # the address in words, as phones type it
        if where == "local":
            st.warning(t("cls_local_only"), icon=":material/wifi_off:")


def counts(store: ClassStore, state: ClassState, now: float, asks: bool) -> None:
    """The live part: how many joined, how many answered this round, the timer."""
    with st.container(key="class_numbers"):
        joined = store.students(state)
        if state.phase == "open":
            n = store.count(state, state.step, state.round)
            st.metric(t("cls_count", n=n, joined=joined, round=state.round), n)
            timer_left(state, now)
        else:
            st.markdown(t("cls_joined", n=joined))  # an inflated count shows
        if state.phase == "ask" and asks:
            st.markdown(t("cls_waiting"))


def numbers(store: ClassStore, state: ClassState, now: float) -> None:
    """The live part of a step that asks a question."""
    counts(store, state, now, asks=True)


def watching(store: ClassStore, state: ClassState, now: float) -> None:
    """The live part after the reveal: it draws nothing (the votes are on the screen) and only
    watches for the teacher's next move (run_live draws the view again then)."""


def joined_only(store: ClassStore, state: ClassState, now: float) -> None:
    """The live part of a step that asks nothing: who joined."""
    counts(store, state, now, asks=False)


def step_chart(fig: figures.Figure, width: int = CHART_BOX[0]) -> None:
    """The step's chart sized to its part of the screen, in large type."""
    height = CHART_BOX[1]
    if fig.kind == "bars":
        fig = fig.with_options(width=width - theme.LABEL_ROOM, big=True, max_height=height)
    else:
        fig = fig.with_options(big=True, max_width=width, max_height=height)
    figures.show_spec(figures.spec_of(fig, False), own_fonts=True, fixed=True)


def sentences(store: ClassStore, state: ClassState, step: Step) -> None:
    """The step's point, then the student's sentence the teacher chose (frozen when shown) as
    plain text with its weights; or that the teacher will choose one (never the list: that is
    on the console)."""
    with st.container(key="class_point"):
        st.text(step.point)  # the lesson file's words: plain text
    shown = store.shown_sentence(state)
    if shown is None:
        st.markdown(t("cls_sentences_wait"))
        return
    with st.container(key="class_shown"):
        st.caption(t("cls_shown"))
        st.text(shown)  # plain text, never Markdown or HTML
    step_chart(figures.weights(class_pipeline(shown, lang())))


def show(store: ClassStore, state: ClassState, steps: tuple[Step, ...], step: Step) -> None:
    st.html(CSS)
    with st.container(horizontal=True, vertical_alignment="bottom", gap="medium"):
        with st.container(key="class_title", width="content"):  # the heading (no anchor: no link)
            st.title(escape_md(step.title, MAX_TITLE), anchor=False)  # a lesson file's, inert
        st.caption(t("cls_step_of", number=state.step + 1, n=len(steps), m=step.minutes))
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        controls(store, state, steps)
        if step.training and state.phase == "open":  # the show's buttons, while it plays
            show_controls(store, state)  # (after the reveal, on the console: room for the point)
        label = "cls_join_hide" if state.join_shown else "cls_join_show"
        st.button(
            t(label),
            key="class_join_toggle",
            on_click=act,
            args=("show_join", store, not state.join_shown),
            icon=":material/qr_code_2:",
        )
        st.link_button(
            t("cls_open_console"), view_link(state.code, CONSOLE), icon=":material/open_in_new:"
        )
    if state.paused:
        st.warning(t("cls_paused"), icon=":material/pause_circle:")
    p = step_pipeline(step, state.sentence, lang())
    question = asked(step, p)
    revealed = state.phase == "revealed" and question is not None
    if state.join_shown and not revealed:
        slide, main = st.columns([2, 3], gap="large")
        with slide:
            join_slide(store, state)
    else:
        main = st.container()
    with main:
        if step.sentences:
            sentences(store, state, step)
        elif step.question is None:  # a step that says something and asks nothing
            with st.container(key="class_point"):
                st.text(step.point)  # the lesson file's words: plain text
            step_charts(lesson.charts(step, p))
        elif question is None:
            st.info(t("cls_no_question"))
        else:
            # after the reveal a little smaller: the votes, the evidence and the point need room
            with st.container(key="class_question_revealed" if revealed else "class_question"):
                st.markdown(question.question)  # ours; the class's words escaped
            with st.container(key="class_options"):  # lettered as the votes' bars are
                labels = [question.labels[o] for o in question.answer.options]
                st.markdown("  ·  ".join(f"**{letter(i)}** {x}" for i, x in enumerate(labels)))
        if not revealed:
            live_part = numbers if step.question is not None else joined_only
            if step.training and state.phase != "ask":  # the class predicts first; then the show
                count, show_part = st.columns(SHOW_SPLIT, gap="small")
                with count:
                    run_live(store, state, live_part, show_watch(store))
                with show_part:
                    show_training(store, state, revealed=False)
            else:
                run_live(store, state, live_part, show_watch(store) if step.training else None)
    if revealed:
        reveal(store, state, step, question, p)


def reveal(store: ClassStore, state: ClassState, step: Step, question: Asked, p: Pipeline) -> None:
    """The votes' chart and the reason on the left, the step's chart and under it its point on
    the right: all on a 1280 × 720 screen's first view."""
    figs = () if step.training else lesson.charts(step, p)
    votes_width, charts_width = reveal_widths(len(figs))
    left, right = st.columns(REVEAL_SPLIT[len(figs)], gap="small")
    with left:
        rounds = rounds_of(store, state, question)
        spec = votes_chart(
            [letter(i) for i in range(len(question.answer.options))],
            right_positions(question),
            {t("cls_round", round=r): counts for r, counts in rounds.items()},
            right_label=t("cls_right_col"),
            count_label=t("cls_votes"),
            width=votes_width - 2 * theme.CHART_PADDING - theme.SAFE_MARGIN,
            height=votes_height(question, votes_width),
        )
        figures.show_spec(spec, key="class_votes", own_fonts=True, fixed=True)
        with st.container(key="class_reason"):
            st.success(question.because)
    with right:
        if step.training:
            show_training(store, state, revealed=True)
        else:
            step_charts(figs, charts_width)
        with st.container(key="class_reveal_point"):  # what to keep, under the evidence
            st.text(step.point)  # the lesson file's words: plain text
    watch = show_watch(store) if step.training else None
    run_live(store, state, watching, watch)  # nothing more to count: the votes are on screen


def votes_height(question: Asked, width: int) -> int:
    """The votes' chart as tall as the screen leaves it above the reason (wrapped in `width`
    px) on a 1280 × 720 slide, up to VOTES_MAX and at least VOTES_MIN."""
    asked_lines = len(charts.wrap(plain(question.question), SCREEN_WIDTH, QUESTION_FONT))
    top = REVEAL_TOP + QUESTION_LINE * (asked_lines - 1)
    reason_width = width - 2 * REASON_PAD
    reason_lines = len(charts.wrap(plain(question.because), reason_width, REASON_FONT))
    reason = REASON_LINE * reason_lines + REASON_CHROME
    room = SLIDE[1] - BOTTOM_MARGIN - top - reason
    return max(VOTES_MIN, min(VOTES_MAX, room))


def show_training(store: ClassStore, state: ClassState, revealed: bool) -> None:
    """The training step's show, its next moment every SHOW_FRAME_SECONDS (the buttons in the
    control row and on the console play and pause it for the whole class)."""
    (width, height), loss = SHOW_SIZES[revealed]
    frame_seconds = training_show.SHOW_FRAME_SECONDS
    training_show.play_default_run(
        store, state.code, frame_seconds, loss, True, max_width=width, max_height=height
    )  # the loss curve in a projector's type (its heatmap's cells need the room)


def reveal_widths(n_charts: int) -> tuple[int, int]:
    """Widths (px) of the reveal's two columns at 1280 px: the votes', the step's charts'."""
    left, right = REVEAL_SPLIT[n_charts]
    row = SCREEN_WIDTH - theme.COLUMN_GAP
    return row * left // (left + right), row * right // (left + right)


def step_charts(figs: tuple[figures.Figure, ...], width: int = CHART_BOX[0]) -> None:
    """The step's charts side by side in `width` px (two share it)."""
    if len(figs) < 2:
        for fig in figs:
            step_chart(fig, width)
        return
    each = (width - (len(figs) - 1) * theme.COLUMN_GAP) // len(figs)
    for column, fig in zip(st.columns(len(figs), gap="small"), figs, strict=True):
        with column:
            step_chart(fig, each)
