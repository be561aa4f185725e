"""Page 6: a dot product, term by term; dot vs cosine; the sentence's pairs ranked by q·k."""

import pandas as pd
import streamlit as st

from core.similarity import clean_vector, dot_breakdown, rank_pairs
from ui import compute, controls, figures, layout, predict, relevance, state, theme
from ui.i18n import t
from ui.state import K

s = state.settings()
layout.header("dot_intro")
p = compute.pipeline(s)
enc = layout.showing(p)
predict.page("dot", p)
tokens = enc.tokens
n = len(tokens)

use_qk = controls.choice("vector_kind", ["qk", "x"], K.VECTOR_KIND, prefix="vector_") == "qk"
if st.session_state.get(K.WORD_B) == -1:
    st.session_state[K.WORD_B] = max(0, n - 3)  # a second word other than the last, if any
c1, c2 = st.columns(2)
with c1:
    a_i = controls.token_picker("word_a", K.WORD_A, tokens)
with c2:
    b_i = controls.token_picker("word_b", K.WORD_B, tokens)
a = (enc.q if use_qk else enc.x)[a_i]
b = (enc.k if use_qk else enc.x)[b_i]

st.markdown(f"**{t('edit_vectors')}**")
nonce_key = "_dot_nonce"
nonce = st.session_state.get(nonce_key, 0)
editor_key = f"dot_editor_{s.text}_{p.model}_{a_i}_{b_i}_{use_qk}_{nonce}"
frame = pd.DataFrame([a, b], index=[t("vec_a"), t("vec_b")], columns=figures.dims(len(a)))
edited = st.data_editor(frame, key=str(hash(editor_key)), width="content")
if st.button(t("reset_vectors"), key="dot_reset"):
    st.session_state[nonce_key] = nonce + 1
    st.rerun()
values = edited.to_numpy(dtype=float, na_value=0.0)
d = dot_breakdown(clean_vector(values[0]), clean_vector(values[1]))

figures.show(
    figures.vectors(
        d.table, [t("vec_a"), t("vec_b"), "A × B"], t("products_table"), p, span=theme.SPAN_FULL
    )
)
figures.show(
    figures.bars(
        d.products,
        figures.dims(len(d.products)),
        t("products"),
        p,
        label_title=t("ax_dim"),
        value_title="A × B",
    )
)
m1, m2 = st.columns(2)
m1.metric(t("dot_result"), f"{d.dot:.4f}")
m2.metric(t("cosine_result"), f"{d.cosine:.4f}")
st.caption(
    t(
        "dot_explain",
        pos=d.positive.size,
        pos_sum=float(d.positive.sum()),
        neg=d.negative.size,
        neg_sum=float(d.negative.sum()),
    )
)
st.caption(t("cosine_explain", na=d.norm_a, nb=d.norm_b))

st.subheader(t("ranked"))
ranked = rank_pairs(enc.q, enc.k)
st.dataframe(
    pd.DataFrame(
        {
            t("rank_query"): [f"{r.query}: {tokens[r.query]}" for r in ranked],
            t("rank_key"): [f"{r.key}: {tokens[r.key]}" for r in ranked],
            t("rank_dot"): [r.dot for r in ranked],
            t("rank_cos"): [r.cosine for r in ranked],
        }
    ),
    hide_index=True,
    height=300,
)
relevance.learned_vs_random(s, len(p.tokens) - 1)  # the last word: "milk" in the article
layout.notice("dot_notice")
