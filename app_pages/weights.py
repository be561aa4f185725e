"""Page 3: the learnable matrices: the current ones beside random ones from another seed."""

import streamlit as st

from core.pipeline import max_change
from ui import compute, figures, layout, state
from ui.i18n import t
from ui.state import PAGE_PARAMS, K

s = state.settings()
layout.header(
    "nav_weights",
    "weights_intro",
    [K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS],
)
bounds = PAGE_PARAMS[K.SEED_B]
st.number_input(
    t("seed_b"),
    min_value=int(bounds.lo),
    max_value=int(bounds.hi),
    step=1,
    key=K.SEED_B,
    persist_state="session",
)
seed_b = int(st.session_state[K.SEED_B])
first = compute.pipeline(s)
layout.require_tokens(first.key_side)
second = compute.redrawn(s, seed_b)
if s.source == "toy" and seed_b == s.seed:
    st.info(t("weights_same_seed"))
if s.source != "toy":
    st.info(t("weights_learned_vs_random"))

columns, span = layout.grid(2, len(first.tokens), per_row=2)
titles = [
    t(f"set_{s.source}", seed=s.seed, layer=s.layer, head=s.head),
    t("set_random", seed=seed_b),
]
for col, title, p in zip(columns, titles, (first, second), strict=True):
    with col:
        st.subheader(title)
        for name, w in (
            ("m_wq", p.projection.w_q),
            ("m_wk", p.projection.w_k),
            ("m_wv", p.projection.w_v),
        ):
            figures.show(figures.layer_weights(w, t(name), s, span=span))
        figures.show(
            figures.word_by_word(
                p.attention.weights,
                p.tokens,
                p.tokens,
                figures.weights_title(s.use_softmax),
                s,
                probabilities=s.use_softmax,
                span=span,
            )
        )

change = max_change(first.attention.weights, second.attention.weights)
st.metric(t("weights_diff_label"), f"{change:.3f}")
layout.notice("weights_notice")
