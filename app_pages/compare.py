"""Compare: two sentences, or one sentence under two settings, on one colour scale."""

import dataclasses

import streamlit as st

from core.compare import difference, first_difference, shared_extent
from ui import compute, controls, figures, layout, state
from ui.i18n import t
from ui.state import K

s = state.settings()
layout.header(
    "nav_compare",
    "compare_intro",
    [K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS],
)
mode = controls.choice("cmp_mode", ["sentences", "settings"], K.CMP_MODE, prefix="cmp_mode_")
matrix_name = controls.choice(
    "cmp_matrix", ["scores", "weights", "output"], K.CMP_MATRIX, prefix="cmp_matrix_"
)

if mode == "sentences":
    c1, c2 = st.columns(2)
    c1.text_input(t("cmp_sentence_a"), key=K.CMP_A, persist_state="session")
    c2.text_input(t("cmp_sentence_b"), key=K.CMP_B, persist_state="session")
    sa = dataclasses.replace(s, text=st.session_state[K.CMP_A])
    sb = dataclasses.replace(s, text=st.session_state[K.CMP_B])
else:
    setting = controls.choice(
        "cmp_setting",
        ["softmax", "scale", "pe", "seed", "source"],
        K.CMP_SETTING,
        prefix="cmp_setting_",
    )
    sa, sb = s, state.flipped(s, setting)

pa, pb = compute.pipeline(sa), compute.pipeline(sb)
layout.require_tokens(pa.key_side)
layout.require_tokens(pb.key_side, notes=False)


def pick(p, settings):
    if matrix_name == "output":
        return p.attention.output, False
    if matrix_name == "weights":
        return p.attention.weights, settings.use_softmax
    return p.attention.scores, False


(ma, prob_a), (mb, prob_b) = pick(pa, sa), pick(pb, sb)
both_prob = prob_a and prob_b
extent = 1.0 if both_prob else shared_extent(ma, mb)
st.caption(t("cmp_same_scale"))
(col_a, col_b), span = layout.grid(2, max(len(pa.tokens), len(pb.tokens)), per_row=2)
for col, m, p, settings, key in (
    (col_a, ma, pa, sa, "cmp_label_a"),
    (col_b, mb, pb, sb, "cmp_label_b"),
):
    with col:
        title = t(key, what=t(f"cmp_matrix_{matrix_name}"))
        q_tok, k_tok = p.query_side.tokens, p.key_side.tokens
        if matrix_name == "output":
            chart = figures.per_token(m, q_tok, title, settings, span=span, domain_max=extent)
        else:
            chart = figures.word_by_word(
                m,
                q_tok,
                k_tok,
                title,
                settings,
                probabilities=both_prob,
                span=span,
                domain_max=extent,
            )
        figures.show(chart)

gap = first_difference(pa.tokens, pb.tokens)
if (
    gap is not None
    and len(pa.tokens) != len(pb.tokens)
    and gap == min(len(pa.tokens), len(pb.tokens))
):
    st.info(t("cmp_no_diff_length", na=len(pa.tokens), nb=len(pb.tokens)))
elif gap is not None:
    st.info(
        t(
            "cmp_no_diff_tokens",
            i=gap,
            a=layout.escape_md(pa.tokens[gap]),
            b=layout.escape_md(pb.tokens[gap]),
        )
    )
elif ma.shape != mb.shape:
    st.info(t("cmp_no_diff_width", da=ma.shape[1], db=mb.shape[1]))
else:
    diff = difference(ma, mb)
    title = t("cmp_diff")
    tokens = pa.tokens
    if matrix_name == "output":
        figures.show(figures.per_token(diff, tokens, title, s))
    else:
        figures.show(figures.word_by_word(diff, tokens, tokens, title, s))
    st.metric(t("cmp_diff_max"), f"{shared_extent(diff):.4f}")

layout.notice("cmp_notice")
