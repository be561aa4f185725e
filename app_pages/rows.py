"""Page 2: follow one word's row through every matrix."""

import streamlit as st

from ui import compute, figures, layout, state, theme
from ui.i18n import t
from ui.state import K

s = state.settings()
layout.header(
    "nav_rows",
    "rows_intro",
    [K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS],
)
p = compute.pipeline(s)
enc = p.key_side
layout.require_tokens(enc)
tokens = enc.tokens
n = len(tokens)
state.token_index(K.WORD, n)


def _pick(point: dict) -> None:
    index = figures.row_of(point)
    if index is not None:
        st.session_state[K.WORD] = index


st.selectbox(
    t("pick_word"),
    options=list(range(n)),
    format_func=lambda i: f"{i}: {tokens[i]}",
    key=K.WORD,
    persist_state="session",
)
word = st.session_state[K.WORD]
st.caption(t("rows_click_hint"))

slots, span = layout.grid(4, enc.x.shape[1], per_row=4, min_cell=theme.CELL_MIN_WIDTH)
mark = {"highlight": word, "selectable": True, "span": span}
vectors = [
    ("x", figures.per_token(enc.x, tokens, figures.x_title(enc, s), s, **mark)),
    ("q", figures.per_token(enc.q, tokens, t("m_q"), s, **mark)),
    ("k", figures.per_token(enc.k, tokens, t("m_k"), s, **mark)),
    ("v", figures.per_token(enc.v, tokens, t("m_v"), s, **mark)),
]
for slot, (name, chart) in zip(slots, vectors, strict=True):
    with slot:
        figures.show(chart, key=f"rows_{name}", on_point=_pick)

(left, right), span = layout.grid(2, n, per_row=2)
mark = {"highlight": word, "selectable": True, "span": span}
with left:
    weights = figures.word_by_word(
        p.attention.weights,
        tokens,
        tokens,
        figures.weights_title(s.use_softmax),
        s,
        probabilities=s.use_softmax,
        **mark,
    )
    figures.show(weights, key="rows_w", on_point=_pick)
with right:
    output = figures.per_token(p.attention.output, tokens, t("m_output"), s, **mark)
    figures.show(output, key="rows_z", on_point=_pick)

layout.notice("rows_notice")
