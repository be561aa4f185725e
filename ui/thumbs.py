"""Head thumbnails: a matrix as a small PNG, one pixel per cell, for a Vega-Lite image grid
(the chart scales it up without smoothing, so cells stay crisp squares)."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence

import numpy as np
from PIL import Image

WEIGHT_STOPS = ("#f7fbff", "#c6dbef", "#6baed6", "#2171b5", "#08306b")  # weight 0 -> 1, "blues"


def stops(colors: Sequence[str]) -> np.ndarray:
    """ "#rrggbb" colours -> [k, 3] RGB colour stops."""
    return np.array([[int(c[i : i + 2], 16) for i in (1, 3, 5)] for c in colors])


def colorize(values: np.ndarray, color_stops: np.ndarray) -> np.ndarray:
    """[..., h, w] values in 0..1 -> [..., h, w, 3] uint8, interpolating the [k, 3] colour stops."""
    v = np.clip(np.nan_to_num(values, nan=0.0), 0.0, 1.0)
    position = v * (len(color_stops) - 1)  # [..., h, w]
    low = np.floor(position).astype(int).clip(0, len(color_stops) - 2)
    frac = (position - low)[..., None]  # [..., h, w, 1]
    rgb = color_stops[low] * (1 - frac) + color_stops[low + 1] * frac
    return np.round(rgb).astype(np.uint8)


def png_uri(rgb: np.ndarray) -> str:
    """[h, w, 3] uint8 -> a PNG data URI, one pixel per cell: a PNG of 16 x 16 pixels costs a
    fifth of one drawn at 56 x 56."""
    buffer = io.BytesIO()
    Image.fromarray(rgb, mode="RGB").save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
