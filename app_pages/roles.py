"""Page 5: one query word against every key, and its output row built term by term."""

import streamlit as st

from core.pipeline import max_change
from core.similarity import output_breakdown
from ui import compute, figures, layout, state, theme
from ui.i18n import t
from ui.state import K

s = state.settings()
layout.header(
    "nav_roles",
    "roles_intro",
    [K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS],
)
p = compute.pipeline(s)
enc = p.key_side
layout.require_tokens(enc)
tokens = enc.tokens
n = len(tokens)
state.token_index(K.QUERY, n)
st.selectbox(
    t("pick_query"), list(range(n)), format_func=lambda i: f"{i}: {tokens[i]}", key=K.QUERY
)
qi = st.session_state[K.QUERY]
word = tokens[qi]

scores_row = p.attention.scores[qi]  # [n]
weights_row = p.attention.weights[qi]  # [n]
c1, c2 = st.columns(2)
with c1:
    figures.show(
        figures.spec(
            "bars",
            scores_row,
            tokens,
            title=t("roles_scores", word=word),
            label_title=t("ax_key"),
            value_title=t("ax_score"),
            width=theme.BAR_WIDTH_HALF,
        )
    )
with c2:
    figures.show(
        figures.spec(
            "bars",
            weights_row,
            tokens,
            title=t("roles_weights", word=word),
            label_title=t("ax_key"),
            value_title=t("ax_weight"),
            width=theme.BAR_WIDTH_HALF,
        )
    )
parts = output_breakdown(weights_row, enc.v)
best = parts.strongest
st.markdown(
    t(
        "roles_top",
        query=layout.escape_md(word),
        w=float(weights_row[best]),
        key=layout.escape_md(tokens[best]),
    )
)

st.subheader(t("roles_terms"))
term_labels = [t("term_row", w=f"{weights_row[j]:.2f}", word=tokens[j]) for j in range(n)]
figures.show(figures.per_token(parts.terms, term_labels, t("roles_terms_chart"), s))
figures.show(figures.per_token(parts.total[None, :], [word], t("roles_sum", word=word), s))
st.caption(t("roles_check", d=max_change(parts.total, p.attention.output[qi])))

layout.notice("roles_notice")
