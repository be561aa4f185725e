"""Change one word's own cached call: how far each head moved from sentence A to B."""

from __future__ import annotations

import streamlit as st

from core import variant
from core.variant import Variant
from ui.real_models import BY_NAME


@st.cache_resource(max_entries=32, show_spinner=False)
def head_variant(model: str, text_a: str, text_b: str) -> Variant:
    """How far each head of real model `model` moved from sentence A to sentence B (shared,
    read-only)."""
    real = BY_NAME[model]
    return variant.variant(real.run(text_a), real.run(text_b))
