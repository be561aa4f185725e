"""Query–key map: one head's queries and keys drawn together in 2-D (the AttentionViz idea).

A query and a key that score high (large q·k) should sit close together. Raw keys and queries
often live in two separate clouds, so before projecting we move the key cloud onto the query
cloud and give both clouds the same size; `rank_correlation` then says how well "close in the
picture" matches "high q·k".
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.arrays import read_only

N_COMPONENTS = 2  # the map is a plane


@dataclass(frozen=True, eq=False)
class QKMap:
    """Where each query and key of one head lands on the map, and how faithful the map is."""

    query_points: np.ndarray  # [n_q, 2]
    key_points: np.ndarray  # [n_k, 2]
    components: np.ndarray  # [2, d_k] unit directions of the plane (rows; zero rows if d_k < 2)
    explained: np.ndarray  # [2] share of the joint variance along each direction
    key_shift: np.ndarray  # [d_k] added to every key before scaling: mean(q) − mean(k)
    key_scale: float  # keys (centred) are multiplied by this
    rank_correlation: float  # Spearman(−distance on the map, q·k) over all pairs; nan if undefined


def average_ranks(x: np.ndarray) -> np.ndarray:
    """[n] -> [n] ranks 1..n; equal values share the mean of the ranks they span."""
    x = np.asarray(x).ravel()
    _, inverse, counts = np.unique(x, return_inverse=True, return_counts=True)
    first = np.cumsum(counts) - counts  # [u] 0-based rank where each distinct value starts
    mean_rank = first + (counts + 1) / 2.0  # [u]
    return mean_rank[inverse]


def spearman(a: np.ndarray, b: np.ndarray) -> float:
    """Spearman correlation of two equal-length vectors (Pearson on average ranks).

    nan when either has fewer than two distinct values.
    """
    a, b = np.asarray(a).ravel(), np.asarray(b).ravel()
    if a.shape != b.shape:
        raise ValueError(f"spearman needs two vectors of one length; got {a.size} and {b.size}")
    ra = average_ranks(a) - (a.size + 1) / 2.0  # [n] centred ranks
    rb = average_ranks(b) - (b.size + 1) / 2.0  # [n]
    denom = np.sqrt(np.sum(ra * ra) * np.sum(rb * rb))
    if denom == 0:
        return float("nan")
    return float(np.sum(ra * rb) / denom)


def _fix_signs(components: np.ndarray) -> np.ndarray:
    """[c, d] -> [c, d] each row flipped so its largest-|value| entry (the first on ties) is > 0."""
    biggest = np.argmax(np.abs(components), axis=1)  # [c]
    signs = np.sign(components[np.arange(len(components)), biggest])  # [c]
    signs[signs == 0] = 1.0
    return components * signs[:, None]


def qk_map(q: np.ndarray, k: np.ndarray) -> QKMap:
    """[n_q, d_k], [n_k, d_k] -> QKMap.

    1. Shift: k ← k − mean(k) + mean(q), so both clouds have mean μ = mean(q) (the joint mean).
    2. Scale: about μ, multiply the keys by s = mean‖q − μ‖ / mean‖k − μ‖ (s = 1 if the keys
       all coincide), so both clouds have the same mean distance from the joint mean.
    3. PCA: stack the centred queries and keys, take the top two right singular vectors of that
       [n_q + n_k, d_k] matrix (numpy SVD), each flipped so its largest-|loading| is positive;
       points are the centred rows projected on them.
    """
    q = np.asarray(q, dtype=np.float64)
    k = np.asarray(k, dtype=np.float64)
    if q.ndim != 2 or k.ndim != 2 or q.shape[1] != k.shape[1]:
        raise ValueError(
            f"q and k must be 2-D with the same width d_k; got shapes {q.shape} and {k.shape}"
        )
    if q.shape[0] == 0 or k.shape[0] == 0:
        raise ValueError("q and k need at least one row each")
    mu = q.mean(axis=0)  # [d_k]
    key_shift = mu - k.mean(axis=0)  # [d_k]
    q_c = q - mu  # [n_q, d_k]
    k_c = k + key_shift - mu  # [n_k, d_k]
    q_size = np.linalg.norm(q_c, axis=1).mean()
    k_size = np.linalg.norm(k_c, axis=1).mean()
    key_scale = float(q_size / k_size) if k_size > 0 else 1.0
    k_c = k_c * key_scale  # [n_k, d_k]

    joint = np.concatenate([q_c, k_c])  # [n_q + n_k, d_k], mean 0
    _, sv, vt = np.linalg.svd(joint, full_matrices=False)  # sv [r], vt [r, d_k]
    components = np.zeros((N_COMPONENTS, q.shape[1]))  # [2, d_k]
    used = min(N_COMPONENTS, len(sv))
    components[:used] = _fix_signs(vt[:used])
    variance = sv**2  # [r]
    total = variance.sum()
    explained = np.zeros(N_COMPONENTS)
    if total > 0:
        explained[:used] = variance[:used] / total

    query_points = q_c @ components.T  # [n_q, 2]
    key_points = k_c @ components.T  # [n_k, 2]
    distance = np.linalg.norm(query_points[:, None, :] - key_points[None, :, :], axis=-1)
    dots = q @ k.T  # [n_q, n_k] raw, before the shift and scale
    read_only(query_points, key_points, components, explained, key_shift)
    return QKMap(
        query_points=query_points,
        key_points=key_points,
        components=components,
        explained=explained,
        key_shift=key_shift,
        key_scale=key_scale,
        rank_correlation=spearman(-distance, dots),
    )


def top_keys(weights_row: np.ndarray, m: int) -> np.ndarray:
    """[n_k] -> [min(m, n_k)] indices of the m largest weights, largest first; ties by index."""
    weights_row = np.asarray(weights_row)
    if weights_row.ndim != 1:
        raise ValueError(f"weights_row must be 1-D; got shape {weights_row.shape}")
    if m < 0:
        raise ValueError(f"m must be at least 0; got {m}")
    return np.argsort(-weights_row, kind="stable")[:m]
