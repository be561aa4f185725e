"""Presenter mode: the pipeline one step at a time, in large type, with Next and Back.

Everything on a step fits a 1280 × 720 projector without scrolling: the header takes two
short rows and the charts are sized from what is left (theme.PRESENT_*).
"""

import dataclasses

import pandas as pd
import streamlit as st

from app_pages.present.params import ASK, STEP
from app_pages.present.questions import question_for
from app_pages.present.screen import (
    PRESENT_CELL_MIN,
    PRESENT_GAP,
    PRESENT_HEADER,
    PRESENT_PAD,
    PRESENT_SCREEN,
    SPAN_PRESENT,
)
from core.pipeline import Pipeline
from ui import compute, figures, layout, predict, session
from ui.i18n import t
from ui.markdown import escape_md
from ui.settings import K
from ui.texts import PIPELINE_STEPS

STEPS = PIPELINE_STEPS
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
[data-testid="stHeader"] {{ display: none; }}
@media (min-width: {_W * ZOOM}px) and (min-height: {_H * ZOOM}px) {{
  [data-testid="stMainBlockContainer"] {{ zoom: {ZOOM}; }}
}}
</style>
"""
# small enough to check by hand: the toy (random weights) at d_model 4, d_k 2
EXAMPLE_SETTINGS = {K.TEXT: EXAMPLE, K.D_MODEL: 4, K.D_K: 2, K.NUMBERS: True, K.MODEL: "toy"}
SMALL_MODELS = ("distilled", "toy")  # their matrices fit a projected step; MiniLM's do not


def _move(delta: int) -> None:
    st.session_state[STEP] = min(max(st.session_state[STEP] + delta, 0), len(STEPS) - 1)


def _worked_example() -> None:
    saved = {key: st.session_state[key] for key in EXAMPLE_SETTINGS}
    st.session_state[session.SAVED_TEXT] = saved  # what the example replaces, to bring it back
    st.session_state.update(EXAMPLE_SETTINGS)


def _restore() -> None:
    st.session_state.update(st.session_state.pop(session.SAVED_TEXT))


def show_big(fig: figures.Figure, p: Pipeline, across: int = 1) -> None:
    """A chart sized to share the screen's width with `across - 1` others and to fit under the
    header; the sentence and settings are said once above, not under every title."""
    screen_width, screen_height = PRESENT_SCREEN
    width = screen_width - 2 * PRESENT_PAD - (across - 1) * PRESENT_GAP
    shared = set(figures.context(p))
    fig = dataclasses.replace(fig, context=tuple(c for c in fig.context if c not in shared))
    n_cols = fig.matrix.shape[1]  # a 16-wide vector needs more than a square's side
    fig = fig.with_options(
        span=max(SPAN_PRESENT, n_cols * PRESENT_CELL_MIN),
        max_width=width // across,
        max_height=screen_height - PRESENT_HEADER,
    )
    figures.show_spec(figures.spec_of(fig, s.show_numbers), own_fonts=True)


s = session.settings()
st.html(BIG_CSS)  # our own constant stylesheet: larger type, no top bar, small margins


def controls_row() -> int:
    """Back, Next, the step counter, ask-first and the worked example; returns the step."""
    step = min(max(int(st.session_state.get(STEP, 0)), 0), len(STEPS) - 1)
    st.session_state[STEP] = step

    head = st.columns([3, 1.2, 1.2, 1.6, 2, 3], vertical_alignment="center")
    head[0].title(t("nav_present"))
    head[1].button(
        t("present_back"),
        key="present_back",
        on_click=_move,
        args=(-1,),
        disabled=step == 0,
        icon=":material/arrow_back:",
    )
    head[2].button(
        t("present_next"),
        key="present_next",
        on_click=_move,
        args=(1,),
        disabled=step == len(STEPS) - 1,
        icon=":material/arrow_forward:",
    )
    head[3].markdown(f"**{t('present_counter', i=step + 1, n=len(STEPS))}**")
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

    strip = "  →  ".join(
        f"**:red-background[{t('step_' + name)}]**" if i == step else t("step_" + name)
        for i, name in enumerate(STEPS)
    )
    st.markdown(strip)
    return step


def slide(step: int) -> None:
    """The step's explanation (or its question first) and its charts, sized for the screen."""
    if s.model not in SMALL_MODELS:
        st.info(t("present_toy_only"))
        st.stop()
    p = compute.pipeline(s)
    enc, att = layout.showing(p), p.attention
    tok = enc.tokens
    name = STEPS[step]
    on = compute.pipeline(s, attention=s.attention.replace(use_softmax=True))
    shown = on if name == "softmax" else p  # the softmax step always shows softmax on
    question = question_for(name, shown) if st.session_state.get(ASK) else None
    answered = predict.verdict(question, shown) if question else None
    with st.container(key="present_explain"):
        # the question comes first; once revealed, its answer takes the explanation's line
        st.markdown(answered or f"**{t('pexplain_' + name)}**")
    if question and answered is None:
        predict.ask(question, shown)
        st.stop()
    lines = figures.context(shown)  # said once here instead of under every chart's title
    st.caption(" · ".join(escape_md(line, limit=len(line)) for line in lines))

    if name == "tokens":
        st.dataframe(
            pd.DataFrame([list(tok)], index=[t("ax_token")], columns=figures.dims(len(tok)))
        )
    elif name == "embed":
        show_big(figures.vectors(enc.embedding, tok, t("m_embedding"), p, big=True), p)
    elif name == "pos":
        pair = ((enc.positions, figures.positions_title(p.model)), (enc.x, figures.x_title(enc, p)))
        for column, (m, title) in zip(st.columns(2, gap="small"), pair, strict=True):
            with column:
                show_big(figures.vectors(m, tok, title, p, big=True), p, across=2)
    elif name == "qkv":
        trio = ((enc.q, "m_q"), (enc.k, "m_k"), (enc.v, "m_v"))
        for column, (m, key) in zip(st.columns(3, gap="small"), trio, strict=True):
            with column:
                show_big(figures.vectors(m, tok, t(key), p, big=True), p, across=3)
    elif name == "factor":
        show_big(figures.word_map(att.factor, t("m_factor"), p, big=True), p)
    elif name == "scale":
        show_big(figures.word_map(att.scores, figures.scores_title(p), p, big=True), p)
    elif name == "softmax":
        show_big(figures.weights(on, big=True), on)
    else:
        show_big(figures.vectors(att.output, tok, t("m_output"), p, big=True), p)


@layout.part  # Next, Back and the ask-first switch re-run the slide only
def presenter() -> None:
    slide(controls_row())


presenter()
