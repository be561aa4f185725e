"""Thumbnails of every head's attention, as PNG data URIs for one Vega-Lite image grid."""

from __future__ import annotations

import base64
import io

import numpy as np
import streamlit as st
from PIL import Image

from core.heads import renormalised, without_specials
from ui import compute, theme


def _stops() -> np.ndarray:
    return np.array([[int(c[i : i + 2], 16) for i in (1, 3, 5)] for c in theme.THUMB_STOPS])


def colorize(values: np.ndarray, stops: np.ndarray) -> np.ndarray:
    """[h, w] values in 0..1 -> [h, w, 3] uint8, interpolating the [k, 3] colour stops."""
    v = np.clip(np.nan_to_num(values, nan=0.0), 0.0, 1.0)
    position = v * (len(stops) - 1)  # [h, w]
    low = np.floor(position).astype(int).clip(0, len(stops) - 2)
    frac = (position - low)[..., None]  # [h, w, 1]
    rgb = stops[low] * (1 - frac) + stops[low + 1] * frac
    return np.round(rgb).astype(np.uint8)


def png_uri(rgb: np.ndarray, factor: int) -> str:
    """[h, w, 3] uint8 -> a PNG data URI, every pixel repeated factor × factor (crisp cells)."""
    image = Image.fromarray(rgb, mode="RGB")
    image = image.resize((rgb.shape[1] * factor, rgb.shape[0] * factor), Image.Resampling.NEAREST)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


@st.cache_data(max_entries=64, show_spinner=False)
def head_thumbnails(text: str, hide_specials: bool) -> list[str]:
    """One data URI per (layer, head), in layer-major order, of the softmax weights; with the
    specials hidden, each row is renormalised over the words left (else most rows go blank)."""
    result = compute.minilm_run(text)
    uris = []
    for layer_weights in result.weights:
        for matrix in layer_weights:
            if hide_specials:
                matrix = renormalised(without_specials(matrix, result.tokens)[0])
            if matrix.size == 0:
                matrix = np.zeros((1, 1))
            factor = max(1, theme.THUMB_SIZE // matrix.shape[0])
            uris.append(png_uri(colorize(matrix, _stops()), factor))
    return uris
