"""Page 2: follow one word's row through every matrix."""

import streamlit as st

from ui import compute, figures, layout, state
from ui.i18n import t
from ui.state import K
from ui.theme import SPAN_THIRD as THIRD

s = state.settings()
layout.header(
    "rows_title",
    "rows_intro",
    [K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS],
)
p = compute.pipeline(s)
enc = p.key_side
layout.require_tokens(enc)

n = len(enc.tokens)
state.token_index(K.WORD, n)


def _pick(index: int) -> None:
    st.session_state[K.WORD] = index


st.selectbox(
    t("pick_word"),
    options=list(range(n)),
    format_func=lambda i: f"{i}: {enc.tokens[i]}",
    key=K.WORD,
    persist_state="session",
)
word = st.session_state[K.WORD]
st.caption(t("rows_click_hint"))

charts = [
    (
        "x",
        figures.per_token(
            enc.x, enc.tokens, t("m_x"), s, highlight=word, selectable=True, span=THIRD
        ),
    ),
    (
        "q",
        figures.per_token(
            enc.q, enc.tokens, t("m_q"), s, highlight=word, selectable=True, span=THIRD
        ),
    ),
    (
        "k",
        figures.per_token(
            enc.k, enc.tokens, t("m_k"), s, highlight=word, selectable=True, span=THIRD
        ),
    ),
    (
        "v",
        figures.per_token(
            enc.v, enc.tokens, t("m_v"), s, highlight=word, selectable=True, span=THIRD
        ),
    ),
    (
        "w",
        figures.word_by_word(
            p.attention.weights,
            enc.tokens,
            enc.tokens,
            figures.weights_title(s.use_softmax),
            s,
            probabilities=s.use_softmax,
            highlight=word,
            selectable=True,
            span=THIRD,
        ),
    ),
    (
        "z",
        figures.per_token(
            p.attention.output, enc.tokens, t("m_output"), s, highlight=word, selectable=True
        ),
    ),
]
columns = st.columns(3)
for i, (name, chart) in enumerate(charts):
    with columns[i % 3]:
        figures.show(chart, key=f"rows_{name}", on_click=_pick)

layout.notice("rows_notice")
