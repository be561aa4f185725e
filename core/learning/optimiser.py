"""AdamW and the one training loop both modes share: rollback on divergence, snapshots, stop.

Params: a dict of named arrays. The loop knows nothing about attention: a mode passes the
function that gives (loss, gradients, accuracy) and the function that gives what to watch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from core.arrays import read_only

Params = dict[str, np.ndarray]
LossAndGrads = Callable[[Params], tuple[float, Params, float]]  # -> loss, grads, accuracy

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


@dataclass(frozen=True)
class Progress:
    """What the callback sees every `snapshot_every` steps."""

    step: int  # updates done so far
    steps: int  # updates planned
    loss: float  # loss at this step
    accuracy: float  # accuracy at this step (NaN when the mode has none)
    watched: np.ndarray  # what the mode watches now (e.g. the probe's [n, n] weights)


@dataclass(frozen=True)
class Descent:
    """A finished, stopped or diverged run of `descend`; per-step arrays: steps_run + 1 entries."""

    params: Params  # the last finite state
    losses: np.ndarray  # [steps_run + 1] loss after 0, 1, ..., steps_run updates
    accuracies: np.ndarray  # [steps_run + 1] likewise
    snapshot_steps: np.ndarray  # [m] steps of the snapshots: 0, every, 2·every, ..., steps_run
    snapshots: np.ndarray  # [m, ...] what was watched at those steps, stacked
    steps_run: int  # updates in `params`
    diverged_at: int | None  # the failing step; `params` is the last finite state before it
    stopped: bool  # the callback returned False


def descend(
    params: Params,
    loss_and_grads: LossAndGrads,
    watch: Callable[[Params], np.ndarray],
    *,
    steps: int,
    lr: float,
    weight_decay: float = 0.0,
    frozen: Callable[[int], tuple[str, ...]] = lambda step: (),
    snapshot_every: int = 1,
    callback: Callable[[Progress], bool | None] | None = None,
) -> Descent:
    """Up to `steps` AdamW updates of `params`, watching them every `snapshot_every` steps.

    Stops early when the loss or a gradient stops being finite or explodes (the state before
    the failing update is kept), or when `callback` returns False. `frozen(step)` names the
    parameters that update must leave alone.
    """
    state = adam_init(params)
    previous: Params | None = None  # the state before the last update, for a rollback
    losses: list[float] = []
    accuracies: list[float] = []
    snapshot_steps: list[int] = []
    snapshots: list[np.ndarray] = []
    diverged_at: int | None = None
    stopped = False
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        for step in range(steps + 1):
            loss, grads, accuracy = loss_and_grads(params)
            due = step % snapshot_every == 0 or step == steps
            watched = watch(params) if due else None
            first_loss = losses[0] if losses else loss
            broken = watched is not None and not np.all(np.isfinite(watched))
            if broken or is_diverged(loss, first_loss, grads):
                diverged_at = step
                params = previous if previous is not None else params
                break
            losses.append(loss)
            accuracies.append(accuracy)
            if watched is not None:
                snapshot_steps.append(step)
                snapshots.append(watched)
                progress = Progress(step, steps, loss, accuracy, watched)
                if callback is not None and callback(progress) is False:
                    stopped = True
                    break
            if step == steps:
                break
            previous = params
            params, state = adam_step(params, grads, state, lr, weight_decay, frozen=frozen(step))
        steps_run = max(len(losses) - 1, 0)  # losses[t]: the loss after t updates
        if not snapshot_steps or snapshot_steps[-1] != steps_run:
            snapshot_steps.append(steps_run)
            snapshots.append(watch(params))
    return Descent(
        params=params,
        losses=read_only(np.array(losses)),
        accuracies=read_only(np.array(accuracies)),
        snapshot_steps=read_only(np.array(snapshot_steps)),
        snapshots=read_only(np.stack(snapshots)),
        steps_run=steps_run,
        diverged_at=diverged_at,
        stopped=stopped,
    )
