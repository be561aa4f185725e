"""Page 7: watch a one-layer attention model learn which words matter, trained live.

Two modes, one file each: learn_task.py (relevance emerges from guessing a hidden word) and
learn_relevance.py (the user sets the relevance, training obliges).
"""

import streamlit as st

from app_pages import learn_relevance, learn_task
from ui import controls, state
from ui.i18n import t
from ui.state import K

s = state.settings()
st.title(t("nav_learn"))
st.markdown(t("learn_intro"))
left, right = st.columns([2, 3], gap="medium")  # controls beside the chart: both in view
with left:
    mode = controls.choice("learn_mode", ["task", "relevance"], K.LEARN_MODE, prefix="learn_mode_")
if mode == "task":
    learn_task.show(s, left, right)
else:
    learn_relevance.show(s, right)
