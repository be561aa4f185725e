"""Page 3: the learnable matrices, drawn with two seeds side by side."""

import streamlit as st

from core.pipeline import ToyConfig, max_change
from ui import compute, figures, layout, state
from ui.i18n import t
from ui.state import PAGE_PARAMS, K
from ui.theme import SPAN_HALF as HALF

s = state.settings()
layout.header(
    "weights_title",
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

configs = [s.toy, ToyConfig(d_model=s.d_model, d_k=s.d_k, seed=seed_b, positional=s.positional)]
results = [compute.pipeline(s, config=c) for c in configs]
layout.require_tokens(results[0].key_side)
if seed_b == s.seed:
    st.info(t("weights_same_seed"))

columns = st.columns(2)
for col, config, p in zip(columns, configs, results, strict=True):
    proj = p.projection
    with col:
        st.subheader(t("set_a", seed=config.seed))
        for name, w in (("m_wq", proj.w_q), ("m_wk", proj.w_k), ("m_wv", proj.w_v)):
            figures.show(figures.layer_weights(w, t(name), s, span=HALF))
        figures.show(
            figures.word_by_word(
                p.attention.weights,
                p.tokens,
                p.tokens,
                figures.weights_title(s.use_softmax),
                s,
                probabilities=s.use_softmax,
                span=HALF,
            )
        )

change = max_change(results[0].attention.weights, results[1].attention.weights)
st.metric(t("weights_diff_label"), f"{change:.3f}")
layout.notice("weights_notice")
