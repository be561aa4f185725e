"""Section 7: a one-layer attention model learns which words are relevant to a hidden word.

Input "the black cat drank the [mask]"; the [mask] position's query attends over all positions,
its output z feeds a linear layer with logits over the object words; the loss is cross-entropy
on the hidden object. Gradients are written out by hand; AdamW updates every parameter.

    x = E[tokens] + PE                       [n, d_model]
    q = x[w] W_Q, k = x W_K, v = x W_V        [d_k], [n, d_k], [n, d_v]
    weights = softmax(k q / √d_k)             [n]  (or the scaled scores when softmax is off)
    z = weights v;  logits = z W_O + b_O      [d_v], [n_objects]

Nothing says where to look: W_Q starts near zero, so attention starts nearly uniform. For the
first `warmup` steps W_Q and W_K stay frozen while the values learn what each word says about
the object; then attention learns where to look. Without the warm-up, attention can lock onto
the verb before the animal's value is useful; without weight decay, an irrelevant word can
soak up weight. Either way the ranking drank > cat > black gets less reliable across seeds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from core.attention import attend, softmax
from core.embeddings import positional_encoding
from core.learning_common import Params, adam_init, adam_step, cosines, is_diverged, read_only
from core.learning_corpus import (
    DEFAULT_PROBE,
    MASK,
    OBJECT_ROW,
    PATTERN,
    CorpusRules,
    ProbeCheck,
    ProbeProblem,
    check_probe,
    corpus_rules,
    make_corpus,
    tokenize,
    vocabulary,
)
from core.learning_relevance import (
    FitProgress,
    FitResult,
    RelevanceState,
    fit_relevance,
    relevance_loss_and_grads,
)

__all__ = [
    "DEFAULTS",
    "DEFAULT_PROBE",
    "MASK",
    "OBJECT_ROW",
    "PATTERN",
    "CorpusRules",
    "FitProgress",
    "FitResult",
    "ProbeCheck",
    "ProbeProblem",
    "RelevanceState",
    "TrainProgress",
    "TrainResult",
    "TrainSettings",
    "TrainedModel",
    "check_probe",
    "corpus_batch",
    "corpus_rules",
    "fit_relevance",
    "init_params",
    "loss_and_grads",
    "make_corpus",
    "relevance_loss_and_grads",
    "tokenize",
    "train",
    "vocabulary",
]


@dataclass(frozen=True)
class TrainSettings:
    """Everything that decides a training run; the defaults are the page's defaults."""

    seed: int = 0  # seeds the corpus, the initial weights and the mini-batches
    use_softmax: bool = True  # False: weights are the scaled scores themselves
    steps: int = 200  # AdamW updates
    lr: float = 0.02  # AdamW learning rate
    d_model: int = 16  # width of embeddings and positional encoding
    d_k: int = 8  # width of queries and keys
    d_v: int = 8  # width of values and of the attention output z
    corpus_size: int = 800  # training sentences
    held_out_size: int = 400  # sentences drawn with another seed, for accuracy only
    batch_size: int | None = None  # None: full batch; else mini-batches drawn with the seed
    snapshot_every: int = 5  # steps between snapshots and callback calls
    warmup: int = 50  # first steps with W_Q, W_K frozen: values learn before attention does
    weight_decay: float = 0.5  # AdamW decay on matrices; without it relevance is not reliable
    init_scale: float = 0.5  # standard deviation of the initial embeddings
    query_init_scale: float = 0.1  # W_Q's std is this / √d_model: near-uniform attention


DEFAULTS = TrainSettings()


