"""Query–key map: one head's queries and keys drawn in 2-D so that dot products on the map
reproduce the head's scores.

Softmax compares one query's scores with each other only: adding one number to a whole row
changes no weight. So the map factorises the row-centred scores C = scores − row mean. The
best rank-2 approximation of C (Eckart–Young: keep its two largest singular values) is
C ≈ A·Bᵀ with A = U₂√S₂ (one point per query) and B = V₂√S₂ (one point per key). On the map a
query's scores are then read as how far each key reaches along the query's arrow from (0, 0).
`agreement` says how well that reading orders each query's keys as its weights do.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.arrays import read_only

N_COMPONENTS = 2  # the map is a plane
TIE_DIGITS = 9  # two values of a row tie when they match to this many digits of its max


@dataclass(frozen=True, eq=False)
class QKMap:
    """Where each query and key of one head lands on the map, and how faithful the map is."""

    query_points: np.ndarray  # [n_q, 2] A = U₂√S₂
    key_points: np.ndarray  # [n_k, 2] B = V₂√S₂
    row_means: np.ndarray  # [n_q] each query's mean score, taken out before the factorisation
    map_scores: np.ndarray  # [n_q, n_k] A·Bᵀ ≈ scores − row_means
    kept: np.ndarray  # [2] share of Σ C² that each direction reproduces (σ² / Σσ²; 0 if C = 0)
    row_agreement: np.ndarray  # [n_q] Spearman(map_scores, weights) over the keys a query sees
    agreement: float  # mean of the defined row_agreement; nan if no row has one


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


def _fix_signs(u: np.ndarray, vt: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """[n_q, c], [c, n_k] -> the same pair with each direction's sign chosen so that its key
    loading of largest |value| (the first on ties) is positive; u and vt flip together, so
    u·diag(s)·vt is unchanged."""
    biggest = np.argmax(np.abs(vt), axis=1)  # [c]
    signs = np.sign(vt[np.arange(len(vt)), biggest])  # [c]
    signs[signs == 0] = 1.0
    return u * signs[None, :], vt * signs[:, None]


def _settled(x: np.ndarray) -> np.ndarray:
    """[n] -> [n] rounded to TIE_DIGITS digits of its largest |value|, so that values equal up
    to floating-point rounding (one key twice, an exact fit) tie when ranked."""
    top = float(np.abs(x).max(initial=0.0))
    return np.round(x / top, TIE_DIGITS) if top > 0 else x


def row_agreement(
    map_scores: np.ndarray, weights: np.ndarray, mask: np.ndarray | None = None
) -> np.ndarray:
    """[n_q, n_k] twice (and the [n_q, n_k] bool mask, True = the query sees the key) -> [n_q]
    Spearman correlation of each row over the keys it sees (values equal up to rounding tie);
    nan where it is undefined."""
    if mask is None:
        mask = np.ones(weights.shape, dtype=bool)
    return np.array(
        [
            spearman(_settled(m[seen]), _settled(w[seen]))
            for m, w, seen in zip(map_scores, weights, mask, strict=True)
        ]
    )


def qk_map(scores: np.ndarray, weights: np.ndarray, mask: np.ndarray | None = None) -> QKMap:
    """[n_q, n_k] scores, [n_q, n_k] weights, optional [n_q, n_k] bool mask -> QKMap.

    C = scores − row means; C = U·diag(σ)·Vᵀ (numpy SVD, each direction's sign fixed by
    `_fix_signs`); points A = U₂√σ₂, B = V₂√σ₂, so A·Bᵀ is the best rank-2 approximation of C.
    """
    scores = np.asarray(scores, dtype=np.float64)
    weights = np.asarray(weights, dtype=np.float64)
    if scores.ndim != 2 or scores.shape != weights.shape:
        raise ValueError(
            f"scores and weights must be one [n_q, n_k] matrix each; got {scores.shape} and "
            f"{weights.shape}"
        )
    if mask is not None and np.shape(mask) != scores.shape:
        raise ValueError(f"mask must have the scores' shape {scores.shape}; got {np.shape(mask)}")
    if scores.size == 0:
        raise ValueError("scores need at least one query and one key")
    if not (np.all(np.isfinite(scores)) and np.all(np.isfinite(weights))):
        raise ValueError("scores and weights must be finite")
    n_q, n_k = scores.shape
    row_means = scores.mean(axis=1)  # [n_q]
    centred = scores - row_means[:, None]  # [n_q, n_k], every row sums to 0
    u, sv, vt = np.linalg.svd(centred, full_matrices=False)  # [n_q, r], [r], [r, n_k]
    used = min(N_COMPONENTS, len(sv))
    u, vt = _fix_signs(u[:, :used], vt[:used])
    root = np.sqrt(sv[:used])  # [used]
    query_points = np.zeros((n_q, N_COMPONENTS))  # [n_q, 2]
    key_points = np.zeros((n_k, N_COMPONENTS))  # [n_k, 2]
    query_points[:, :used] = u * root
    key_points[:, :used] = vt.T * root
    map_scores = query_points @ key_points.T  # [n_q, n_k]
    kept = np.zeros(N_COMPONENTS)  # [2]
    total = float(np.sum(sv**2))
    if total > 0:
        kept[:used] = sv[:used] ** 2 / total
    agree = row_agreement(map_scores, weights, None if mask is None else np.asarray(mask, bool))
    defined = agree[~np.isnan(agree)]
    read_only(query_points, key_points, row_means, map_scores, kept, agree)
    return QKMap(
        query_points=query_points,
        key_points=key_points,
        row_means=row_means,
        map_scores=map_scores,
        kept=kept,
        row_agreement=agree,
        agreement=float(defined.mean()) if defined.size else float("nan"),
    )


def top_keys(weights_row: np.ndarray, m: int) -> np.ndarray:
    """[n_k] -> [min(m, n_k)] indices of the m largest weights, largest first; ties by index."""
    weights_row = np.asarray(weights_row)
    if weights_row.ndim != 1:
        raise ValueError(f"weights_row must be 1-D; got shape {weights_row.shape}")
    if m < 0:
        raise ValueError(f"m must be at least 0; got {m}")
    return np.argsort(-weights_row, kind="stable")[:m]
