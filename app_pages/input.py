"""Page 1: tokens -> embeddings -> + positions -> three linear layers -> Q, K, V."""

import pandas as pd
import streamlit as st

from core.pipeline import identical_rows, repeated_pairs
from ui import compute, figures, layout, state
from ui.i18n import t
from ui.state import K
from ui.theme import SPAN_THIRD as THIRD

s = state.settings()
layout.header("input_title", "input_intro", [K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.NUMBERS])
p = compute.pipeline(s)
enc = p.key_side
layout.require_tokens(enc)

st.subheader(t("input_tokens"))
st.dataframe(
    pd.DataFrame([list(enc.tokens)], index=[t("ax_token")], columns=figures.dims(len(enc.tokens)))
)

c1, c2, c3 = st.columns(3)
with c1:
    figures.show(figures.per_token(enc.embedding, enc.tokens, t("m_embedding"), s, span=THIRD))
with c2:
    figures.show(figures.per_token(enc.positions, enc.tokens, t("m_positions"), s, span=THIRD))
with c3:
    figures.show(
        figures.per_token(
            enc.x, enc.tokens, t("m_x") if s.positional else t("m_x_no_pe"), s, span=THIRD
        )
    )

repeats = repeated_pairs(enc.tokens)
same = identical_rows(enc.x)
if same:
    pairs = ", ".join(f"{i}–{j} (“{layout.escape_md(enc.tokens[i])}”)" for i, j in same)
    st.warning(t("identical_rows", pairs=pairs))
elif repeats:
    pairs = ", ".join(f"{i}–{j} (“{layout.escape_md(enc.tokens[i])}”)" for i, j in repeats)
    st.info(t("distinct_rows", pairs=pairs))

c1, c2, c3 = st.columns(3)
for col, matrix, name in ((c1, enc.q, "m_q"), (c2, enc.k, "m_k"), (c3, enc.v, "m_v")):
    with col:
        figures.show(figures.per_token(matrix, enc.tokens, t(name), s, span=THIRD))

layout.notice("input_notice")
