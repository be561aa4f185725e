"""Presenter mode: the pipeline one step at a time, in large type, with Next and Back."""

import pandas as pd
import streamlit as st

from ui import compute, figures, layout, state, theme
from ui.i18n import t
from ui.state import K
from ui.texts.shared import PIPELINE_STEPS

STEPS = PIPELINE_STEPS
EXAMPLE = "the cat drank milk"  # four words: a 4 x 4 score matrix fits on a board
BIG_CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 1.5rem; max-width: 100%; }
[data-testid="stMainBlockContainer"] p,
[data-testid="stMainBlockContainer"] li { font-size: 1.35rem; }
[data-testid="stHeader"] { display: none; }
</style>
"""


def show_big(fig: figures.Figure) -> None:
    figures.show(fig, own_fonts=True)


s = state.settings()
st.html(BIG_CSS)  # our own constant stylesheet: larger type, no top bar
st.title(t("nav_present"))

step = min(max(int(st.session_state.get(K.STEP, 0)), 0), len(STEPS) - 1)
st.session_state[K.STEP] = step


def _move(delta: int) -> None:
    st.session_state[K.STEP] = min(max(st.session_state[K.STEP] + delta, 0), len(STEPS) - 1)


EXAMPLE_SETTINGS = {K.TEXT: EXAMPLE, K.D_MODEL: 4, K.D_K: 2, K.NUMBERS: True, K.MODEL: "toy"}


def _worked_example() -> None:
    saved = {key: st.session_state[key] for key in EXAMPLE_SETTINGS}
    st.session_state[state.SAVED_TEXT] = saved  # what the example replaces, to bring it back
    st.session_state.update(EXAMPLE_SETTINGS)


def _restore() -> None:
    st.session_state.update(st.session_state.pop(state.SAVED_TEXT))


nav = st.columns([1, 1, 3, 3], vertical_alignment="center")
nav[0].button(
    t("present_back"),
    key="present_back",
    on_click=_move,
    args=(-1,),
    disabled=step == 0,
    icon=":material/arrow_back:",
)
nav[1].button(
    t("present_next"),
    key="present_next",
    on_click=_move,
    args=(1,),
    disabled=step == len(STEPS) - 1,
    icon=":material/arrow_forward:",
)
nav[2].markdown(f"**{t('present_counter', i=step + 1, n=len(STEPS))}**")
if state.SAVED_TEXT in st.session_state:
    nav[3].button(t("present_restore"), key="present_restore", on_click=_restore)
else:
    nav[3].button(
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

if s.model != "toy":
    st.info(t("present_toy_only"))
    st.stop()
p = compute.pipeline(s)
enc, att = layout.showing(p), p.attention
tok = enc.tokens
st.markdown(f"### {t('pexplain_' + STEPS[step])}")

big = {"span": theme.SPAN_PRESENT, "big": True}
name = STEPS[step]
if name == "tokens":
    st.dataframe(pd.DataFrame([list(tok)], index=[t("ax_token")], columns=figures.dims(len(tok))))
elif name == "embed":
    show_big(figures.vectors(enc.embedding, tok, t("m_embedding"), p, **big))
elif name == "pos":
    slots, span = layout.grid(2, enc.x.shape[1], per_row=2, min_cell=theme.CELL_MIN_WIDTH)
    for slot, (m, title) in zip(
        slots,
        ((enc.positions, figures.positions_title(p.model)), (enc.x, figures.x_title(enc, p))),
        strict=True,
    ):
        with slot:
            show_big(figures.vectors(m, tok, title, p, span=span, big=True))
elif name == "qkv":
    slots, span = layout.grid(3, enc.q.shape[1], per_row=3, min_cell=theme.CELL_MIN_WIDTH)
    for slot, (m, key) in zip(slots, ((enc.q, "m_q"), (enc.k, "m_k"), (enc.v, "m_v")), strict=True):
        with slot:
            show_big(figures.vectors(m, tok, t(key), p, span=span, big=True))
elif name == "factor":
    show_big(figures.word_map(att.factor, t("m_factor"), p, **big))
elif name == "scale":
    show_big(figures.word_map(att.scores, figures.scores_title(p), p, **big))
elif name == "softmax":
    on = compute.pipeline(s, attention=s.attention.replace(use_softmax=True))
    show_big(figures.weights(on, **big))
else:
    show_big(figures.vectors(att.output, tok, t("m_output"), p, **big))
