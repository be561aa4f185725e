"""Page 6b's own cached call: one head's queries and keys on a 2-D map."""

from __future__ import annotations

import numpy as np
import streamlit as st

from core import qkmap
from core.qkmap import QKMap


@st.cache_data(max_entries=256, show_spinner=False)
def qk_map(q: np.ndarray, k: np.ndarray) -> QKMap:
    """One head's queries [n_q, d_k] and keys [n_k, d_k] on a 2-D map (small arrays)."""
    return qkmap.qk_map(q, k)
