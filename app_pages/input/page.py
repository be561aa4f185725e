"""Page 1: tokens -> embeddings -> + positions -> three linear layers -> Q, K, V."""

import pandas as pd
import streamlit as st

from core.models import family
from core.pipeline import identical_rows, repeated_pairs
from ui import compute, figures, fold, layout, session, tables, theme
from ui.i18n import t
from ui.markdown import escape_md

s = session.settings()
p = compute.pipeline(s)
kind = family(p.model)
layered = kind.layered  # a real model's layer: X is that layer's input
switchable = kind.random_weights  # the toy's positions can be switched off; the others' cannot
positions = t("positions_learned" if kind.learned_positions else "positions_sinusoidal")
layout.header("input_intro_minilm" if layered else "input_intro", positions=positions)
enc = layout.showing(p)

# the point first: X, what attention receives, as wide as the page
figures.show(figures.vectors(enc.x, enc.tokens, figures.x_title(enc, p), p), main=True)

token_row, token_row_open = fold.expander(t("input_tokens"), "input_tokens")
if token_row_open:
    with token_row:
        tables.show(
            pd.DataFrame(
                [list(enc.tokens)], index=[t("ax_token")], columns=figures.dims(len(enc.tokens))
            ),
            "tokens",
        )

# what X is made of: the embedding plus the positions
slots, fit = layout.grid(2, enc.x.shape[1], per_row=2, min_cell=theme.CELL_MIN_WIDTH)
parts = ((enc.embedding, t("m_embedding")), (enc.positions, figures.positions_title(p.model)))
for slot, (matrix, title) in zip(slots, parts, strict=True):
    with slot:
        figures.show(figures.vectors(matrix, enc.tokens, title, p, **fit))

repeats = repeated_pairs(enc.tokens)
same = identical_rows(enc.x)
if repeats or same:
    pairs = t("list_sep").join(
        t("row_pair", i=i, j=j, word=escape_md(enc.tokens[i])) for i, j in same or repeats
    )
    if same:
        st.warning(t("identical_rows", pairs=pairs))
    else:
        why = t("distinct_rows", pairs=pairs)
        st.info(t("distinct_rows_try", why=why) if switchable else why)

slots, fit = layout.grid(3, enc.q.shape[1], per_row=3, min_cell=theme.CELL_MIN_WIDTH)
for slot, (matrix, name) in zip(
    slots, ((enc.q, "m_q"), (enc.k, "m_k"), (enc.v, "m_v")), strict=True
):
    with slot:
        figures.show(figures.vectors(matrix, enc.tokens, t(name), p, **fit))

if layered:
    layout.notice("input_notice_minilm")
else:
    layout.notice("input_notice", *(["input_notice_pe"] if switchable else []))
