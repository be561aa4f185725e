"""Thumbnails of every head's attention, as PNG data URIs for one Vega-Lite image grid."""

from __future__ import annotations

import numpy as np
import streamlit as st

from core.heads import renormalised, without_specials
from ui import real_models
from ui.thumbs import WEIGHT_STOPS, colorize, png_uri, stops


@st.cache_data(max_entries=64, show_spinner=False)
def head_thumbnails(model: str, text: str, hide_specials: bool) -> list[str]:
    """One data URI per (layer, head) of real model `model`, in layer-major order, of the
    softmax weights; with the frame's tokens hidden, each row is renormalised over the words
    left (else most rows go blank)."""
    result = real_models.BY_NAME[model].run(text)
    weights = np.stack(result.weights)  # [layers, heads, n, n]
    if hide_specials:
        weights = renormalised(without_specials(weights, result.tokens)[0])
    if weights.shape[-1] == 0:  # nothing but [CLS] and [SEP]: one blank cell per head
        weights = np.zeros((*weights.shape[:2], 1, 1))
    rgb = colorize(weights, stops(WEIGHT_STOPS))  # [layers, heads, n, n, 3]
    return [png_uri(head) for layer in rgb for head in layer]