@dataclass(frozen=True)
class TrainedModel:
    """Learned parameters; `embed` gives the inputs another page needs to compute q, k, v.

    Object words are what the model predicts and never read: `embed` gives them the [mask]
    vector, which is exactly what the model saw at that position during training.
    """

    vocab: tuple[str, ...]  # input words with a row in `embeddings`; the last is [mask]
    output_vocab: tuple[str, ...]  # the object words the output layer scores
    embeddings: np.ndarray  # [V, d_model]
    w_q: np.ndarray  # [d_model, d_k]
    w_k: np.ndarray  # [d_model, d_k]
    w_v: np.ndarray  # [d_model, d_v]
    w_o: np.ndarray  # [d_v, n_objects] output layer (not tied to the embeddings)
    b_o: np.ndarray  # [n_objects]
    d_model: int
    d_k: int
    d_v: int

    def unknown(self, tokens: list[str]) -> list[bool]:
        """True for each token (case ignored) the model has never seen, input or output."""
        known = set(self.vocab) | set(self.output_vocab)
        return [t.lower() not in known for t in tokens]

    def hidden(self, tokens: list[str]) -> list[bool]:
        """True for each object word: it is fed as [mask]."""
        objects = set(self.output_vocab)
        return [t.lower() in objects for t in tokens]

    def embed(self, tokens: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """(embedding [n, d_model], positions [n, d_model]); unknown tokens get a zero vector."""
        index = {w: i for i, w in enumerate(self.vocab)}
        objects = set(self.output_vocab)
        x = np.zeros((len(tokens), self.d_model))
        for i, token in enumerate(t.lower() for t in tokens):
            row = index[MASK] if token in objects else index.get(token)
            if row is not None:
                x[i] = self.embeddings[row]
        return x, positional_encoding(len(tokens), self.d_model)

    def attention(self, tokens: list[str], *, use_softmax: bool = True) -> np.ndarray:
        """[n, n] attention weights of the tokens through the trained layers."""
        x, pe = self.embed(tokens)
        q, k, v = (x + pe) @ self.w_q, (x + pe) @ self.w_k, (x + pe) @ self.w_v
        return attend(q, k, v, use_softmax=use_softmax).weights

    def predict(
        self, tokens: list[str], row: int = OBJECT_ROW, *, use_softmax: bool = True
    ) -> np.ndarray:
        """[n_objects] probabilities for the word at `row`, which is fed as [mask]."""
        hidden = [*tokens[:row], MASK, *tokens[row + 1 :]]
        x, pe = self.embed(hidden)
        q, k, v = (x + pe) @ self.w_q, (x + pe) @ self.w_k, (x + pe) @ self.w_v
        output = attend(q, k, v, use_softmax=use_softmax).output  # [n, d_v]
        return softmax(output[row] @ self.w_o + self.b_o)

    def params(self) -> Params:
        """The parameters as the dict that loss_and_grads takes (copies)."""
        names = ("embeddings", "w_q", "w_k", "w_v", "w_o", "b_o")
        return {name: np.array(getattr(self, name)) for name in names}


@dataclass(frozen=True)
class TrainProgress:
    """What the callback sees every `snapshot_every` steps."""

    step: int  # updates done so far
    steps: int  # updates planned
    loss: float  # training loss at this step
    accuracy: float  # training accuracy at this step
    probe_weights: np.ndarray  # [n, n] the probe's attention weights now


@dataclass(frozen=True)
class TrainResult:
    """A finished, stopped or diverged run; per-step arrays have one entry per step run.

    cosines_*: [n] cos(q at the watch row, k at position j): the two vectors whose dot product
    is the score. The query is the hidden word's ("milk", fed as [mask]).
    centered_cosines_*: [n] cos(q, k_j - mean of the row's keys). Softmax ignores what all keys
    share, so this is the angle that decides the weights; the raw cosine can be high for every
    key at once, and then key lengths decide.
    readout_cosines_*: [n] cos(v at position j, the output layer's column for the probe's
    object): how much what position j passes on points at that object.
    """

    settings: TrainSettings
    probe_tokens: list[str]  # as shown: ["the", "black", "cat", "drank", "the", "milk"]
    probe_input_tokens: list[str]  # as fed to the model: the watch row replaced by [mask]
    watch_row: int  # the hidden object's position
    probe_weights_before: np.ndarray  # [n, n]
    probe_weights: np.ndarray  # [n, n] after training; only the watch row was trained
    snapshots: list[tuple[int, np.ndarray]]  # (step, [n, n] probe weights), first and last
    losses: np.ndarray  # [steps_run + 1] training loss after 0, 1, ..., steps_run updates
    accuracies: np.ndarray  # [steps_run + 1] training accuracy, likewise
    held_out_accuracy_before: float
    held_out_accuracy: float  # on held_out_size sentences drawn with another seed
    best_accuracy: float  # the ideal predictor that knows the rules
    chance_accuracy: float  # 1 / number of objects
    prediction_before: np.ndarray  # [n_objects] the probe's distribution, model.output_vocab
    prediction: np.ndarray  # [n_objects]
    cosines_before: np.ndarray  # [n]
    cosines_after: np.ndarray  # [n]
    centered_cosines_before: np.ndarray  # [n]
    centered_cosines_after: np.ndarray  # [n]
    readout_cosines_before: np.ndarray  # [n]
    readout_cosines_after: np.ndarray  # [n]
    steps_run: int  # updates in `model`
    diverged: bool  # stopped because the loss or a gradient became non-finite or exploded
    diverged_at: int | None  # the failing step; `model` is the last finite state before it
    stopped: bool  # the callback returned False
    model_before: TrainedModel
    model: TrainedModel
    rules: CorpusRules = field(repr=False)


def init_params(
    rng: np.random.Generator, n_vocab: int, n_out: int, settings: TrainSettings
) -> Params:
    """Embeddings N(0, init_scale²); weights N(0, 1/fan_in), W_Q scaled down; b_O = 0."""
    d_model, d_k, d_v = settings.d_model, settings.d_k, settings.d_v
    return {
        "embeddings": settings.init_scale * rng.standard_normal((n_vocab, d_model)),
        "w_q": settings.query_init_scale * rng.standard_normal((d_model, d_k)) / np.sqrt(d_model),
        "w_k": rng.standard_normal((d_model, d_k)) / np.sqrt(d_model),
        "w_v": rng.standard_normal((d_model, d_v)) / np.sqrt(d_model),
        "w_o": rng.standard_normal((d_v, n_out)) / np.sqrt(d_v),
        "b_o": np.zeros(n_out),
    }


def loss_and_grads(
    params: Params, ids: np.ndarray, targets: np.ndarray, watch_row: int, *, use_softmax: bool
) -> tuple[float, Params, float]:
    """Cross-entropy, its gradient for every parameter, and the accuracy.

    ids [B, n] distinct input rows (the watch row holds [mask]); targets [B, C] how often each
    row comes with each object, as fractions of the whole batch (sums to 1). Duplicate sentences
    collapse into one row, so a full batch costs ~100 rows, not the corpus size.
    """
    emb, w_q, w_k, w_v, w_o = (params[k] for k in ("embeddings", "w_q", "w_k", "w_v", "w_o"))
    batch, n = ids.shape
    d_model, d_k = w_q.shape
    x = emb[ids] + positional_encoding(n, d_model)  # [B, n, d_model]
    x_w = x[:, watch_row]  # [B, d_model]
    q = x_w @ w_q  # [B, d_k]
    k = x @ w_k  # [B, n, d_k]
    v = x @ w_v  # [B, n, d_v]
    scores = np.sum(k * q[:, None, :], axis=-1) / np.sqrt(d_k)  # [B, n]
    weights = softmax(scores, axis=-1) if use_softmax else scores  # [B, n]
    z = np.sum(weights[:, :, None] * v, axis=1)  # [B, d_v]
    logits = z @ w_o + params["b_o"]  # [B, C]
    shifted = logits - logits.max(axis=-1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))  # [B, C]
    loss = float(-np.sum(targets * log_probs))
    accuracy = float(np.sum(targets[np.arange(batch), np.argmax(logits, axis=-1)]))

    d_logits = np.exp(log_probs) * targets.sum(axis=-1, keepdims=True) - targets  # [B, C]
    d_z = d_logits @ w_o.T  # [B, d_v]
    d_weights = np.sum(v * d_z[:, None, :], axis=-1)  # [B, n]
    d_v_ = weights[:, :, None] * d_z[:, None, :]  # [B, n, d_v]
    if use_softmax:
        d_scores = weights * (d_weights - np.sum(weights * d_weights, axis=-1, keepdims=True))
    else:
        d_scores = d_weights
    d_scores = d_scores / np.sqrt(d_k)  # [B, n]
    d_q = np.sum(d_scores[:, :, None] * k, axis=1)  # [B, d_k]
    d_k_ = d_scores[:, :, None] * q[:, None, :]  # [B, n, d_k]
    d_x = d_k_ @ w_k.T + d_v_ @ w_v.T  # [B, n, d_model]
    d_x[:, watch_row] += d_q @ w_q.T
    flat_x = x.reshape(-1, d_model)  # [B·n, d_model]
    grads = {
        "embeddings": _scatter_rows(ids.ravel(), d_x.reshape(-1, d_model), emb.shape[0]),
        "w_q": x_w.T @ d_q,
        "w_k": flat_x.T @ d_k_.reshape(-1, d_k),
        "w_v": flat_x.T @ d_v_.reshape(-1, d_v_.shape[-1]),
        "w_o": z.T @ d_logits,
        "b_o": d_logits.sum(axis=0),
    }
    return loss, grads, accuracy


