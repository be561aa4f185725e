"""Compare: two sentences, or one sentence under two settings, and their difference."""

import dataclasses

import streamlit as st

from app_pages.compare.params import CMP_A, CMP_B, CMP_MATRIX, CMP_MODE, CMP_SETTING
from core.compare import difference_by_position, shared_extent
from core.models import family
from core.params import MAX_TEXT_CHARS
from core.pipeline import Pipeline
from ui import compute, controls, figures, layout, session
from ui.i18n import t
from ui.markdown import escape_md
from ui.settings import flipped
from ui.text_box import text_box

s = session.settings()
layout.header("compare_intro")
point = st.container()  # the point first: the difference; what is compared under it
mode = controls.choice("cmp_mode", ["sentences", "settings"], CMP_MODE, prefix="cmp_mode_")
matrix_name = controls.choice(
    "cmp_matrix", ["scores", "weights", "output"], CMP_MATRIX, prefix="cmp_matrix_"
)

if mode == "sentences":
    c1, c2 = st.columns(2)
    text_box(t("cmp_sentence_a"), CMP_A, MAX_TEXT_CHARS, where=c1, persist_state="session")
    text_box(t("cmp_sentence_b"), CMP_B, MAX_TEXT_CHARS, where=c2, persist_state="session")
    pa = compute.pipeline(s, text=st.session_state[CMP_A])
    pb = compute.pipeline(s, text=st.session_state[CMP_B])
else:
    setting = controls.choice(
        "cmp_setting",
        ["softmax", "scale", "pe", "seed", "source"],
        CMP_SETTING,
        prefix="cmp_setting_",
    )
    pa, pb = compute.pipeline(s), compute.pipeline(flipped(s, setting))
    if setting in ("pe", "seed") and s.model != "toy":  # they shape the random model only
        st.caption(t("pe_fixed", toy=t("source_toy")) if setting == "pe" else t("toy_only"))
layout.require_tokens(pa.key_side)
layout.require_tokens(pb.key_side, notes=False)
figures.offer_json(pa)


def kind(p: Pipeline) -> str:
    """What the chosen matrix holds for this result: weights with softmax off are scores."""
    if matrix_name == "weights" and p.settings.use_softmax:
        return "weights"
    return "output" if matrix_name == "output" else "scores"


def matrix(p: Pipeline):
    a = p.attention
    return {"scores": a.scores, "weights": a.weights, "output": a.output}[matrix_name]


ka, kb = kind(pa), kind(pb)
same_kind = ka == kb
with point:
    same_tokenizer = family(pa.model).tokenizer == family(pb.model).tokenizer
    if not same_kind:
        st.info(t("cmp_no_diff_kinds", a=t(f"cmp_kind_{ka}"), b=t(f"cmp_kind_{kb}")))
    elif not same_tokenizer:
        st.info(t("cmp_no_diff_tokenizers"))
    elif matrix_name == "output" and matrix(pa).shape[1] != matrix(pb).shape[1]:
        st.info(t("cmp_no_diff_width", da=matrix(pa).shape[1], db=matrix(pb).shape[1]))
    else:
        diff = difference_by_position(
            matrix(pa), matrix(pb), pa.tokens, pb.tokens, square=matrix_name != "output"
        )
        if diff.cut or diff.labels != tuple(pa.tokens):
            st.caption(t("cmp_aligned", n=len(diff.labels)))
        title = t("cmp_diff_title", what=t(f"cmp_kind_{ka}"))
        if matrix_name == "output":
            fig = figures.vectors(diff.matrix, diff.labels, title, pa)
        else:
            stage = figures.SCORES if matrix_name == "scores" else None  # a difference of scores
            fig = figures.word_map(
                diff.matrix,
                title,
                pa,
                query_tokens=diff.labels,
                key_tokens=diff.labels,
                stage=stage,
            )
        # the legend names what is drawn: a difference, not the scores or weights themselves
        legend = t("cmp_diff_legend", what=t(f"cmp_kind_{ka}"))
        figures.show(dataclasses.replace(fig, value_title=legend), main=True)
        where = diff.labels[diff.row]
        st.markdown(
            t("cmp_diff_where", d=diff.largest, row=escape_md(where))
            if diff.largest > 0
            else t("cmp_diff_none")
        )

extent = shared_extent(matrix(pa), matrix(pb)) if same_kind and ka != "weights" else None
st.caption(t("cmp_same_scale") if same_kind else t("cmp_own_scales"))
(col_a, col_b), fit = layout.grid(2, max(len(pa.tokens), len(pb.tokens)), per_row=2)
for col, p, label_key in ((col_a, pa, "cmp_label_a"), (col_b, pb, "cmp_label_b")):
    with col:
        title = t(label_key, what=t(f"cmp_kind_{kind(p)}"))
        if matrix_name == "output":
            fig = figures.vectors(
                matrix(p), p.query_side.tokens, title, p, **fit, domain_max=extent
            )
        else:
            fig = figures.word_map(
                matrix(p),
                title,
                p,
                probabilities=kind(p) == "weights",
                **fit,
                domain_max=extent,
            )
        figures.show(fig)

layout.notice(f"cmp_notice_{mode}")
