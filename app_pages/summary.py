"""Page 8: the whole pipeline for the current sentence on one screen, and a recap."""

import streamlit as st

from ui import compute, figures, layout, state
from ui.i18n import t
from ui.state import K

s = state.settings()
layout.header(
    "summary_title",
    "summary_intro",
    [K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS],
)
p = compute.pipeline(s)
enc, att = p.key_side, p.attention
layout.require_tokens(enc)
tok = enc.tokens

slots, span = layout.grid(8, len(tok), per_row=4)
charts = [
    figures.per_token(enc.x, tok, figures.x_title(enc, s), s, span=span),
    figures.per_token(enc.q, tok, t("m_q"), s, span=span),
    figures.per_token(enc.k, tok, t("m_k"), s, span=span),
    figures.per_token(enc.v, tok, t("m_v"), s, span=span),
    figures.word_by_word(att.factor, tok, tok, t("m_factor"), s, span=span),
    figures.word_by_word(
        att.scores, tok, tok, figures.scores_title(s.scale, s.temperature), s, span=span
    ),
    figures.word_by_word(
        att.weights,
        tok,
        tok,
        figures.weights_title(s.use_softmax),
        s,
        probabilities=s.use_softmax,
        span=span,
    ),
    figures.per_token(att.output, tok, t("m_output"), s, span=span),
]
for slot, chart in zip(slots, charts, strict=True):
    with slot:
        figures.show(chart)

st.markdown(t("summary_recap"))
layout.notice("summary_notice")
