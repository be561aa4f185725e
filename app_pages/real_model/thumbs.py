"""Thumbnails of every head's attention, as PNG data URIs for one Vega-Lite image grid."""

from __future__ import annotations

import base64
import io

import numpy as np
import streamlit as st
from PIL import Image

from app_pages.real_model.charts import THUMB_STOPS
from core.heads import renormalised, without_specials
from ui import compute


def _stops() -> np.ndarray:
    return np.array([[int(c[i : i + 2], 16) for i in (1, 3, 5)] for c in THUMB_STOPS])


def colorize(values: np.ndarray, stops: np.ndarray) -> np.ndarray:
    """[..., h, w] values in 0..1 -> [..., h, w, 3] uint8, interpolating the [k, 3] colour stops."""
    v = np.clip(np.nan_to_num(values, nan=0.0), 0.0, 1.0)
    position = v * (len(stops) - 1)  # [..., h, w]
    low = np.floor(position).astype(int).clip(0, len(stops) - 2)
    frac = (position - low)[..., None]  # [..., h, w, 1]
    rgb = stops[low] * (1 - frac) + stops[low + 1] * frac
    return np.round(rgb).astype(np.uint8)


def png_uri(rgb: np.ndarray) -> str:
    """[h, w, 3] uint8 -> a PNG data URI, one pixel per cell. The chart scales it up without
    smoothing (charts.image_grid): a PNG of 16 x 16 pixels costs a fifth of one drawn at 56 x 56."""
    buffer = io.BytesIO()
    Image.fromarray(rgb, mode="RGB").save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


@st.cache_data(max_entries=64, show_spinner=False)
def head_thumbnails(text: str, hide_specials: bool) -> list[str]:
    """One data URI per (layer, head), in layer-major order, of the softmax weights; with the
    specials hidden, each row is renormalised over the words left (else most rows go blank)."""
    result = compute.minilm_run(text)
    weights = np.stack(result.weights)  # [layers, heads, n, n]
    if hide_specials:
        weights = renormalised(without_specials(weights, result.tokens)[0])
    if weights.shape[-1] == 0:  # nothing but [CLS] and [SEP]: one blank cell per head
        weights = np.zeros((*weights.shape[:2], 1, 1))
    rgb = colorize(weights, _stops())  # [layers, heads, n, n, 3]
    return [png_uri(head) for layer in rgb for head in layer]