def train(
    seed: int = DEFAULTS.seed,
    use_softmax: bool = DEFAULTS.use_softmax,
    *,
    steps: int = DEFAULTS.steps,
    lr: float = DEFAULTS.lr,
    d_model: int = DEFAULTS.d_model,
    d_k: int = DEFAULTS.d_k,
    probe: str | list[str] = DEFAULT_PROBE,
    snapshot_every: int = DEFAULTS.snapshot_every,
    callback: Callable[[TrainProgress], bool | None] | None = None,
    **overrides: object,
) -> TrainResult:
    """Train the one-layer model on a seeded corpus and watch the probe's hidden-word row.

    `overrides` sets any other TrainSettings field (d_v, corpus_size, warmup, weight_decay, ...).
    `callback` runs every `snapshot_every` steps; returning False stops the run.
    """
    settings = replace(
        DEFAULTS,
        seed=seed,
        use_softmax=use_softmax,
        steps=steps,
        lr=lr,
        d_model=d_model,
        d_k=d_k,
        snapshot_every=snapshot_every,
        **overrides,
    )
    _validate(settings)
    check = check_probe(probe)
    if not check.ok:
        raise ValueError(
            f"probe does not fit the corpus ({check.problem}: {check.offending}); "
            "call check_probe first"
        )
    rules = corpus_rules()
    vocab = vocabulary()
    n_out = len(rules.objects)
    corpus_rng, held_out_rng, init_rng, batch_rng = np.random.default_rng(seed).spawn(4)
    ids, targets = _encode(make_corpus(_child_seed(corpus_rng), settings.corpus_size), vocab, rules)
    full_batch = _collapse(ids, targets, n_out)
    held_out = _collapse(
        *_encode(make_corpus(_child_seed(held_out_rng), settings.held_out_size), vocab, rules),
        n_out,
    )
    probe_tokens = list(check.tokens)
    probe_input = [*probe_tokens[:OBJECT_ROW], MASK, *probe_tokens[OBJECT_ROW + 1 :]]
    probe_target = rules.objects.index(probe_tokens[OBJECT_ROW])

    params = init_params(init_rng, len(vocab), n_out, settings)
    first = _model(params, vocab, rules.objects)
    state = adam_init(params)
    previous: Params | None = None  # the state before the last update, for a rollback
    losses: list[float] = []
    accuracies: list[float] = []
    snapshots: list[tuple[int, np.ndarray]] = []
    diverged_at: int | None = None
    stopped = False
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        for step in range(steps + 1):
            if settings.batch_size is None or settings.batch_size >= settings.corpus_size:
                batch_ids, batch_targets = full_batch
            else:
                chosen = batch_rng.choice(settings.corpus_size, settings.batch_size, replace=False)
                batch_ids, batch_targets = _collapse(ids[chosen], targets[chosen], n_out)
            loss, grads, accuracy = loss_and_grads(
                params, batch_ids, batch_targets, OBJECT_ROW, use_softmax=use_softmax
            )
            model = _model(params, vocab, rules.objects)
            weights = model.attention(probe_input, use_softmax=use_softmax)
            first_loss = losses[0] if losses else loss
            if is_diverged(loss, first_loss, grads) or not np.all(np.isfinite(weights)):
                diverged_at = step
                params = previous if previous is not None else params
                break
            losses.append(loss)
            accuracies.append(accuracy)
            if step % snapshot_every == 0 or step == steps:
                snapshots.append((step, weights))
                progress = TrainProgress(step, steps, loss, accuracy, weights)
                if callback is not None and callback(progress) is False:
                    stopped = True
                    break
            if step == steps:
                break
            attention_frozen = ("w_q", "w_k") if step < settings.warmup else ()
            previous = params
            params, state = adam_step(
                params, grads, state, lr, settings.weight_decay, frozen=attention_frozen
            )

    steps_run = max(len(losses) - 1, 0)  # losses[t]: the loss after t updates
    model = _model(params, vocab, rules.objects)
    final_weights = model.attention(probe_input, use_softmax=use_softmax)
    if not snapshots or snapshots[-1][0] != steps_run:
        snapshots.append((steps_run, final_weights))
    return TrainResult(
        settings=settings,
        probe_tokens=probe_tokens,
        probe_input_tokens=probe_input,
        watch_row=OBJECT_ROW,
        probe_weights_before=first.attention(probe_input, use_softmax=use_softmax),
        probe_weights=final_weights,
        snapshots=snapshots,
        losses=read_only(np.array(losses)),
        accuracies=read_only(np.array(accuracies)),
        held_out_accuracy_before=_accuracy(first, held_out, use_softmax),
        held_out_accuracy=_accuracy(model, held_out, use_softmax),
        best_accuracy=rules.best_accuracy(),
        chance_accuracy=1.0 / n_out,
        prediction_before=read_only(first.predict(probe_input, use_softmax=use_softmax)),
        prediction=read_only(model.predict(probe_input, use_softmax=use_softmax)),
        cosines_before=_query_key_cosines(first, probe_input),
        cosines_after=_query_key_cosines(model, probe_input),
        centered_cosines_before=_query_key_cosines(first, probe_input, centered=True),
        centered_cosines_after=_query_key_cosines(model, probe_input, centered=True),
        readout_cosines_before=_readout_cosines(first, probe_input, probe_target),
        readout_cosines_after=_readout_cosines(model, probe_input, probe_target),
        steps_run=steps_run,
        diverged=diverged_at is not None,
        diverged_at=diverged_at,
        stopped=stopped,
        model_before=first,
        model=model,
        rules=rules,
    )


