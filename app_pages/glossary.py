"""Glossary: the dashboard's terms in English and Chinese, each linked to its page."""

import streamlit as st

from ui.i18n import t
from ui.menu import PAGES
from ui.texts_classroom import GLOSSARY

NAV = {p.script: p.label_key for p in PAGES}

st.title(t("glossary_title"))
st.markdown(t("glossary_intro"))

head = st.columns([3, 3, 6, 3])
for col, key in zip(
    head, ("glossary_term", "glossary_zh", "glossary_meaning", "glossary_see"), strict=True
):
    col.markdown(f"**{t(key)}**")
for term_id, english, chinese, page in GLOSSARY:
    row = st.columns([3, 3, 6, 3], vertical_alignment="center")
    row[0].markdown(english)
    row[1].markdown(chinese)
    row[2].markdown(t(f"gloss_{term_id}"))
    row[3].page_link(page, label=t(NAV[page]), icon=":material/arrow_forward:")
