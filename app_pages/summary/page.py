"""Page 8: the whole pipeline for the current sentence on one screen, and a recap."""

import streamlit as st

from ui import compute, figures, fold, groups, layout, relevance, session, story_line, theme
from ui.i18n import t

s = session.settings()
layout.header("summary_intro")
p = compute.pipeline(s)
enc, att = layout.showing(p), p.attention
tok = enc.tokens

# the point first: what each word attends to, as wide as the page
figures.show(figures.weights(p), main=True)
story_line.show(p)

# how the weights were made, and what they make: one tab each, Q·Kᵀ (what they come from) open
(made_of, made_of_open), (factor, factor_open), (output, output_open) = fold.tabs(
    [t("tab_xqkv"), t("summary_tab_scores"), t("tab_output")],
    "summary",
    default=t("summary_tab_scores"),
)
if made_of_open:
    vectors = [
        (enc.x, figures.x_title(enc, p)),
        (enc.q, t("m_q")),
        (enc.k, t("m_k")),
        (enc.v, t("m_v")),
    ]
    with made_of:
        slots, fit = layout.grid(4, enc.x.shape[1], per_row=2, min_cell=theme.CELL_MIN_WIDTH)
        for slot, (matrix, title) in zip(slots, vectors, strict=True):
            with slot:
                figures.show(figures.vectors(matrix, tok, title, p, **fit))
if factor_open:
    word_maps = [
        figures.word_map(att.factor, t("m_factor"), p),
        figures.word_map(att.scores, figures.scores_title(p), p),
    ]
    with factor:
        slots, fit = layout.grid(2, len(tok), per_row=2)
        for slot, fig in zip(slots, word_maps, strict=True):
            with slot:
                figures.show(fig.with_options(**fit))
if output_open:
    with output:
        figures.show(figures.vectors(att.output, tok, t("m_output"), p))
groups.weights_section(p)
st.markdown(t("summary_recap"))
relevance.learned_vs_random(s, len(p.tokens) - 1)  # the last word: "milk" in the article
layout.notice("summary_notice")
