"""Home: what this is, the pipeline at a glance, and every page."""

import streamlit as st

from ui import compute, figures, layout, state
from ui.i18n import t
from ui.menu import PAGES

s = state.settings()
st.title(t("home_title"))
st.markdown(t("home_intro"))
st.info(t("home_softmax"))

st.subheader(t("home_glance"))
steps = [
    ("glance_tokens", True),
    ("glance_embed", True),
    ("glance_pos", s.toy.positional),
    ("glance_qkv", True),
    ("glance_factor", True),
    ("glance_scale", s.attention.scale),
    ("glance_softmax", s.attention.use_softmax),
    ("glance_out", True),
]
st.markdown("  →  ".join(f"**{t(k)}**" if on else f"~~{t(k)}~~" for k, on in steps))

p = compute.pipeline(s)
if layout.check_tokens(p.key_side):
    st.caption(t("glance_tokens_now", n=len(p.tokens), tokens=""))
    st.code(" | ".join(p.tokens), language=None, wrap_lines=True)
    figures.offer_json(p)
    figures.show(figures.weights(p))

st.subheader(t("home_pages"))
for page in PAGES[1:]:
    st.page_link(page.script, label=f"{t(page.label_key)} — {t('desc_' + page.label_key)}")
st.caption(t("home_toy"))