def _validate(s: TrainSettings) -> None:
    at_least = {"steps": 0, "warmup": 0, "d_model": 2, "d_k": 1, "d_v": 1}
    at_least |= {"corpus_size": 1, "held_out_size": 1, "snapshot_every": 1}
    for name, low in at_least.items():
        if getattr(s, name) < low:
            raise ValueError(f"{name} must be at least {low}; got {getattr(s, name)}")
    if s.d_model % 2:
        raise ValueError(f"d_model must be even for the sinusoidal encoding; got {s.d_model}")
    if not (s.lr > 0 and s.weight_decay >= 0 and s.init_scale > 0 and s.query_init_scale >= 0):
        raise ValueError(
            "need lr > 0, weight_decay >= 0, init_scale > 0, query_init_scale >= 0; got "
            f"{s.lr}, {s.weight_decay}, {s.init_scale}, {s.query_init_scale}"
        )
    if s.batch_size is not None and s.batch_size < 1:
        raise ValueError(f"batch_size must be None or at least 1; got {s.batch_size}")


def _child_seed(rng: np.random.Generator) -> int:
    return int(rng.integers(2**63))


def corpus_batch(corpus: list[list[str]]) -> tuple[np.ndarray, np.ndarray]:
    """The corpus as loss_and_grads takes it: ([B, n] distinct input rows, [B, C] fractions)."""
    rules = corpus_rules()
    return _collapse(*_encode(corpus, vocabulary(), rules), len(rules.objects))


