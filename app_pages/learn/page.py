"""Page 7: watch a one-layer attention model learn which words matter, trained live.

Two modes, one file each: task.py (relevance emerges from guessing a hidden word) and
relevance.py (the user sets the relevance, training obliges).
"""

import streamlit as st

from app_pages.learn import relevance, task
from app_pages.learn.params import LEARN_MODE
from ui import controls, session
from ui.i18n import t

s = session.settings()
st.title(t("nav_learn"))
st.markdown(t("learn_intro"))
left, right = st.columns([2, 3], gap="medium")  # controls beside the chart: both in view
with left:
    mode = controls.choice("learn_mode", ["task", "relevance"], LEARN_MODE, prefix="learn_mode_")
if mode == "task":
    task.show(s, left, right)
else:
    relevance.show(s, right)
