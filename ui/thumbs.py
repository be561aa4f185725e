"""Thumbnails of every head's attention, as PNG data URIs for one Vega-Lite image grid."""

from __future__ import annotations

import base64

import numpy as np
import streamlit as st

from core.heads import without_specials
from core.png import colorize, encode_png, upscale
from ui import compute, theme


def _stops() -> np.ndarray:
    return np.array([[int(c[i : i + 2], 16) for i in (1, 3, 5)] for c in theme.THUMB_STOPS])


@st.cache_data(max_entries=64, show_spinner=False)
def head_thumbnails(text: str, hide_specials: bool) -> list[str]:
    """One data URI per (layer, head), in layer-major order, of the softmax weights."""
    result = compute.minilm_run(text)
    uris = []
    for layer_weights in result.weights:
        for matrix in layer_weights:
            if hide_specials:
                matrix, _ = without_specials(matrix, result.tokens)
            if matrix.size == 0:
                matrix = np.zeros((1, 1))
            factor = max(1, theme.THUMB_SIZE // matrix.shape[0])
            png = encode_png(upscale(colorize(matrix, _stops()), factor))
            uris.append("data:image/png;base64," + base64.b64encode(png).decode("ascii"))
    return uris
