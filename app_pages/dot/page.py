"""Page 6: a dot product, term by term; dot vs cosine; the sentence's pairs ranked by q·k."""

import numpy as np
import pandas as pd
import streamlit as st

from app_pages.dot.params import VEC_A, VEC_B, VECTOR_KIND, WORD_A, WORD_B
from core.params import MAX_TEXT_CHARS
from core.similarity import (
    MAX_VECTOR_CHARS,
    dot_breakdown,
    format_vector,
    parse_vector,
    rank_pairs,
    related_words,
)
from ui import compute, controls, figures, fold, layout, relevance, session, tables, theme
from ui.i18n import t
from ui.markdown import escape_md
from ui.text_box import text_box

_BASIS = "_dot_basis"  # the sentence, model and words the typed vectors belong to


def _reset() -> None:
    st.session_state[VEC_A] = st.session_state[VEC_B] = ""


def _typed(key: str, box: str) -> None:
    st.session_state[key] = st.session_state[box]  # already cut to the box's limit (text_box)


def vector_box(name_key: str, key: str, model_vector: np.ndarray) -> np.ndarray:
    """A text box holding one vector (kept in the link under `key`); what it holds, or the
    model's vector while the box is empty, unchanged or unreadable (then saying why)."""
    shown = format_vector(model_vector)
    box = f"{key}_box"
    wanted = st.session_state.get(key) or shown
    if st.session_state.get(box) != wanted:
        st.session_state[box] = wanted
    d = len(model_vector)
    name = t(name_key)
    typed = text_box(
        t("vector_box", name=name, d=d),
        box,
        MAX_TEXT_CHARS,  # whatever a client sends, the box's limit bounds the work
        help=t("vector_box_help"),
        on_change=_typed,
        args=(key, box),
    )
    st.session_state[key] = "" if typed.strip() in ("", shown) else typed
    if not st.session_state[key]:
        return model_vector
    parsed = parse_vector(typed, d)
    if parsed.values is None:
        detail = escape_md(parsed.detail)
        why = t(
            f"vector_{parsed.problem}",
            name=name,
            word=detail,
            got=detail,
            d=d,
            limit=MAX_VECTOR_CHARS,
        )
        st.warning(t("vector_model_used", why=why))
        return model_vector
    return parsed.values


s = session.settings()
layout.header("dot_intro")
p = compute.pipeline(s)
enc = layout.showing(p)
tokens = enc.tokens

# the two words, and under them the point, on a projector's first screen: the terms, then their
# sum and cosine; then the controls that change them (each box is filled once it is known)
pickers, chart, numbers = st.container(), st.container(), st.container()
use_qk = controls.choice("vector_kind", ["qk", "x"], VECTOR_KIND, prefix="vector_") == "qk"
queries, keys = (enc.q, enc.k) if use_qk else (enc.x, enc.x)
related = related_words(queries, keys, session.token_index(WORD_A, tokens))
# the page opens on word A's most related word, and so does a new sentence
if st.session_state.get(WORD_B) == -1 or session.pick_moved(WORD_B, tokens):
    session.set_pick(WORD_B, related.most if related else 0, tokens)
c1, c2 = pickers.columns(2)
with c1:
    a_i = controls.token_picker("word_a", WORD_A, tokens)
with c2:
    b_i = controls.token_picker("word_b", WORD_B, tokens)
a = queries[a_i]
b = keys[b_i]

basis = (s.text, p.model, a_i, b_i, use_qk)
if st.session_state.get(_BASIS, basis) != basis:  # other words: start from their own vectors
    st.session_state[VEC_A] = st.session_state[VEC_B] = ""
st.session_state[_BASIS] = basis
typed_any = bool(st.session_state.get(VEC_A) or st.session_state.get(VEC_B))
with st.expander(t("edit_vectors"), expanded=typed_any):  # folded: the result comes first
    c1, c2 = st.columns(2)
    with c1:
        a = vector_box("vec_a", VEC_A, a)
    with c2:
        b = vector_box("vec_b", VEC_B, b)
    st.button(t("reset_vectors"), key="dot_reset", on_click=_reset)
d = dot_breakdown(a, b)

m1, m2, m3 = numbers.columns(3)
m1.metric(t("dot_result"), f"{d.dot:.4f}")
m2.metric(t("cosine_result"), f"{d.cosine:.4f}")
related = related_words(queries, keys, a_i)
if related is not None:  # the unrelated end of the same row, for contrast
    m3.metric(
        t("dot_least", word=escape_md(tokens[related.least])),
        f"{float(a @ keys[related.least]):.4f}",
    )
stage = figures.FACTOR if use_qk else figures.INPUTS  # q·k is a term of Q·Kᵀ: no softmax yet
with chart:
    figures.show(
        figures.vectors(
            d.table,
            [t("vec_a"), t("vec_b"), "A × B"],
            t("products_table"),
            p,
            span=theme.SPAN_FULL,
            stage=stage,
        ),
        main=True,  # the point: each term's sign, under the two vectors
    )
figures.show(
    figures.bars(
        d.products,
        figures.dims(len(d.products)),
        t("products"),
        p,
        label_title=t("ax_dim"),
        value_title="A × B",
        width=theme.BAR_WIDTH_FULL,  # alone on its row
        stage=stage,
    )
)
st.caption(
    t(
        "dot_explain",
        pos=d.positive.size,
        pos_sum=float(d.positive.sum()),
        neg=d.negative.size,
        neg_sum=float(d.negative.sum()),
    )
)
st.caption(t("cosine_explain", na=d.norm_a, nb=d.norm_b))

ranked_box, ranked_open = fold.expander(
    t("ranked"), "ranked", icon=":material/format_list_numbered:"
)
if ranked_open:
    ranked = rank_pairs(enc.q, enc.k)
    with ranked_box:
        tables.show(
            pd.DataFrame(
                {
                    t("rank_query"): [f"{r.query}: {tokens[r.query]}" for r in ranked],
                    t("rank_key"): [f"{r.key}: {tokens[r.key]}" for r in ranked],
                    t("rank_dot"): [r.dot for r in ranked],
                    t("rank_cos"): [r.cosine for r in ranked],
                }
            ),
            "ranked-pairs",
            hide_index=True,
            height=300,
        )
relevance.learned_vs_random(s, len(p.tokens) - 1)  # the last word: "milk" in the article
layout.notice("dot_notice")
