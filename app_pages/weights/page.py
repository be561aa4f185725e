"""Page 3: the learnable matrices: the current ones beside random ones from another seed."""

import streamlit as st

from app_pages.weights.params import PARAMS, SEED_B
from core.models import family
from core.pipeline import max_change
from ui import compute, controls, figures, fold, layout, session
from ui.i18n import t

s = session.settings()
layout.header("weights_intro")
first = compute.pipeline(s)
layout.showing(first)
point = st.container()  # the point first: both sets' weights; the second seed under them
seed_b = controls.bounded_number("seed_b", PARAMS[SEED_B])
second = compute.random_weights(first, seed_b)
random = family(first.model).random_weights  # the toy: both sets drawn from a seed
if random and seed_b == first.model.seed:
    st.info(t("weights_same_seed"))
if not random:
    st.info(t("weights_learned_vs_random"))

m = first.model  # the default model learned from heads of one layer: m.heads, not m.head
heads = figures.heads_label(m.heads)
titles = [
    t(f"set_{s.model}", seed=m.seed, layer=m.layer, head=m.head, heads=heads),
    t("set_random", seed=seed_b),
]
with point:
    columns, fit = layout.grid(2, len(first.tokens), per_row=2)
    # both drawn as large as a main chart, the first is the page's; each set named under it
    pair = [figures.weights(p, **fit).with_options(main=True) for p in (first, second)]
    align = figures.title_lines(pair)  # both plots start at the same height
    for col, fig, title, p in zip(columns, pair, titles, (first, second), strict=True):
        with col:
            figures.show(fig, main=p is first, align=align)
            st.markdown(f"**{title}**")
    change = max_change(first.attention.weights, second.attention.weights)
    st.metric(t("weights_diff_label"), f"{change:.3f}")

# the matrices that made them, one tab each: the model's set beside the random one
for (tab, built), (name, matrix_of) in zip(
    fold.tabs([t("m_wq"), t("m_wk"), t("m_wv")], "weights"),
    (
        ("m_wq", lambda p: p.projection.w_q),
        ("m_wk", lambda p: p.projection.w_k),
        ("m_wv", lambda p: p.projection.w_v),
    ),
    strict=True,
):
    if not built:
        continue
    with tab:
        columns, fit = layout.grid(2, first.projection.w_q.shape[1], per_row=2)
        for col, p in zip(columns, (first, second), strict=True):
            with col:
                figures.show(figures.layer_weights(matrix_of(p), t(name), p, **fit))
layout.notice("weights_notice")
