"""Page 4: Q·Kᵀ, scaling and temperature, mask, softmax off vs on, then × V."""

import dataclasses

import pandas as pd
import streamlit as st

from core.pipeline import row_sums, value_range
from ui import compute, controls, figures, layout, state
from ui.i18n import t
from ui.state import K
from ui.theme import CELL_MIN_WIDTH

s = state.settings()
layout.header(
    "nav_score",
    "score_intro",
    [K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS],
)

kinds = ["self", "causal", "cross"]
kind = controls.choice("kind", kinds, K.KIND, prefix="kind_")
st.caption(t(f"kind_{kind}_help"))

text, target = s.text, None
if kind == "cross":
    c1, c2 = st.columns(2)
    c1.text_input(t("source"), key=K.SOURCE, persist_state="session")
    c2.text_input(t("target"), key=K.TARGET, persist_state="session")
    text, target = st.session_state[K.SOURCE], st.session_state[K.TARGET]
    s = dataclasses.replace(s, text=f"{text} → {target}")  # what the charts' titles quote

common = {"text": text, "target": target, "causal": kind == "causal"}
off = compute.pipeline(s, use_softmax=False, **common)
on = compute.pipeline(s, use_softmax=True, **common)
layout.require_tokens(on.key_side)
if target is not None:
    layout.require_tokens(on.query_side)
q_tok, k_tok = on.query_side.tokens, on.key_side.tokens

st.subheader(t("score_step1"))
figures.show(figures.word_by_word(on.attention.factor, q_tok, k_tok, t("m_factor"), s))

st.subheader(t("score_step2"))
figures.show(
    figures.word_by_word(
        on.attention.scores, q_tok, k_tok, figures.scores_title(s.scale, s.temperature), s
    )
)

st.subheader(t("score_step3"))
st.markdown(t("score_sidebar_now", state=t("on") if s.use_softmax else t("off")))
(c_off, c_on), span = layout.grid(2, len(k_tok), per_row=2)
with c_off:
    figures.show(
        figures.word_by_word(off.attention.weights, q_tok, k_tok, t("m_weights_raw"), s, span=span)
    )
    lo, hi = value_range(off.attention.weights)
    st.caption(t("range_off", lo=lo, hi=hi))
with c_on:
    figures.show(
        figures.word_by_word(
            on.attention.weights,
            q_tok,
            k_tok,
            t("m_weights_soft"),
            s,
            probabilities=True,
            span=span,
        )
    )
    lo, hi = value_range(on.attention.weights)
    st.caption(t("range_on", lo=lo, hi=hi))

st.markdown(f"**{t('row_sums')}**")
st.dataframe(
    pd.DataFrame(
        {
            t("ax_query"): list(q_tok),
            t("col_sum_off"): row_sums(off.attention.weights),
            t("col_sum_on"): row_sums(on.attention.weights),
        }
    ),
    hide_index=True,
)

st.subheader(t("score_step4"))
(c_off, c_on), span = layout.grid(
    2, on.attention.output.shape[1], per_row=2, min_cell=CELL_MIN_WIDTH
)
with c_off:
    figures.show(figures.per_token(off.attention.output, q_tok, t("out_off"), s, span=span))
with c_on:
    figures.show(figures.per_token(on.attention.output, q_tok, t("out_on"), s, span=span))

layout.notice("score_notice")
