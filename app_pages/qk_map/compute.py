"""Page 6b's own cached call: one head's scores as dot products on a 2-D map."""

from __future__ import annotations

import numpy as np
import streamlit as st

from core import qkmap
from core.qkmap import QKMap


@st.cache_data(max_entries=256, show_spinner=False)
def qk_map(scores: np.ndarray, weights: np.ndarray, mask: np.ndarray) -> QKMap:
    """One head's scores, weights [n_q, n_k] and mask (True = seen) on a map (small arrays)."""
    return qkmap.qk_map(scores, weights, mask)
