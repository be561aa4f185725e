"""Page 5: one query word against every key, and its output row built term by term."""

import streamlit as st

from app_pages.roles.params import QUERY
from core.models import family
from core.pipeline import max_change
from core.similarity import output_breakdown
from ui import compute, controls, figures, layout, relevance, session, theme
from ui.i18n import t

s = session.settings()
layout.header("roles_intro")
p = compute.pipeline(s)
enc = layout.showing(p)
tokens = enc.tokens


def query_rows(qi: int, word: str) -> None:
    """The query's row of scores and of weights, side by side, and what it looks at most."""
    c1, c2 = st.columns(2)
    for col, row, title_key, value_key in (
        (c1, p.attention.scores[qi], "roles_scores", "ax_score"),
        (c2, p.attention.weights[qi], "roles_weights", "ax_weight"),
    ):
        with col:
            fig = figures.bars(
                row,
                tokens,
                t(title_key, word=word),
                p,
                label_title=t("ax_key"),
                value_title=t(value_key),
                width=theme.BAR_WIDTH_HALF,
            ).with_options(main=True)  # both read from the back of the room, at the same size
            figures.show(fig, main=value_key == "ax_weight")  # the point: its weights
    st.markdown(relevance.looks_at(p, qi))
    if family(p.model).random_weights:
        st.caption(t("learned_random_meaningless"))


def output_terms(qi: int, word: str) -> None:
    """The query's output row as the sum of weight × value, one term per key."""
    st.subheader(t("roles_terms"))
    weights_row = p.attention.weights[qi]  # [n]
    parts = output_breakdown(weights_row, enc.v)
    labels = [t("term_row", w=f"{weights_row[j]:.2f}", word=tokens[j]) for j in range(len(tokens))]
    figures.show(figures.vectors(parts.terms, labels, t("roles_terms_chart"), p))
    figures.show(figures.vectors(parts.total[None, :], [word], t("roles_sum", word=word), p))
    st.caption(t("roles_check", d=max_change(parts.total, p.attention.output[qi])))


@layout.part  # picking another query word re-runs this part only
def one_query() -> None:
    qi = controls.token_picker("pick_query", QUERY, tokens)
    query_rows(qi, tokens[qi])
    output_terms(qi, tokens[qi])
    relevance.learned_vs_random(s, qi)


one_query()
layout.notice("roles_notice")
