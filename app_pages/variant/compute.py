"""Change one word's own cached call: how far each head moved from sentence A to B."""

from __future__ import annotations

import streamlit as st

from core import variant
from core.variant import Variant
from ui.compute import minilm_run


@st.cache_resource(max_entries=32, show_spinner=False)
def head_variant(text_a: str, text_b: str) -> Variant:
    """How far each of the 72 heads moved from sentence A to sentence B (shared, read-only)."""
    return variant.variant(minilm_run(text_a), minilm_run(text_b))