def _encode(
    corpus: list[list[str]], vocab: tuple[str, ...], rules: CorpusRules
) -> tuple[np.ndarray, np.ndarray]:
    """([S, n] input ids with the object replaced by [mask], [S] object indices)."""
    word_id = {w: i for i, w in enumerate(vocab)}
    object_id = {w: i for i, w in enumerate(rules.objects)}
    hidden = [[*s[:OBJECT_ROW], MASK, *s[OBJECT_ROW + 1 :]] for s in corpus]
    ids = np.array([[word_id[w] for w in sentence] for sentence in hidden])
    targets = np.array([object_id[sentence[OBJECT_ROW]] for sentence in corpus])
    return ids, targets


def _collapse(ids: np.ndarray, targets: np.ndarray, n_out: int) -> tuple[np.ndarray, np.ndarray]:
    """[S, n] ids, [S] targets -> [B, n] distinct rows, [B, n_out] target fractions (sum 1)."""
    rows, inverse = np.unique(ids, axis=0, return_inverse=True)
    counts = np.zeros((rows.shape[0], n_out))
    np.add.at(counts, (inverse.ravel(), targets), 1.0)
    return rows, counts / len(targets)


def _scatter_rows(ids: np.ndarray, rows: np.ndarray, n_rows: int) -> np.ndarray:
    """[m], [m, d] -> [n_rows, d]: out[i] = sum of the rows whose id is i."""
    d = rows.shape[1]
    flat = (ids[:, None] * d + np.arange(d)).ravel()
    return np.bincount(flat, weights=rows.ravel(), minlength=n_rows * d).reshape(n_rows, d)


