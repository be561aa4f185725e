"""Presenter mode: the lesson (lessons/lesson.py) one step at a time, in large type,
with Next and Back, alone on a projector. The same lesson runs with a class in class mode
(`/class`), which a link here starts.

Everything on a step fits a 1280 × 720 projector without scrolling: the header takes two
short rows and the charts are sized from what is left (present/screen.py). With "Ask first"
(on by default) a step shows its title and question only; its point, its answer and its
charts come with the reveal.
"""

import dataclasses

import streamlit as st

from app_pages.present.params import ASK, LESSON, STEP, lesson_step_of
from app_pages.present.screen import (
    PRESENT_CELL_MIN,
    PRESENT_GAP,
    PRESENT_HEADER,
    PRESENT_PAD,
    PRESENT_SCREEN,
    PRESENT_SENTENCE_ROW,
    PRESENT_TRAIN_ROW,
    SPAN_PRESENT,
)
from core.pipeline import Pipeline
from lessons import choose, lesson
from lessons.lesson import Step
from lessons.lesson_file import MAX_NOTES, MAX_POINT, MAX_TITLE
from ui import figures, layout, predict, session, theme
from ui.i18n import lang, t
from ui.markdown import escape_md
from ui.settings import K

CLASS_PAGE = "app_pages/classroom/page.py"  # class mode, the teacher's page (/class)
NOTES = "present_notes"  # speaker notes shown in this tab (off by default; never in the link)

EXAMPLE = "the cat drank milk"  # four words: a 4 x 4 score matrix fits on a board
_W, _H = PRESENT_SCREEN
ZOOM = 1.5  # a screen this much bigger (1920 × 1080) shows the same layout magnified
BIG_CSS = f"""
<style>
[data-testid="stMainBlockContainer"] {{
  padding: 0.5rem {PRESENT_PAD}px 0.25rem; max-width: 100%;
}}
[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] {{ gap: 0.4rem; }}
[data-testid="stMainBlockContainer"] h1 {{ font-size: 1.6rem; padding: 0; }}
[data-testid="stMainBlockContainer"] p {{ font-size: 1.05rem; }}
.st-key-present_explain p {{ font-size: 1.3rem; line-height: 1.35; }}
@media (min-width: {theme.NARROW_SCREEN + 1}px) {{  /* a phone keeps the bar with the menu button */
  /* no bar on a wide screen, but its button that opens the sidebar (the lesson, the notes) */
  [data-testid="stHeader"], [data-testid="stHeader"] * {{
    background: transparent; pointer-events: none;
  }}
  [data-testid="stHeader"] {{ height: 0; }}
  [data-testid="stMainMenu"], [data-testid="stToolbarActions"], [data-testid="stStatusWidget"],
  [data-testid="stAppDeployButton"] {{ display: none; }}
  [data-testid="stHeader"] [data-testid="stExpandSidebarButton"],
  [data-testid="stHeader"] [data-testid="stExpandSidebarButton"] * {{ pointer-events: auto; }}
  [data-testid="stMainBlockContainer"] h1 {{ padding-left: 2rem; }}
}}
@media (max-width: {theme.NARROW_SCREEN}px) {{
  [data-testid="stMainBlockContainer"] {{ padding-top: 3.5rem; }}
}}
@media (min-width: {_W * ZOOM}px) and (min-height: {_H * ZOOM}px) {{
  [data-testid="stMainBlockContainer"] {{ zoom: {ZOOM}; }}
}}
</style>
"""
# a short sentence with a number in every cell: small enough to check on the board
EXAMPLE_SETTINGS = {K.TEXT: EXAMPLE, K.NUMBERS: True}


def _move(delta: int) -> None:
    st.session_state[LESSON] = min(
        max(st.session_state[LESSON] + delta, 0), len(presented.steps) - 1
    )


def _worked_example() -> None:
    saved = {key: st.session_state[key] for key in EXAMPLE_SETTINGS}
    st.session_state[session.SAVED_TEXT] = saved  # what the example replaces, to bring it back
    st.session_state.update(EXAMPLE_SETTINGS)


def _restore() -> None:
    st.session_state.update(st.session_state.pop(session.SAVED_TEXT))


def _from_an_old_link() -> None:
    """A link from before the lesson names a pipeline step (`step`): open the lesson's step
    that shows it, and drop `step` from the address."""
    old = int(st.session_state.get(STEP, 0) or 0)
    if old:
        st.session_state[LESSON] = lesson_step_of(old)
        st.session_state[STEP] = 0


