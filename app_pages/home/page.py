"""Home: what this is, the pipeline at a glance, and every page."""

import streamlit as st

from app_pages import PAGES
from core.models.distilled import STORY_RATES
from ui import compute, figures, groups, layout, session, story_line
from ui.i18n import t
from ui.texts import PIPELINE_STEPS

s = session.settings()
st.title(t("nav_home"))
st.markdown(t("home_intro"))
st.info(t("home_softmax"))

st.subheader(t("home_glance"))
optional = {  # the sidebar's switches
    "pos": s.toy.positional,
    "scale": s.attention.scale,
    "softmax": s.attention.use_softmax,
}
labels = ((t(f"step_{name}"), optional.get(name, True)) for name in PIPELINE_STEPS)
st.markdown("  →  ".join(f"**{label}**" if on else f"~~{label}~~" for label, on in labels))

p = compute.pipeline(s)
if layout.check_tokens(p.key_side):
    st.caption(t("glance_tokens_now", n=len(p.tokens), tokens=""))
    st.code(" | ".join(p.tokens), language=None, wrap_lines=True)
    figures.offer_json(p)
    figures.show(figures.weights(p))
    story_line.show(p)
    groups.weights_section(p)

st.subheader(t("home_pages"))
for page in PAGES[1:]:
    st.page_link(page.script, label=f"{t(page.label_key)} — {t('desc_' + page.label_key)}")
st.caption(t("home_toy", rates=story_line.rates_text(STORY_RATES)))
