"""Page 3's own cached call: the same inputs through the random weights of another seed."""

from __future__ import annotations

import streamlit as st

from core.pipeline import Pipeline, with_random_weights


@st.cache_data(max_entries=128, show_spinner=False)
def random_weights(p: Pipeline, seed: int) -> Pipeline:
    """`p`'s inputs X through random W_Q, W_K, W_V drawn from `seed`."""
    return with_random_weights(p, seed)
