"""Glossary: the dashboard's terms in English and Chinese, each linked to its page."""

import streamlit as st

from app_pages import PAGES
from app_pages.glossary.texts import GLOSSARY
from ui import theme
from ui.i18n import t

NAV = {p.script: p.label_key for p in PAGES}
WIDTHS = [2, 2, 5]  # the link sits under the meaning, in the widest column, so it is never clipped

st.title(t("nav_glossary"))
st.markdown(t("glossary_intro"))

head = st.container(key=theme.COLUMN_HEAD_KEY).columns(WIDTHS)  # hidden on a phone
for col, key in zip(head, ("glossary_term", "glossary_zh", "glossary_meaning"), strict=True):
    col.markdown(f"**{t(key)}**")
for term_id, english, chinese, page in GLOSSARY:
    st.divider()
    row = st.columns(WIDTHS)
    row[0].markdown(f"**{english}**")
    row[1].markdown(chinese)
    row[2].markdown(t(f"gloss_{term_id}"))
    label = t("glossary_see", page=t(NAV[page]))
    row[2].page_link(page, label=label, icon=":material/arrow_forward:")
