"""Page 3: the learnable matrices: the current ones beside random ones from another seed."""

import streamlit as st

from app_pages.weights.compute import random_weights
from app_pages.weights.params import PARAMS, SEED_B
from core.pipeline import max_change
from ui import compute, controls, figures, layout, session
from ui.i18n import t

s = session.settings()
layout.header("weights_intro")
seed_b = controls.bounded_number("seed_b", PARAMS[SEED_B])
first = compute.pipeline(s)
layout.showing(first)
second = random_weights(first, seed_b)
if first.model.kind == "toy" and seed_b == first.model.seed:
    st.info(t("weights_same_seed"))
if first.model.kind != "toy":
    st.info(t("weights_learned_vs_random"))

columns, fit = layout.grid(2, len(first.tokens), per_row=2)
titles = [
    t(f"set_{s.model}", seed=first.model.seed, layer=first.model.layer, head=first.model.head),
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
            figures.show(figures.layer_weights(w, t(name), p, **fit))
        figures.show(figures.weights(p, **fit))

change = max_change(first.attention.weights, second.attention.weights)
st.metric(t("weights_diff_label"), f"{change:.3f}")
layout.notice("weights_notice")
