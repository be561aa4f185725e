"""Page 2: follow one word's row through every matrix."""

import streamlit as st

from app_pages.rows.params import WORD
from ui import compute, controls, figures, groups, layout, session, theme
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
    word = controls.token_picker("pick_word", WORD, tokens)
    st.caption(t("rows_click_hint"))

    # the point: the followed word's row of weights, as wide as the page
    mark = {"highlight": word, "selectable": True}
    figures.show(figures.weights(p, **mark), key="rows_w", on_point=_pick, main=True)

    slots, fit = layout.grid(5, enc.x.shape[1], per_row=3, min_cell=theme.CELL_MIN_WIDTH)
    mark = {"highlight": word, "selectable": True, **fit}
    vectors = [
        ("x", figures.vectors(enc.x, tokens, figures.x_title(enc, p), p, **mark)),
        ("q", figures.vectors(enc.q, tokens, t("m_q"), p, **mark)),
        ("k", figures.vectors(enc.k, tokens, t("m_k"), p, **mark)),
        ("v", figures.vectors(enc.v, tokens, t("m_v"), p, **mark)),
        ("z", figures.vectors(p.attention.output, tokens, t("m_output"), p, **mark)),
    ]
    for slot, (name, fig) in zip(slots, vectors, strict=True):
        with slot:
            figures.show(fig, key=f"rows_{name}", on_point=_pick)
    groups.weights_section(p)


one_word()
layout.notice("rows_notice")