def _model(params: Params, vocab: tuple[str, ...], objects: tuple[str, ...]) -> TrainedModel:
    d_model, d_k = params["w_q"].shape
    return TrainedModel(
        vocab=vocab,
        output_vocab=objects,
        embeddings=read_only(params["embeddings"].copy()),
        w_q=read_only(params["w_q"].copy()),
        w_k=read_only(params["w_k"].copy()),
        w_v=read_only(params["w_v"].copy()),
        w_o=read_only(params["w_o"].copy()),
        b_o=read_only(params["b_o"].copy()),
        d_model=d_model,
        d_k=d_k,
        d_v=params["w_v"].shape[1],
    )


def _query_key_cosines(
    model: TrainedModel, tokens: list[str], *, centered: bool = False
) -> np.ndarray:
    x, pe = model.embed(tokens)
    q, k = (x + pe) @ model.w_q, (x + pe) @ model.w_k  # [n, d_k], [n, d_k]
    return cosines(q[OBJECT_ROW], k - k.mean(axis=0) if centered else k)


def _readout_cosines(model: TrainedModel, tokens: list[str], target: int) -> np.ndarray:
    x, pe = model.embed(tokens)
    return cosines(model.w_o[:, target], (x + pe) @ model.w_v)


def _accuracy(model: TrainedModel, data: tuple[np.ndarray, np.ndarray], use_softmax: bool) -> float:
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        _, _, accuracy = loss_and_grads(model.params(), *data, OBJECT_ROW, use_softmax=use_softmax)
    return accuracy
