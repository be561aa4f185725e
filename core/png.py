"""A minimal PNG encoder (RGB, 8 bit), so heatmap thumbnails need no imaging library."""

from __future__ import annotations

import struct
import zlib

import numpy as np


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def encode_png(rgb: np.ndarray) -> bytes:
    """[h, w, 3] uint8 -> PNG bytes."""
    if rgb.ndim != 3 or rgb.shape[2] != 3 or rgb.dtype != np.uint8:
        raise ValueError(f"need an [h, w, 3] uint8 array; got {rgb.shape} {rgb.dtype}")
    h, w, _ = rgb.shape
    if h == 0 or w == 0:
        raise ValueError("an image needs at least one pixel")
    rows = np.concatenate([np.zeros((h, 1), dtype=np.uint8), rgb.reshape(h, w * 3)], axis=1)
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(rows.tobytes(), 6))
        + _chunk(b"IEND", b"")
    )


def colorize(values: np.ndarray, stops: np.ndarray) -> np.ndarray:
    """[h, w] values in 0..1 -> [h, w, 3] uint8, interpolating the [k, 3] colour stops."""
    v = np.clip(np.nan_to_num(values, nan=0.0), 0.0, 1.0)
    position = v * (len(stops) - 1)  # [h, w]
    low = np.floor(position).astype(int).clip(0, len(stops) - 2)
    frac = (position - low)[..., None]  # [h, w, 1]
    rgb = stops[low] * (1 - frac) + stops[low + 1] * frac
    return np.round(rgb).astype(np.uint8)


def upscale(image: np.ndarray, factor: int) -> np.ndarray:
    """Repeat every pixel factor × factor times, so small matrices stay crisp."""
    return np.repeat(np.repeat(image, factor, axis=0), factor, axis=1)
