"""Page 4: Q·Kᵀ, scaling and temperature, mask, softmax off vs on, then × V."""

import pandas as pd
import streamlit as st

from app_pages.score.params import DECODER_TEXT, ENCODER_TEXT, KIND
from app_pages.score.questions import QUESTIONS
from core.compare import shared_extent
from core.params import MAX_TEXT_CHARS
from core.pipeline import row_sums, value_range
from ui import (
    compute,
    controls,
    figures,
    fold,
    groups,
    layout,
    predict,
    session,
    story_line,
    tables,
)
from ui.i18n import t
from ui.text_box import text_box
from ui.theme import CELL_MIN_WIDTH

s = session.settings()
layout.header("score_intro")
point = st.container()  # the point first: the factor matrix; the kind of attention under it

kind = controls.choice("kind", ["self", "causal", "cross"], KIND, prefix="kind_")
st.caption(t(f"kind_{kind}_help"))

text, query_text = s.text, None
if kind == "cross":
    c1, c2 = st.columns(2)
    text_box(t("source"), ENCODER_TEXT, MAX_TEXT_CHARS, where=c1, persist_state="session")
    text_box(t("target"), DECODER_TEXT, MAX_TEXT_CHARS, where=c2, persist_state="session")
    text, query_text = st.session_state[ENCODER_TEXT], st.session_state[DECODER_TEXT]
terms, terms_open = fold.expander(t("score_terms_title"), "score_terms")
if terms_open:
    terms.markdown(t("score_terms_note"))

switches = s.attention.replace(causal=kind == "causal")
off = compute.pipeline(
    s, text=text, query_text=query_text, attention=switches.replace(use_softmax=False)
)
on = compute.pipeline(
    s, text=text, query_text=query_text, attention=switches.replace(use_softmax=True)
)
layout.require_tokens(on.key_side)
if query_text is not None:
    layout.require_tokens(on.query_side)
figures.offer_json(on if s.attention.use_softmax else off)
with point:
    predict.ask_all(QUESTIONS, on if s.attention.use_softmax else off)
    st.subheader(t("score_step1"))
    figures.show(figures.word_map(on.attention.factor, t("m_factor"), on), main=True)

# the later steps in tabs, softmax off vs on (the page's second point) open: three screens at most
(tab2, tab2_open), (tab3, tab3_open), (tab4, tab4_open) = fold.tabs(
    [t("score_tab2"), t("score_tab3"), t("score_tab4")], "score", default=t("score_tab3")
)
if tab2_open:
    with tab2:
        figures.show(figures.word_map(on.attention.scores, figures.scores_title(on), on))

if tab3_open:
    with tab3:
        st.markdown(t("score_sidebar_now", state=t("on") if s.attention.use_softmax else t("off")))
        (c_off, c_on), fit = layout.grid(2, len(on.key_side.tokens), per_row=2)
        pair = [figures.weights(p, **fit) for p in (off, on)]
        align = figures.title_lines(pair)  # both plots start at the same height
        for col, p, fig, range_key in (
            (c_off, off, pair[0], "range_off"),
            (c_on, on, pair[1], "range_on"),
        ):
            with col:
                figures.show(fig, align=align)
                lo, hi = value_range(p.attention.weights)
                st.caption(t(range_key, lo=lo, hi=hi))
        story_line.show(on)  # with softmax on: whether this sentence's object looks at its verb

        sums, sums_open = fold.expander(t("row_sums"), "row_sums")
        if sums_open:
            with sums:
                tables.show(
                    pd.DataFrame(
                        {
                            t("ax_query"): list(on.query_side.tokens),
                            t("col_sum_off"): row_sums(off.attention.weights),
                            t("col_sum_on"): row_sums(on.attention.weights),
                        }
                    ),
                    "row-sums",
                    hide_index=True,
                )
        groups.weights_section(on)

if tab4_open:
    with tab4:
        d_v = on.attention.output.shape[1]
        (c_off, c_on), fit = layout.grid(2, d_v, per_row=2, min_cell=CELL_MIN_WIDTH)
        # compared: one colour scale
        extent = shared_extent(off.attention.output, on.attention.output)
        pair = [
            figures.vectors(
                p.attention.output, p.query_side.tokens, t(title_key), p, **fit, domain_max=extent
            )
            for p, title_key in ((off, "out_off"), (on, "out_on"))
        ]
        align = figures.title_lines(pair)
        for col, fig in zip((c_off, c_on), pair, strict=True):
            with col:
                figures.show(fig, align=align)

layout.notice("score_notice")
