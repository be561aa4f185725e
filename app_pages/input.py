"""Page 1: tokens -> embeddings -> + positions -> three linear layers -> Q, K, V."""

import pandas as pd
import streamlit as st

from core.pipeline import identical_rows, repeated_pairs
from ui import compute, figures, layout, state, theme
from ui.i18n import t
from ui.state import K

s = state.settings()
layout.header("nav_input", "input_intro", [K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.NUMBERS])
p = compute.pipeline(s)
enc = p.key_side
layout.require_tokens(enc)

st.subheader(t("input_tokens"))
st.dataframe(
    pd.DataFrame([list(enc.tokens)], index=[t("ax_token")], columns=figures.dims(len(enc.tokens)))
)

inputs = (
    (enc.embedding, t("m_embedding")),
    (enc.positions, figures.positions_title(s)),
    (enc.x, figures.x_title(enc, s)),
)
slots, span = layout.grid(3, enc.x.shape[1], per_row=3, min_cell=theme.CELL_MIN_WIDTH)
for slot, (matrix, title) in zip(slots, inputs, strict=True):
    with slot:
        figures.show(figures.per_token(matrix, enc.tokens, title, s, span=span))

repeats = repeated_pairs(enc.tokens)
same = identical_rows(enc.x)
if repeats or same:
    pairs = t("list_sep").join(
        t("row_pair", i=i, j=j, word=layout.escape_md(enc.tokens[i])) for i, j in same or repeats
    )
    if same:
        st.warning(t("identical_rows", pairs=pairs))
    else:
        st.info(t("distinct_rows" if s.source == "toy" else "distinct_rows_learned", pairs=pairs))

slots, span = layout.grid(3, enc.q.shape[1], per_row=3, min_cell=theme.CELL_MIN_WIDTH)
for slot, (matrix, name) in zip(
    slots, ((enc.q, "m_q"), (enc.k, "m_k"), (enc.v, "m_v")), strict=True
):
    with slot:
        figures.show(figures.per_token(matrix, enc.tokens, t(name), s, span=span))

layout.notice("input_notice")
