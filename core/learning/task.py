"""Mode 1: a one-layer attention model learns which words are relevant to a hidden word.

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
from dataclasses import dataclass, field

import numpy as np

from core.arrays import read_only
from core.attention import AttentionResult, AttentionSettings, attend, softmax
from core.embeddings import positional_encoding
from core.learning.corpus import (
    DEFAULT_PROBE,
    MASK,
    OBJECT_ROW,
    CorpusRules,
    check_probe,
    corpus_rules,
    in_english,
    make_corpus,
    vocabulary,
)
from core.learning.optimiser import Params, Progress, descend
from core.similarity import cosine_matrix


@dataclass(frozen=True)
class TrainSettings:
    """Everything that decides a training run; `TrainSettings()` is the one set of defaults."""

    seed: int = 0  # seeds the corpus, the initial weights and the mini-batches
    use_softmax: bool = True  # False: weights are the scaled scores themselves
    steps: int = 200  # AdamW updates
    lr: float = 0.02  # AdamW learning rate
    d_model: int = 16  # width of embeddings and positional encoding
    d_k: int = 8  # width of queries and keys
    d_v: int = 8  # width of values and of the attention output z
    probe: str = DEFAULT_PROBE  # the sentence whose attention is watched (6 words of the corpus)
    corpus_size: int = 800  # training sentences
    held_out_size: int = 400  # sentences drawn with another seed, for accuracy only
    batch_size: int | None = None  # None: full batch; else mini-batches drawn with the seed
    snapshot_every: int = 10  # steps between snapshots and callback calls
    warmup: int = 50  # first steps with W_Q, W_K frozen: values learn before attention does
    weight_decay: float = 0.5  # AdamW decay on matrices; without it relevance is not reliable
    init_scale: float = 0.5  # standard deviation of the initial embeddings
    query_init_scale: float = 0.1  # W_Q's std is this / √d_model: near-uniform attention


def project_attend(
    x: np.ndarray, w_q: np.ndarray, w_k: np.ndarray, w_v: np.ndarray, *, use_softmax: bool
) -> AttentionResult:
    """[n, d_model] inputs (embedding + position) through W_Q, W_K, W_V, then attention."""
    return attend(x @ w_q, x @ w_k, x @ w_v, AttentionSettings(use_softmax=use_softmax))


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
        """True for each token (case ignored) the model has never seen, input or output. A
        Chinese token is its corpus word's English one (corpus.in_english: 猫 is "cat")."""
        known = set(self.vocab) | set(self.output_vocab)
        return [t not in known for t in in_english(tokens)]

    def hidden(self, tokens: list[str]) -> list[bool]:
        """True for each object word: it is fed as [mask]."""
        objects = set(self.output_vocab)
        return [t in objects for t in in_english(tokens)]

    def embed(self, tokens: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """(embedding [n, d_model], positions [n, d_model]); unknown tokens get a zero vector."""
        index = {w: i for i, w in enumerate(self.vocab)}
        objects = set(self.output_vocab)
        x = np.zeros((len(tokens), self.d_model))
        for i, token in enumerate(in_english(tokens)):
            row = index[MASK] if token in objects else index.get(token)
            if row is not None:
                x[i] = self.embeddings[row]
        return x, positional_encoding(len(tokens), self.d_model)

    def forward(self, tokens: list[str], *, use_softmax: bool = True) -> AttentionResult:
        """The tokens through the trained layers: q, k, v computed once, then attention."""
        embedding, positions = self.embed(tokens)
        return project_attend(
            embedding + positions, self.w_q, self.w_k, self.w_v, use_softmax=use_softmax
        )

    def attention(self, tokens: list[str], *, use_softmax: bool = True) -> np.ndarray:
        """[n, n] attention weights of the tokens through the trained layers."""
        return self.forward(tokens, use_softmax=use_softmax).weights

    def predict(
        self, tokens: list[str], row: int = OBJECT_ROW, *, use_softmax: bool = True
    ) -> np.ndarray:
        """[n_objects] probabilities for the word at `row`, which is fed as [mask]."""
        hidden = [*tokens[:row], MASK, *tokens[row + 1 :]]
        output = self.forward(hidden, use_softmax=use_softmax).output  # [n, d_v]
        return softmax(output[row] @ self.w_o + self.b_o)

    def params(self) -> Params:
        """The parameters as the dict that loss_and_grads takes (copies)."""
        names = ("embeddings", "w_q", "w_k", "w_v", "w_o", "b_o")
        return {name: np.array(getattr(self, name)) for name in names}


@dataclass(frozen=True)
class Alignment:
    """How the probe's vectors line up, at one moment; each array [n], one entry per position.

    query_key: cos(q at the watch row, k_j), the two vectors whose dot product is the score.
    centred_query_key: cos(q, k_j - mean of the keys). Softmax ignores what all keys share, so
    with softmax this is the angle that decides the weights; the plain cosine can be high for
    every key at once, and then key lengths decide.
    readout: cos(v_j, the output layer's column for the probe's object): how much what
    position j passes on points at that object.
    """

    query_key: np.ndarray  # [n]
    centred_query_key: np.ndarray  # [n]
    readout: np.ndarray  # [n]


@dataclass(frozen=True)
class TrainResult:
    """A finished, stopped or diverged run; per-step arrays have one entry per step run.

    Snapshots are kept small: one [n, n] matrix every `settings.snapshot_every` steps, stacked.
    """

    settings: TrainSettings
    probe_tokens: list[str]  # as shown: ["the", "black", "cat", "drank", "the", "milk"]
    probe_input_tokens: list[str]  # as fed to the model: the watch row replaced by [mask]
    watch_row: int  # the hidden object's position
    probe_weights_before: np.ndarray  # [n, n]
    probe_weights: np.ndarray  # [n, n] after training; only the watch row was trained
    snapshot_steps: np.ndarray  # [m] 0, every, 2·every, ..., steps_run
    snapshots: np.ndarray  # [m, n, n] the probe's weights at those steps
    losses: np.ndarray  # [steps_run + 1] training loss after 0, 1, ..., steps_run updates
    accuracies: np.ndarray  # [steps_run + 1] training accuracy, likewise
    held_out_accuracy_before: float
    held_out_accuracy: float  # on held_out_size sentences drawn with another seed
    best_accuracy: float  # the ideal predictor that knows the rules
    chance_accuracy: float  # 1 / number of objects
    prediction_before: np.ndarray  # [n_objects] the probe's distribution, model.output_vocab
    prediction: np.ndarray  # [n_objects]
    alignment_before: Alignment
    alignment_after: Alignment
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
    probs = softmax(logits, axis=-1)  # [B, C]
    log_probs = np.log(probs, out=np.zeros_like(probs), where=targets > 0)  # [B, C]
    loss = float(-np.sum(targets * log_probs))
    accuracy = float(np.sum(targets[np.arange(batch), np.argmax(logits, axis=-1)]))

    grad_logits = probs * targets.sum(axis=-1, keepdims=True) - targets  # [B, C]
    grad_z = grad_logits @ w_o.T  # [B, d_v]
    grad_weights = np.sum(v * grad_z[:, None, :], axis=-1)  # [B, n]
    grad_v = weights[:, :, None] * grad_z[:, None, :]  # [B, n, d_v]
    if use_softmax:
        inner = np.sum(weights * grad_weights, axis=-1, keepdims=True)  # [B, 1]
        grad_scores = weights * (grad_weights - inner)
    else:
        grad_scores = grad_weights
    grad_scores = grad_scores / np.sqrt(d_k)  # [B, n]
    grad_q = np.sum(grad_scores[:, :, None] * k, axis=1)  # [B, d_k]
    grad_k = grad_scores[:, :, None] * q[:, None, :]  # [B, n, d_k]
    grad_x = grad_k @ w_k.T + grad_v @ w_v.T  # [B, n, d_model]
    grad_x[:, watch_row] += grad_q @ w_q.T
    flat_x = x.reshape(-1, d_model)  # [B·n, d_model]
    grads = {
        "embeddings": _scatter_rows(ids.ravel(), grad_x.reshape(-1, d_model), emb.shape[0]),
        "w_q": x_w.T @ grad_q,
        "w_k": flat_x.T @ grad_k.reshape(-1, d_k),
        "w_v": flat_x.T @ grad_v.reshape(-1, grad_v.shape[-1]),
        "w_o": z.T @ grad_logits,
        "b_o": grad_logits.sum(axis=0),
    }
    return loss, grads, accuracy


def initial_model(settings: TrainSettings) -> TrainedModel:
    """The model before any update: what `train(settings)` starts from (cheap, no corpus)."""
    _validate(settings)
    rules = corpus_rules()
    vocab = vocabulary()
    _, _, init_rng, _ = _streams(settings.seed)
    params = init_params(init_rng, len(vocab), len(rules.objects), settings)
    return _model(params, vocab, rules.objects)


def initial_probe_weights(settings: TrainSettings) -> np.ndarray:
    """[n, n] the probe's attention before any update: step 0 of `train(settings)`."""
    model = initial_model(settings)
    return read_only(model.attention(_probe_input(settings), use_softmax=settings.use_softmax))


def _probe_input(settings: TrainSettings) -> list[str]:
    """The probe as the model reads it: its hidden object replaced by [mask]."""
    tokens = list(check_probe(settings.probe).tokens)
    return [*tokens[:OBJECT_ROW], MASK, *tokens[OBJECT_ROW + 1 :]]


def train(
    settings: TrainSettings | None = None,
    *,
    callback: Callable[[Progress], bool | None] | None = None,
) -> TrainResult:
    """Train the one-layer model on a seeded corpus and watch the probe's hidden-word row.

    `callback` runs every `settings.snapshot_every` steps with the probe's [n, n] weights as
    `watched`; returning False stops the run. The same settings always give the same result.
    """
    settings = TrainSettings() if settings is None else settings
    _validate(settings)
    rules = corpus_rules()
    vocab = vocabulary()
    n_out = len(rules.objects)
    corpus_rng, held_out_rng, init_rng, batch_rng = _streams(settings.seed)
    ids, targets = _encode(make_corpus(_child_seed(corpus_rng), settings.corpus_size), vocab, rules)
    full_batch = _collapse(ids, targets, n_out)
    held_out = _collapse(
        *_encode(make_corpus(_child_seed(held_out_rng), settings.held_out_size), vocab, rules),
        n_out,
    )
    probe_tokens = list(check_probe(settings.probe).tokens)
    probe_input = _probe_input(settings)
    probe_ids = np.array([vocab.index(w) for w in probe_input])
    probe_positions = positional_encoding(len(probe_ids), settings.d_model)
    probe_target = rules.objects.index(probe_tokens[OBJECT_ROW])
    use_softmax = settings.use_softmax

    def batch_loss(params: Params) -> tuple[float, Params, float]:
        batch = full_batch
        if settings.batch_size is not None and settings.batch_size < settings.corpus_size:
            chosen = batch_rng.choice(settings.corpus_size, settings.batch_size, replace=False)
            batch = _collapse(ids[chosen], targets[chosen], n_out)
        return loss_and_grads(params, *batch, OBJECT_ROW, use_softmax=use_softmax)

    def probe_weights(params: Params) -> np.ndarray:  # [n, n]
        x = params["embeddings"][probe_ids] + probe_positions
        w_q, w_k, w_v = params["w_q"], params["w_k"], params["w_v"]
        return project_attend(x, w_q, w_k, w_v, use_softmax=use_softmax).weights

    start = init_params(init_rng, len(vocab), n_out, settings)
    run = descend(
        start,
        batch_loss,
        probe_weights,
        steps=settings.steps,
        lr=settings.lr,
        weight_decay=settings.weight_decay,
        frozen=lambda step: ("w_q", "w_k") if step < settings.warmup else (),
        snapshot_every=settings.snapshot_every,
        callback=callback,
    )
    first = _model(start, vocab, rules.objects)
    model = _model(run.params, vocab, rules.objects)
    return TrainResult(
        settings=settings,
        probe_tokens=probe_tokens,
        probe_input_tokens=probe_input,
        watch_row=OBJECT_ROW,
        probe_weights_before=read_only(probe_weights(start)),
        probe_weights=read_only(run.snapshots[-1].copy()),
        snapshot_steps=run.snapshot_steps,
        snapshots=run.snapshots,
        losses=run.losses,
        accuracies=run.accuracies,
        held_out_accuracy_before=_accuracy(first, held_out, use_softmax),
        held_out_accuracy=_accuracy(model, held_out, use_softmax),
        best_accuracy=rules.best_accuracy(),
        chance_accuracy=1.0 / n_out,
        prediction_before=read_only(first.predict(probe_input, use_softmax=use_softmax)),
        prediction=read_only(model.predict(probe_input, use_softmax=use_softmax)),
        alignment_before=_alignment(first, probe_input, probe_target),
        alignment_after=_alignment(model, probe_input, probe_target),
        steps_run=run.steps_run,
        diverged=run.diverged_at is not None,
        diverged_at=run.diverged_at,
        stopped=run.stopped,
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
    check = check_probe(s.probe)
    if not check.ok:
        raise ValueError(
            f"probe does not fit the corpus ({check.problem}: {check.offending}); "
            "call check_probe first"
        )


def _streams(seed: int) -> list[np.random.Generator]:
    """Independent generators for the corpus, the held-out set, the weights, the batches."""
    return np.random.default_rng(seed).spawn(4)


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


def _alignment(model: TrainedModel, tokens: list[str], target: int) -> Alignment:
    embedding, positions = model.embed(tokens)
    x = embedding + positions  # [n, d_model]
    q, k, v = x @ model.w_q, x @ model.w_k, x @ model.w_v  # [n, d_k], [n, d_k], [n, d_v]
    query = q[OBJECT_ROW : OBJECT_ROW + 1]  # [1, d_k]
    return Alignment(
        query_key=read_only(cosine_matrix(query, k)[0]),
        centred_query_key=read_only(cosine_matrix(query, k - k.mean(axis=0))[0]),
        readout=read_only(cosine_matrix(model.w_o[:, target][None, :], v)[0]),
    )


def _accuracy(model: TrainedModel, data: tuple[np.ndarray, np.ndarray], use_softmax: bool) -> float:
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        _, _, accuracy = loss_and_grads(model.params(), *data, OBJECT_ROW, use_softmax=use_softmax)
    return accuracy