def fit(across: int = 1, taken: int = 0) -> dict[str, int]:
    """A chart's size to share the screen's width with `across - 1` others, under the header
    and `taken` px of the step's own above it."""
    screen_width, screen_height = PRESENT_SCREEN
    width = screen_width - 2 * PRESENT_PAD - (across - 1) * PRESENT_GAP
    return {"max_width": width // across, "max_height": screen_height - PRESENT_HEADER - taken}


def show_big(fig: figures.Figure, p: Pipeline, across: int = 1, taken: int = 0) -> None:
    """A chart sized to share the screen's width with `across - 1` others and to fit under the
    header (and `taken` px more); the sentence and settings are said once above, not under
    every title."""
    shared = set(figures.context(p))
    fig = dataclasses.replace(fig, context=tuple(c for c in fig.context if c not in shared))
    size = fit(across, taken)
    if fig.kind == "bars":  # as large as a heatmap: the screen's width, labels and all
        fig = fig.with_options(
            width=size["max_width"] - theme.LABEL_ROOM, big=True, max_height=size["max_height"]
        )
    else:
        n_cols = fig.matrix.shape[1]  # a 16-wide vector needs more than a square's side
        fig = fig.with_options(span=max(SPAN_PRESENT, n_cols * PRESENT_CELL_MIN), big=True, **size)
    figures.show_spec(figures.spec_of(fig, s.show_numbers), own_fonts=True)


s = session.settings()
st.html(BIG_CSS)  # our own constant stylesheet: larger type, no top bar, small margins
_from_an_old_link()


def controls_row() -> int:
    """Back, Next, the step counter, ask-first, the worked example and the class link;
    returns the step."""
    i = min(max(int(st.session_state.get(LESSON, 0)), 0), len(presented.steps) - 1)
    st.session_state[LESSON] = i

    head = st.columns([2.6, 1.1, 1.1, 1.7, 1.4, 2, 1.8], vertical_alignment="center")
    head[0].title(t("nav_present"))
    head[1].button(
        t("present_back"),
        key="present_back",
        on_click=_move,
        args=(-1,),
        disabled=i == 0,
        icon=":material/arrow_back:",
    )
    head[2].button(
        t("present_next"),
        key="present_next",
        on_click=_move,
        args=(1,),
        disabled=i == len(presented.steps) - 1,
        icon=":material/arrow_forward:",
    )
    counter = t("present_counter", number=i + 1, n=len(presented.steps))
    head[3].markdown(f"**{counter}** · {t('present_minutes', m=presented.steps[i].minutes)}")
    head[4].toggle(t("present_ask"), key=ASK, help=t("present_ask_help"), persist_state="session")
    if session.SAVED_TEXT in st.session_state:
        head[5].button(t("present_restore"), key="present_restore", on_click=_restore)
    else:
        head[5].button(
            t("present_example"),
            key="present_example",
            on_click=_worked_example,
            help=t("present_example_help", text=EXAMPLE),
        )
    head[6].page_link(
        CLASS_PAGE, label=t("present_class"), icon=":material/groups:", help=t("present_class_help")
    )
    strip = "  →  ".join(
        f"**:red-background[{step.short}]**" if j == i else step.short  # the kinds' own texts
        for j, step in enumerate(presented.steps)
    )
    st.markdown(strip)
    return i


def headline(step: Step, p: Pipeline) -> bool:
    """The step's title, and its point, or its question first: True when the charts may show.
    With Ask first, nothing that says the answer (the point, the answer, a chart) is drawn
    before the reveal."""
    question = lesson.asked(step, p) if st.session_state.get(ASK) else None
    answered = predict.verdict(step.question, p) if question else None
    with st.container(key="present_explain"):
        if question is None:
            title, point = escape_md(step.title, MAX_TITLE), escape_md(step.point, MAX_POINT)
            st.markdown(f"**{title}:** {point}")  # the lesson file's words, made inert
        elif answered is None:
            st.markdown(f"**{escape_md(step.title, MAX_TITLE)}**")
        else:
            st.markdown(answered)  # once revealed, the answer with its reason
    if question is not None and answered is None:
        predict.ask(step.question, p, question)
        return False
    return True


def slide(i: int) -> None:
    """The step's headline (or its question first) and its charts, sized for the screen."""
    step = presented.steps[i]
    sentence = lesson.own_sentence("present_own") if step.sentences else None
    p = lesson.step_pipeline(step, sentence or s.text, lang())
    layout.showing(p)  # a note on the sentence if it needs one; stops when it has no word
    if st.session_state.get(NOTES):  # the teacher's own tab, never the projector by default
        st.info(escape_md(step.notes, MAX_NOTES), icon=":material/speaker_notes:")
    if not headline(step, p):
        return
    lines = figures.context(p)  # said once here instead of under every chart's title
    st.caption(" · ".join(escape_md(line, limit=len(line)) for line in lines))
    if step.training:
        size = fit() | {"max_height": fit()["max_height"] - PRESENT_TRAIN_ROW}
        lesson.train_in_place("present_train", span=SPAN_PRESENT, big=True, **size)
        return
    figs = lesson.charts(step, p)
    if not figs:  # a step whose chart needs two words or more
        return
    taken = PRESENT_SENTENCE_ROW if step.sentences else 0  # the presenter's sentence box
    if len(figs) == 1:
        show_big(figs[0], p, taken=taken)
        return
    for column, fig in zip(st.columns(len(figs), gap="small"), figs, strict=True):
        with column:
            show_big(fig, p, across=len(figs), taken=taken)


@layout.part  # Next, Back and the ask-first switch re-run the slide only
def presenter() -> None:
    slide(controls_row())


with st.sidebar:  # folded away on the projector; a fragment cannot draw in the sidebar
    st.toggle(t("present_notes"), key=NOTES, help=t("present_notes_help"))
    presented = choose.picker("present_lesson") or lesson.default()


presenter()
