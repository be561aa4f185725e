"""Page 2: follow one word's row through every matrix."""

import streamlit as st

from app_pages.rows.params import WORD
from ui import compute, controls, figures, fold, groups, layout, session, story_line, theme
from ui.i18n import t

layout.header("rows_intro")
p = compute.pipeline(session.settings())
enc = layout.showing(p)
tokens = enc.tokens


def _pick(point: dict) -> None:
    index = figures.row_of(point)
    if index is not None:
        st.session_state[WORD] = index


@layout.part  # picking a word (in the list or on a chart) re-runs this part only
def one_word() -> None:
    # the point first: the followed word's row of weights, as wide as the page, its last row
    # on a projector's first screen; the word's picker under it
    chart = st.container()
    word = controls.token_picker("pick_word", WORD, tokens)
    st.caption(t("rows_click_hint"))
    mark = {"highlight": word, "selectable": True}
    with chart:
        figures.show(figures.weights(p, **mark), key="rows_w", on_point=_pick, main=True)
        story_line.show(p)

    # the word's row in what goes in (X), what made the weights (Q, K, V) and what they make
    # (Z): a tab each, so the page stays within three projector screens
    (tab_x, x_open), (tab_qkv, qkv_open), (tab_z, z_open) = fold.tabs(
        [t("rows_tab_x"), t("rows_tab_qkv"), t("tab_output")], "rows"
    )
    if x_open:
        with tab_x:
            x = figures.vectors(enc.x, tokens, figures.x_title(enc, p), p, **mark)
            figures.show(x, key="rows_x", on_point=_pick)
    if qkv_open:
        with tab_qkv:
            slots, fit = layout.grid(3, enc.q.shape[1], per_row=3, min_cell=theme.CELL_MIN_WIDTH)
            vectors = [("q", enc.q, t("m_q")), ("k", enc.k, t("m_k")), ("v", enc.v, t("m_v"))]
            for slot, (name, matrix, title) in zip(slots, vectors, strict=True):
                with slot:
                    fig = figures.vectors(matrix, tokens, title, p, **mark, **fit)
                    figures.show(fig, key=f"rows_{name}", on_point=_pick)
    if z_open:
        with tab_z:
            z = figures.vectors(p.attention.output, tokens, t("m_output"), p, **mark)
            figures.show(z, key="rows_z", on_point=_pick)
    groups.weights_section(p)


one_word()
layout.notice("rows_notice")
