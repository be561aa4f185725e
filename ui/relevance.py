"""Learned relevance beside random weights: what pages 5, 6 and 8 claim needs a model that
learned it. The model trained on page 7 is shown next to the toy model's random weights, with
one computed sentence under each saying where the query looks."""

from __future__ import annotations

import numpy as np
import streamlit as st

from core.compare import shared_range
from core.pipeline import Pipeline
from ui import compute, figures, fold, layout, theme
from ui.i18n import t
from ui.markdown import escape_md
from ui.settings import Settings


def strongest_key(p: Pipeline, query: int) -> tuple[int, float]:
    """The key the query row gives its largest weight, and that weight."""
    row = p.attention.weights[query]  # [n_k]
    best = int(np.argmax(row))
    return best, float(row[best])


def strongest_other_key(p: Pipeline, query: int) -> tuple[int, float] | None:
    """The key other than the query itself with the row's largest weight (None: no other)."""
    row = np.array(p.attention.weights[query], dtype=float)  # [n_k]
    if query < row.size:
        row[query] = -np.inf
    if row.size < 2 or not np.isfinite(row).any():
        return None
    best = int(np.argmax(row))
    return best, float(row[best])


def looks_at(p: Pipeline, query: int) -> str:
    """One sentence, computed from the result: where the query word looks most, saying that the
    word itself counts, and when the word itself comes first, which other word follows."""
    best, weight = strongest_key(p, query)
    tokens = p.key_side.tokens
    word = escape_md(p.query_side.tokens[query])
    other = strongest_other_key(p, query) if best == query and not p.is_cross else None
    if other is None:
        return t("roles_top", query=word, w=weight, key=escape_md(tokens[best]))
    j, w_j = other
    return t("roles_top_self", query=word, w=weight, key=escape_md(tokens[j]), w2=w_j)


def learned_vs_random(s: Settings, query: int) -> None:
    """The query's weights row on the trained model and on random weights, one above the other,
    folded under the page's own charts."""
    box, built = fold.expander(t("learned_heading"), "learned", icon=":material/compare_arrows:")
    if built:
        with box:
            _learned_vs_random(s, query)


def _learned_vs_random(s: Settings, query: int) -> None:
    st.markdown(t("learned_intro"))
    trained = compute.pipeline(s, model="trained")
    random = compute.pipeline(s, model="toy")
    if not trained.tokens:
        return
    query = min(query, len(trained.tokens) - 1)
    layout.trained_unknown_note(trained.tokens, s)
    word = trained.query_side.tokens[query]
    rows = [p.attention.weights[query] for p in (trained, random)]
    domain = shared_range(*rows, zero=True)  # one axis: flat random weights look flat
    pair = [
        figures.bars(
            p.attention.weights[query],
            p.key_side.tokens,
            t(title_key, word=word),
            p,
            label_title=t("ax_key"),
            value_title=t("ax_weight"),
            width=theme.BAR_WIDTH_FULL,
            domain=domain,
        )
        for p, title_key in ((trained, "learned_trained"), (random, "learned_random"))
    ]
    # one above the other, as wide and on one axis: the random row's flatness is seen at once
    for p, fig in zip((trained, random), pair, strict=True):
        figures.show(fig)
        st.markdown(looks_at(p, query))
    st.caption(t("learned_random_meaningless"))
