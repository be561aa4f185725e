"""Toy embeddings: a deterministic vector per word, and sinusoidal positional encoding."""

from __future__ import annotations

import hashlib

import numpy as np


def positional_encoding(n: int, d_model: int) -> np.ndarray:
    """[n, d_model] sinusoidal: PE[p, 2i] = sin(p / 10000^(2i/d)), PE[p, 2i+1] = cos(same)."""
    pos = np.arange(n)[:, None]  # [n, 1]
    i = np.arange(d_model)[None, :]  # [1, d_model]
    angle = pos / np.power(10000.0, (2 * (i // 2)) / d_model)  # [n, d_model]
    return np.where(i % 2 == 0, np.sin(angle), np.cos(angle))


def word_seed(word: str, seed: int) -> int:
    """A 64-bit seed from the word and the seed, the same on every run and machine."""
    digest = hashlib.blake2b(f"{seed}\x00{word}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def word_vector(word: str, d_model: int, seed: int) -> np.ndarray:
    """[d_model] standard-normal vector for one (lower-cased) word."""
    rng = np.random.default_rng(word_seed(word.lower(), seed))
    return rng.standard_normal(d_model)


def embed(tokens: list[str] | tuple[str, ...], d_model: int, seed: int) -> np.ndarray:
    """[n, d_model] the embedding matrix: one row per token, case ignored."""
    if not tokens:
        return np.zeros((0, d_model))
    return np.stack([word_vector(t, d_model, seed) for t in tokens])
