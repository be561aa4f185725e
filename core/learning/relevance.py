"""Mode 2: the user sets how much one word should attend to each word; gradient descent obliges.

Trains the sentence's word embeddings, W_Q and W_K (positional encoding stays fixed) so that the
query row's weights match the target t (normalised to sum 1):

    with softmax:    loss = KL(t ‖ softmax(s)),  ∂loss/∂s = softmax(s) - t
    without softmax: loss = ½ Σ (s - t)²,        ∂loss/∂s = s - t
where s = k q / √d_k, q = x[query] W_Q, k = x W_K, x = E[tokens] + PE.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from core.arrays import read_only
from core.attention import AttentionSettings, attend
from core.embeddings import embed, positional_encoding
from core.learning.optimiser import Params, Progress, descend
from core.similarity import cosine_matrix

FIT_STEPS = 200  # Adam updates
FIT_LR = 0.05  # Adam learning rate
FIT_D_MODEL = 8  # embedding width, as on the other pages
FIT_D_K = 4  # query/key width, as on the other pages
FIT_SNAPSHOT_EVERY = 10  # steps between snapshots and callback calls


@dataclass(frozen=True)
class RelevanceState:
    """The sentence through the trained layers at one moment."""

    embedding: np.ndarray  # [n, d_model] word vectors (repeated words share one)
    positions: np.ndarray  # [n, d_model] positional encoding (fixed)
    w_q: np.ndarray  # [d_model, d_k]
    w_k: np.ndarray  # [d_model, d_k]
    q: np.ndarray  # [n, d_k]
    k: np.ndarray  # [n, d_k]
    weights: np.ndarray  # [n, n] every row's weights; only the query row is trained


@dataclass(frozen=True)
class FitResult:
    """cosines_*: [n] plain cosine cos(q of the query word, k of word j), before and after."""

    tokens: list[str]  # lower-cased
    query_index: int
    targets: np.ndarray  # [n] normalised to sum 1
    use_softmax: bool
    weights_before: np.ndarray  # [n] the query row
    weights_after: np.ndarray  # [n]
    max_error: float  # max |weights_after - targets|
    losses: np.ndarray  # [steps_run + 1] loss after 0, 1, ..., steps_run updates
    snapshot_steps: np.ndarray  # [m] 0, every, 2·every, ..., steps_run
    snapshots: np.ndarray  # [m, n] the query row at those steps
    cosines_before: np.ndarray  # [n]
    cosines_after: np.ndarray  # [n]
    before: RelevanceState
    after: RelevanceState
    steps_run: int  # updates in `after`
    diverged: bool
    diverged_at: int | None  # the failing step; `after` is the last finite state before it
    stopped: bool  # the callback returned False


def normalise_targets(
    targets: Mapping[int, float] | np.ndarray | list[float], n: int
) -> np.ndarray:
    """[n] non-negative target weights scaled to sum 1; a dict maps position -> weight (rest 0)."""
    if isinstance(targets, Mapping):
        t = np.zeros(n)
        for i, w in targets.items():
            if not 0 <= int(i) < n:
                raise ValueError(f"target position {i} is outside the sentence (0..{n - 1})")
            t[int(i)] = float(w)
    else:
        t = np.asarray(targets, dtype=float)
        if t.shape != (n,):
            raise ValueError(f"targets need one weight per token, shape ({n},); got {t.shape}")
    if not np.all(np.isfinite(t)) or np.any(t < 0):
        raise ValueError(f"targets must be finite and non-negative; got {t}")
    if t.sum() <= 0:
        raise ValueError("targets must not all be zero")
    return t / t.sum()


def relevance_loss_and_grads(
    params: Params,
    ids: np.ndarray,
    query_index: int,
    targets: np.ndarray,
    *,
    use_softmax: bool,
    positions: np.ndarray | None = None,
) -> tuple[float, Params]:
    """Loss for the query row (KL or squared error) and its gradient.

    ids [n] index rows of params["embeddings"]; positions [n, d_model] defaults to sinusoidal.
    """
    emb, w_q, w_k = params["embeddings"], params["w_q"], params["w_k"]
    d_k = w_q.shape[1]
    if positions is None:
        positions = positional_encoding(len(ids), emb.shape[1])
    x = emb[ids] + positions  # [n, d_model]
    q = x[query_index] @ w_q  # [d_k]
    k = x @ w_k  # [n, d_k]
    switches = AttentionSettings(use_softmax=use_softmax)
    weights = attend(q[None, :], k, np.zeros((len(ids), 0)), switches).weights[0]  # [n]
    if use_softmax:
        present = targets > 0
        loss = float(np.sum(targets[present] * np.log(targets[present] / weights[present])))
    else:
        loss = float(0.5 * np.sum((weights - targets) ** 2))
    grad_scores = (weights - targets) / np.sqrt(d_k)  # [n]; the same form for both losses
    grad_q = grad_scores @ k  # [d_k]
    grad_k = np.outer(grad_scores, q)  # [n, d_k]
    grad_x = grad_k @ w_k.T  # [n, d_model]
    grad_x[query_index] += w_q @ grad_q
    grad_emb = np.zeros_like(emb)
    np.add.at(grad_emb, ids, grad_x)
    grads = {"embeddings": grad_emb, "w_q": np.outer(x[query_index], grad_q), "w_k": x.T @ grad_k}
    return loss, grads


def fit_relevance(
    tokens: list[str],
    query_index: int,
    targets: Mapping[int, float] | np.ndarray | list[float],
    *,
    seed: int = 0,
    steps: int = FIT_STEPS,
    lr: float = FIT_LR,
    d_model: int = FIT_D_MODEL,
    d_k: int = FIT_D_K,
    use_softmax: bool = True,
    positional: bool = True,
    w_q: np.ndarray | None = None,
    w_k: np.ndarray | None = None,
    snapshot_every: int = FIT_SNAPSHOT_EVERY,
    callback: Callable[[Progress], bool | None] | None = None,
) -> FitResult:
    """Train embeddings, W_Q, W_K until row `query_index` attends like `targets`.

    Start: word vectors from core.embeddings.embed(word, d_model, seed) (the toy vectors of the
    other pages), and W_Q, W_K as given or drawn from the seed with std 1/√d_model.
    """
    words = [t.lower() for t in tokens]
    n = len(words)
    if n == 0:
        raise ValueError("tokens must not be empty")
    if not 0 <= query_index < n:
        raise ValueError(f"query_index must be in 0..{n - 1}; got {query_index}")
    if steps < 0 or snapshot_every < 1 or not lr > 0 or d_model % 2 or d_model < 2 or d_k < 1:
        raise ValueError(
            f"need steps >= 0, snapshot_every >= 1, lr > 0, even d_model >= 2, d_k >= 1; got "
            f"{steps}, {snapshot_every}, {lr}, {d_model}, {d_k}"
        )
    t = normalise_targets(targets, n)
    unique = list(dict.fromkeys(words))
    ids = np.array([unique.index(w) for w in words])
    rng = np.random.default_rng([seed, d_model, d_k])
    params = {
        "embeddings": embed(unique, d_model, seed),
        "w_q": _initial(w_q, rng, d_model, d_k, "w_q"),
        "w_k": _initial(w_k, rng, d_model, d_k, "w_k"),
    }
    pe = read_only(positional_encoding(n, d_model) if positional else np.zeros((n, d_model)))
    before = _state(params, ids, pe, use_softmax)

    def loss_and_grads(p: Params) -> tuple[float, Params, float]:
        loss, grads = relevance_loss_and_grads(
            p, ids, query_index, t, use_softmax=use_softmax, positions=pe
        )
        return loss, grads, float("nan")  # no accuracy in this mode

    def query_row(p: Params) -> np.ndarray:  # [n]
        return _state(p, ids, pe, use_softmax).weights[query_index]

    run = descend(
        params,
        loss_and_grads,
        query_row,
        steps=steps,
        lr=lr,
        snapshot_every=snapshot_every,
        callback=callback,
    )
    after = _state(run.params, ids, pe, use_softmax)
    return FitResult(
        tokens=words,
        query_index=query_index,
        targets=read_only(t),
        use_softmax=use_softmax,
        weights_before=before.weights[query_index],
        weights_after=after.weights[query_index],
        max_error=float(np.max(np.abs(after.weights[query_index] - t))),
        losses=run.losses,
        snapshot_steps=run.snapshot_steps,
        snapshots=run.snapshots,
        cosines_before=_query_key_cosines(before, query_index),
        cosines_after=_query_key_cosines(after, query_index),
        before=before,
        after=after,
        steps_run=run.steps_run,
        diverged=run.diverged_at is not None,
        diverged_at=run.diverged_at,
        stopped=run.stopped,
    )


def _initial(
    w: np.ndarray | None, rng: np.random.Generator, d_model: int, d_k: int, name: str
) -> np.ndarray:
    drawn = rng.standard_normal((d_model, d_k)) / np.sqrt(d_model)
    if w is None:
        return drawn
    if np.shape(w) != (d_model, d_k):
        raise ValueError(f"{name} must have shape ({d_model}, {d_k}); got {np.shape(w)}")
    return np.array(w, dtype=float)


def _state(params: Params, ids: np.ndarray, pe: np.ndarray, use_softmax: bool) -> RelevanceState:
    embedding = params["embeddings"][ids]  # [n, d_model]
    x = embedding + pe
    q = x @ params["w_q"]  # [n, d_k]
    k = x @ params["w_k"]  # [n, d_k]
    switches = AttentionSettings(use_softmax=use_softmax)
    weights = attend(q, k, np.zeros((len(ids), 0)), switches).weights  # [n, n]
    return RelevanceState(
        embedding=read_only(embedding),
        positions=pe,
        w_q=read_only(params["w_q"].copy()),
        w_k=read_only(params["w_k"].copy()),
        q=read_only(q),
        k=read_only(k),
        weights=weights,
    )


def _query_key_cosines(state: RelevanceState, query_index: int) -> np.ndarray:
    """[n] plain cosine of the query word's q with every k."""
    return read_only(cosine_matrix(state.q[query_index : query_index + 1], state.k)[0])
