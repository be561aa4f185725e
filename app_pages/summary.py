"""Page 8: the whole pipeline for the current sentence on one screen, and a recap."""

import streamlit as st

from ui import compute, figures, layout, state, theme
from ui.i18n import t
from ui.state import K

s = state.settings()
layout.header(
    "nav_summary",
    "summary_intro",
    [K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS],
)
p = compute.pipeline(s)
enc, att = p.key_side, p.attention
layout.require_tokens(enc)
tok = enc.tokens

vectors = [
    (enc.x, figures.x_title(enc, s)),
    (enc.q, t("m_q")),
    (enc.k, t("m_k")),
    (enc.v, t("m_v")),
]
slots, span = layout.grid(4, enc.x.shape[1], per_row=4, min_cell=theme.CELL_MIN_WIDTH)
for slot, (matrix, title) in zip(slots, vectors, strict=True):
    with slot:
        figures.show(figures.per_token(matrix, tok, title, s, span=span))

word_maps = [
    (att.factor, t("m_factor"), False),
    (att.scores, figures.scores_title(s.scale, s.temperature), False),
    (att.weights, figures.weights_title(s.use_softmax), s.use_softmax),
]
slots, span = layout.grid(3, len(tok), per_row=3)
for slot, (matrix, title, probabilities) in zip(slots, word_maps, strict=True):
    with slot:
        figures.show(
            figures.word_by_word(matrix, tok, tok, title, s, probabilities=probabilities, span=span)
        )

figures.show(figures.per_token(att.output, tok, t("m_output"), s))
st.markdown(t("summary_recap"))
layout.notice("summary_notice")
