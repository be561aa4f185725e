"""Shared by both training modes: AdamW, a divergence test, cosines. Params: dicts of arrays."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

Params = dict[str, np.ndarray]

BETA1 = 0.9  # Adam's decay of the mean gradient
BETA2 = 0.999  # Adam's decay of the mean squared gradient
EPS = 1e-8  # keeps Adam's step finite when the squared gradient is ~0
EXPLODE_FACTOR = 1e3  # a loss this many times its first value (and above 1e3) counts as diverged


@dataclass(frozen=True)
class AdamState:
    """Running first and second moments, and the number of steps taken."""

    m: Params
    v: Params
    t: int


def adam_init(params: Params) -> AdamState:
    return AdamState(
        m={k: np.zeros_like(p) for k, p in params.items()},
        v={k: np.zeros_like(p) for k, p in params.items()},
        t=0,
    )


def adam_step(
    params: Params,
    grads: Params,
    state: AdamState,
    lr: float,
    weight_decay: float = 0.0,
    *,
    frozen: tuple[str, ...] = (),
) -> tuple[Params, AdamState]:
    """One AdamW update (decoupled decay on matrices, not biases); returns new dicts.

    Parameters named in `frozen` keep their values (their moments still track the gradient).
    """
    t = state.t + 1
    m = {k: BETA1 * state.m[k] + (1 - BETA1) * g for k, g in grads.items()}
    v = {k: BETA2 * state.v[k] + (1 - BETA2) * g * g for k, g in grads.items()}
    new = {}
    for k, p in params.items():
        if k in frozen:
            new[k] = p
            continue
        m_hat = m[k] / (1 - BETA1**t)
        v_hat = v[k] / (1 - BETA2**t)
        decay = weight_decay * p if p.ndim > 1 else 0.0
        new[k] = p - lr * (m_hat / (np.sqrt(v_hat) + EPS) + decay)
    return new, AdamState(m=m, v=v, t=t)


def is_diverged(loss: float, first_loss: float, grads: Params) -> bool:
    """True when the loss or a gradient is not finite, or the loss has exploded."""
    if not np.isfinite(loss):
        return True
    if loss > max(EXPLODE_FACTOR * first_loss, 1e3):
        return True
    return not all(np.all(np.isfinite(g)) for g in grads.values())


def cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """[d], [n, d] -> [n] read-only cosine of a with each row of b (0 where a norm is 0)."""
    norms = np.linalg.norm(a) * np.linalg.norm(b, axis=-1)
    return read_only(np.divide(b @ a, norms, out=np.zeros(b.shape[0]), where=norms > 0))


def read_only(a: np.ndarray) -> np.ndarray:
    """Mark `a` read-only and return it."""
    a.setflags(write=False)
    return a
