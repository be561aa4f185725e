"""The section-7 training core: gradients, emergence of relevance, safety without softmax."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from core.attention import softmax
from core.embeddings import positional_encoding
from core.learning.corpus import (
    DEFAULT_PROBE,
    MASK,
    OBJECT_ROW,
    PATTERN,
    ProbeProblem,
    check_probe,
    corpus_rules,
    make_corpus,
    vocabulary,
)
from core.learning.optimiser import Progress, descend
from core.learning.relevance import fit_relevance, relevance_loss_and_grads
from core.learning.task import (
    TrainResult,
    TrainSettings,
    initial_probe_weights,
    loss_and_grads,
    train,
)

DEFAULTS = TrainSettings()

ORDER_SEEDS = range(20)
DRANK, CAT, BLACK = 3, 2, 1  # positions in "the black cat drank the milk"


def _relative_error(analytic: np.ndarray, numeric: np.ndarray) -> float:
    return float(
        np.linalg.norm(analytic - numeric)
        / max(np.linalg.norm(analytic) + np.linalg.norm(numeric), 1e-12)
    )


def _numeric_grad(loss_of, params: dict[str, np.ndarray], name: str, eps: float = 1e-6):
    """Central differences of loss_of(params) for every entry of params[name]."""
    grad = np.zeros_like(params[name])
    for index in np.ndindex(params[name].shape):
        for sign in (1.0, -1.0):
            shifted = {k: v.copy() for k, v in params.items()}
            shifted[name][index] += sign * eps
            grad[index] += sign * loss_of(shifted) / (2 * eps)
    return grad


def _tiny_mode1(rng: np.random.Generator) -> tuple[dict, np.ndarray, np.ndarray]:
    n_vocab, n_out, d_model, d_k, d_v, batch, n = 5, 3, 4, 3, 2, 3, 4
    params = {
        "embeddings": rng.standard_normal((n_vocab, d_model)),
        "w_q": rng.standard_normal((d_model, d_k)),
        "w_k": rng.standard_normal((d_model, d_k)),
        "w_v": rng.standard_normal((d_model, d_v)),
        "w_o": rng.standard_normal((d_v, n_out)),
        "b_o": rng.standard_normal(n_out),
    }
    ids = rng.integers(n_vocab, size=(batch, n))
    ids[:, 2] = 0  # a repeated token, so the embedding gradient has to add up
    targets = rng.random((batch, n_out))
    targets[0, 1] = 0.0
    return params, ids, targets / targets.sum()


# --- gradients -----------------------------------------------------------------------------


@pytest.mark.parametrize("use_softmax", [True, False])
@pytest.mark.parametrize("name", ["embeddings", "w_q", "w_k", "w_v", "w_o", "b_o"])
def test_mode1_gradient_matches_finite_differences(use_softmax: bool, name: str) -> None:
    params, ids, targets = _tiny_mode1(np.random.default_rng(7))
    watch_row = 3
    _, grads, _ = loss_and_grads(params, ids, targets, watch_row, use_softmax=use_softmax)

    def loss_of(p: dict[str, np.ndarray]) -> float:
        return loss_and_grads(p, ids, targets, watch_row, use_softmax=use_softmax)[0]

    numeric = _numeric_grad(loss_of, params, name)
    assert np.linalg.norm(numeric) > 1e-6, "the check would be vacuous"
    assert _relative_error(grads[name], numeric) < 1e-5


@pytest.mark.parametrize("use_softmax", [True, False])
@pytest.mark.parametrize("name", ["embeddings", "w_q", "w_k"])
def test_mode2_gradient_matches_finite_differences(use_softmax: bool, name: str) -> None:
    rng = np.random.default_rng(11)
    d_model, d_k = 4, 3
    params = {
        "embeddings": rng.standard_normal((4, d_model)),
        "w_q": rng.standard_normal((d_model, d_k)),
        "w_k": rng.standard_normal((d_model, d_k)),
    }
    ids = np.array([0, 1, 2, 0, 3])  # token 0 twice
    targets = np.array([0.1, 0.0, 0.5, 0.4, 0.0])
    _, grads = relevance_loss_and_grads(params, ids, 2, targets, use_softmax=use_softmax)

    def loss_of(p: dict[str, np.ndarray]) -> float:
        return relevance_loss_and_grads(p, ids, 2, targets, use_softmax=use_softmax)[0]

    numeric = _numeric_grad(loss_of, params, name)
    assert np.linalg.norm(numeric) > 1e-6
    assert _relative_error(grads[name], numeric) < 1e-5


def test_collapsed_batch_loss_equals_per_sentence_mean() -> None:
    """Counting duplicates as target fractions gives the plain mean cross-entropy."""
    rng = np.random.default_rng(3)
    params, _, _ = _tiny_mode1(rng)
    ids = np.array([[1, 2, 0, 4], [1, 2, 0, 4], [3, 2, 0, 4]])
    objects = np.array([0, 2, 1])
    targets = np.zeros((3, 3))
    targets[np.arange(3), objects] = 1 / 3
    loss, _, _ = loss_and_grads(params, ids, targets, 3, use_softmax=True)

    x = params["embeddings"][ids] + positional_encoding(4, 4)
    per_sentence = []
    for b in range(3):
        q = x[b, 3] @ params["w_q"]
        k = x[b] @ params["w_k"]
        w = softmax(k @ q / np.sqrt(3))
        logits = (w @ (x[b] @ params["w_v"])) @ params["w_o"] + params["b_o"]
        per_sentence.append(-np.log(softmax(logits)[objects[b]]))
    assert loss == pytest.approx(np.mean(per_sentence), rel=1e-12)


# --- relevance emerges ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def default_runs() -> list[TrainResult]:
    return [train(TrainSettings(seed=seed)) for seed in ORDER_SEEDS]


def test_drank_beats_cat_beats_black_in_at_least_18_of_20_seeds(default_runs) -> None:
    rows = [r.probe_weights[r.watch_row] for r in default_runs]
    passed = [s for s, w in zip(ORDER_SEEDS, rows, strict=True) if w[DRANK] > w[CAT] > w[BLACK]]
    assert len(passed) >= 18, f"only seeds {passed} rank drank > cat > black"


def test_probe_is_the_article_sentence(default_runs) -> None:
    r = default_runs[0]
    assert r.probe_tokens == ["the", "black", "cat", "drank", "the", "milk"]
    assert r.probe_input_tokens == ["the", "black", "cat", "drank", "the", MASK]
    assert r.watch_row == OBJECT_ROW == 5
    assert r.probe_weights.shape == r.probe_weights_before.shape == (6, 6)
    np.testing.assert_allclose(r.probe_weights.sum(axis=1), 1.0)


def test_attention_starts_nearly_uniform(default_runs) -> None:
    for r in default_runs:
        assert np.ptp(r.probe_weights_before[r.watch_row]) < 0.05


def test_loss_falls_and_held_out_accuracy_is_far_above_chance(default_runs) -> None:
    for r in default_runs:
        assert r.losses[-1] < 0.5 * r.losses[0]
        assert r.held_out_accuracy > 10 * r.chance_accuracy
        assert r.held_out_accuracy > 0.9 * r.best_accuracy
        assert r.held_out_accuracy_before < 3 * r.chance_accuracy


def test_query_key_cosine_with_drank_grows_and_ends_above_black(default_runs) -> None:
    before = [r.alignment_before.query_key for r in default_runs]
    after = [r.alignment_after.query_key for r in default_runs]
    grew = sum(a[DRANK] > b[DRANK] for a, b in zip(after, before, strict=True))
    above = sum(a[DRANK] > a[BLACK] for a in after)
    assert grew >= 18
    assert above >= 18
    black_change = np.mean([a[BLACK] - b[BLACK] for a, b in zip(after, before, strict=True)])
    assert black_change < 0


def test_centered_cosines_of_drank_and_cat_grow(default_runs) -> None:
    before = [r.alignment_before.centred_query_key for r in default_runs]
    after = [r.alignment_after.centred_query_key for r in default_runs]
    for position in (DRANK, CAT):
        grew = [a[position] > b[position] for a, b in zip(after, before, strict=True)]
        assert sum(grew) >= 18


def test_probe_prediction_prefers_the_cat_s_drink(default_runs) -> None:
    r = default_runs[0]
    after = dict(zip(r.model.output_vocab, r.prediction, strict=True))
    assert max(after, key=after.get) == "milk"
    assert sum(after[o] for o in ("milk", "water", "juice", "tea")) > 0.9


def test_snapshots_run_from_first_to_last_step(default_runs) -> None:
    r = default_runs[0]
    steps = list(r.snapshot_steps)
    assert steps == list(range(0, DEFAULTS.steps + 1, DEFAULTS.snapshot_every))
    assert r.snapshots.shape == (len(steps), 6, 6)
    np.testing.assert_array_equal(r.snapshots[0], r.probe_weights_before)
    np.testing.assert_array_equal(r.snapshots[-1], r.probe_weights)
    np.testing.assert_allclose(initial_probe_weights(DEFAULTS), r.probe_weights_before)
    assert len(r.losses) == len(r.accuracies) == r.steps_run + 1


def test_training_is_deterministic(default_runs) -> None:
    again = train(TrainSettings(seed=3))
    first = default_runs[3]
    np.testing.assert_array_equal(again.losses, first.losses)
    np.testing.assert_array_equal(again.probe_weights, first.probe_weights)
    np.testing.assert_array_equal(again.model.embeddings, first.model.embeddings)
    assert not np.array_equal(default_runs[4].probe_weights, first.probe_weights)


def test_mini_batches_are_seeded() -> None:
    a = train(TrainSettings(seed=1, steps=30, batch_size=64))
    b = train(TrainSettings(seed=1, steps=30, batch_size=64))
    np.testing.assert_array_equal(a.losses, b.losses)
    assert a.settings.batch_size == 64


# --- callback, stop, divergence ------------------------------------------------------------


def test_callback_sees_progress_and_can_stop() -> None:
    seen: list[Progress] = []

    def stop_at_20(progress: Progress) -> bool:
        seen.append(progress)
        return progress.step < 20

    r = train(TrainSettings(steps=100, snapshot_every=10), callback=stop_at_20)
    assert [p.step for p in seen] == [0, 10, 20]
    assert r.stopped and not r.diverged
    assert r.steps_run == 20 and len(r.losses) == 21
    assert r.snapshot_steps[-1] == 20
    np.testing.assert_array_equal(seen[-1].watched, r.probe_weights)
    assert seen[-1].loss == r.losses[-1]


def test_callback_returning_none_does_not_stop() -> None:
    r = train(TrainSettings(steps=20, snapshot_every=5), callback=lambda progress: None)
    assert not r.stopped and r.steps_run == 20


def _all_arrays(value: object) -> list[np.ndarray]:
    if isinstance(value, np.ndarray):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [a for f in dataclasses.fields(value) for a in _all_arrays(getattr(value, f.name))]
    if isinstance(value, list | tuple):
        return [a for item in value for a in _all_arrays(item)]
    return []


def _assert_all_finite(result: object) -> None:
    arrays = [a for a in _all_arrays(result) if np.issubdtype(a.dtype, np.floating)]
    assert arrays
    for a in arrays:
        assert np.all(np.isfinite(a))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_without_softmax_nothing_is_nan_or_inf(seed: int) -> None:
    r = train(TrainSettings(seed=seed, use_softmax=False))
    _assert_all_finite(r)
    assert r.settings.use_softmax is False


def test_without_softmax_a_large_step_diverges_and_keeps_the_last_finite_state() -> None:
    r = train(TrainSettings(use_softmax=False, lr=1.0))
    assert r.diverged and r.diverged_at is not None
    assert r.steps_run == r.diverged_at - 1 == len(r.losses) - 1
    assert r.steps_run < DEFAULTS.steps
    _assert_all_finite(r)
    assert r.snapshot_steps[-1] == r.steps_run


def test_with_softmax_the_same_large_step_does_not_diverge() -> None:
    r = train(TrainSettings(lr=1.0))
    assert not r.diverged
    _assert_all_finite(r)


def test_bad_settings_and_probe_are_refused() -> None:
    with pytest.raises(ValueError, match="d_model"):
        train(TrainSettings(d_model=7))
    with pytest.raises(ValueError, match="probe"):
        train(TrainSettings(probe="the black cat drank"))
    with pytest.raises(TypeError):
        TrainSettings(no_such_setting=1)  # type: ignore[call-arg]


# --- corpus and probe ----------------------------------------------------------------------


def test_corpus_follows_the_rules() -> None:
    rules = corpus_rules()
    corpus = make_corpus(5, 2000)
    assert corpus == make_corpus(5, 2000)
    assert corpus != make_corpus(6, 2000)
    never = dict(rules.never)
    for sentence in corpus:
        the, adjective, animal, verb, the2, obj = sentence
        assert (the, the2) == ("the", "the")
        assert adjective in rules.adjectives and animal in rules.animals
        assert obj in dict(rules.objects_by_verb)[verb]
        assert obj not in never[animal]
    for verb in rules.verbs:
        for animal in rules.animals:
            assert sum(rules.probabilities(verb, animal).values()) == pytest.approx(1.0)
    assert 0.5 < rules.best_accuracy() < 1.0


def test_object_does_not_depend_on_the_adjective() -> None:
    corpus = make_corpus(0, 20000)
    cat_drank = [s for s in corpus if s[2] == "cat" and s[3] == "drank"]
    share = {}
    for adjective in ("black", "white"):
        rows = [s for s in cat_drank if s[1] == adjective]
        share[adjective] = np.mean([s[5] == "milk" for s in rows])
    expected = corpus_rules().probabilities("drank", "cat")["milk"]
    assert share["black"] == pytest.approx(expected, abs=0.07)
    assert share["white"] == pytest.approx(expected, abs=0.07)


@pytest.mark.parametrize(
    ("probe", "problem", "offending"),
    [
        ("", ProbeProblem.EMPTY, ()),
        (
            "the cat drank the milk",
            ProbeProblem.WRONG_LENGTH,
            ("the", "cat", "drank", "the", "milk"),
        ),
        ("the black fox drank the coffee", ProbeProblem.UNKNOWN_WORDS, ("fox", "coffee")),
        ("the cat black drank the milk", ProbeProblem.WRONG_PATTERN, ("cat", "black")),
        ("the black cat milk the drank", ProbeProblem.WRONG_PATTERN, ("milk", "drank")),
    ],
)
def test_check_probe_names_the_problem(probe: str, problem: ProbeProblem, offending) -> None:
    check = check_probe(probe)
    assert check.problem is problem and not check.ok
    assert check.offending == offending


def test_check_probe_accepts_case_and_punctuation() -> None:
    check = check_probe("The BLACK cat drank the milk.")
    assert check.ok and check.tokens == ("the", "black", "cat", "drank", "the", "milk")
    assert check_probe(DEFAULT_PROBE).ok
    wrong = check_probe("the cat black drank the milk")
    assert wrong.positions == (1, 2)
    assert wrong.expected_roles == (PATTERN[1], PATTERN[2])


# --- the trained model as an embedding source ----------------------------------------------


def test_trained_model_embeds_like_training(default_runs) -> None:
    r = default_runs[0]
    model = r.model
    tokens = ["The", "black", "cat", "drank", "the", "MILK", "zebra"]
    x, positions = model.embed(tokens)
    assert x.shape == positions.shape == (7, model.d_model)
    np.testing.assert_array_equal(positions, positional_encoding(7, model.d_model))
    index = {w: i for i, w in enumerate(model.vocab)}
    np.testing.assert_array_equal(x[0], model.embeddings[index["the"]])
    np.testing.assert_array_equal(x[5], model.embeddings[index[MASK]])  # objects are hidden
    np.testing.assert_array_equal(x[6], 0.0)
    assert model.unknown(tokens) == [False] * 6 + [True]
    assert model.hidden(tokens) == [False] * 5 + [True, False]
    np.testing.assert_allclose(model.attention(r.probe_tokens), r.probe_weights)
    assert model.vocab == vocabulary()
    assert model.w_q.shape == model.w_k.shape == (model.d_model, model.d_k)


def test_results_are_read_only(default_runs) -> None:
    r = default_runs[0]
    with pytest.raises(ValueError):
        r.model.embeddings[0, 0] = 1.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.diverged = True  # type: ignore[misc]


# --- mode 2: relevance set by hand ---------------------------------------------------------


@pytest.mark.parametrize("use_softmax", [True, False])
def test_fit_relevance_reaches_the_target(use_softmax: bool) -> None:
    tokens = DEFAULT_PROBE.split()
    r = fit_relevance(tokens, 5, {3: 6, 2: 3, 1: 1}, seed=0, use_softmax=use_softmax)
    np.testing.assert_allclose(r.targets, [0, 0.1, 0.3, 0.6, 0, 0])
    assert r.max_error < 0.02
    assert r.losses[-1] < 0.01 * r.losses[0]
    assert not r.diverged and not r.stopped
    assert r.weights_before.shape == r.weights_after.shape == r.cosines_after.shape == (6,)
    assert r.tokens[0] == "the"
    _assert_all_finite(r)


def test_fit_relevance_with_softmax_turns_the_query_towards_the_chosen_key() -> None:
    r = fit_relevance(DEFAULT_PROBE.split(), 5, {3: 1.0}, seed=0)
    assert r.cosines_after[3] > r.cosines_before[3]
    assert r.cosines_after[3] == max(r.cosines_after)
    np.testing.assert_allclose(r.after.weights.sum(axis=1), 1.0)


def test_fit_relevance_callback_can_stop_and_targets_are_checked() -> None:
    r = fit_relevance(["a", "b", "c"], 0, [1, 1, 0], steps=50, callback=lambda p: p.step < 10)
    assert r.stopped and r.steps_run == 10
    with pytest.raises(ValueError, match="non-negative"):
        fit_relevance(["a", "b"], 0, [1, -1])
    with pytest.raises(ValueError, match="outside"):
        fit_relevance(["a", "b"], 0, {5: 1.0})
    with pytest.raises(ValueError, match="all be zero"):
        fit_relevance(["a", "b"], 0, [0, 0])
    with pytest.raises(ValueError, match="query_index"):
        fit_relevance(["a", "b"], 2, [1, 0])


def test_fit_relevance_accepts_the_app_s_projection() -> None:
    rng = np.random.default_rng(0)
    w_q, w_k = rng.standard_normal((2, 8, 4))
    r = fit_relevance(["x", "y", "z"], 1, [0.2, 0.3, 0.5], w_q=w_q, w_k=w_k, steps=0)
    np.testing.assert_array_equal(r.before.w_q, w_q)
    assert r.steps_run == 0 and len(r.losses) == 1


def test_learning_core_imports_only_numpy() -> None:
    code = (
        "import sys, core.learning.task, core.learning.relevance; "
        "print(any(m.split('.')[0] in ('streamlit', 'altair') for m in sys.modules))"
    )
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == "False"


# --- the one training loop (both modes use it) -------------------------------------------------


def _quadratic(target: float):
    """Loss ½‖w - target‖² with its gradient; accuracy: how many entries are within 0.1."""

    def loss_and_grads(p: dict[str, np.ndarray]):
        diff = p["w"] - target
        return float(0.5 * np.sum(diff**2)), {"w": diff}, float(np.mean(np.abs(diff) < 0.1))

    return loss_and_grads


def test_descend_converges_and_snapshots_every_n_steps() -> None:
    run = descend(
        {"w": np.zeros(3)},
        _quadratic(1.0),
        lambda p: p["w"].copy(),
        steps=300,
        lr=0.05,
        snapshot_every=100,
    )
    assert list(run.snapshot_steps) == [0, 100, 200, 300]
    np.testing.assert_array_equal(run.snapshots[0], 0.0)
    np.testing.assert_allclose(run.snapshots[-1], run.params["w"])
    np.testing.assert_allclose(run.params["w"], 1.0, atol=0.05)
    assert len(run.losses) == len(run.accuracies) == 301 and run.steps_run == 300
    assert run.accuracies[0] == 0.0 and run.accuracies[-1] == 1.0
    assert not run.stopped and run.diverged_at is None


def test_descend_rolls_back_to_the_last_finite_state() -> None:
    def blows_up_at_5(p: dict[str, np.ndarray]):
        loss, grads, acc = _quadratic(1.0)(p)
        return (np.inf if p["w"][0] > 0.2 else loss), grads, acc  # w rises 0.05 a step

    seen: list[int] = []
    run = descend(
        {"w": np.zeros(2)},
        blows_up_at_5,
        lambda p: p["w"].copy(),
        steps=100,
        lr=0.05,
        snapshot_every=1,
        callback=lambda progress: seen.append(progress.step),
    )
    assert run.diverged_at is not None and run.steps_run == run.diverged_at - 1
    assert run.params["w"][0] <= 0.2  # the state before the failing update
    assert len(run.losses) == run.steps_run + 1
    assert run.snapshot_steps[-1] == run.steps_run == seen[-1]
    assert np.all(np.isfinite(run.snapshots))


def test_descend_stops_when_the_callback_says_so_and_freezes_what_it_is_told() -> None:
    run = descend(
        {"w": np.zeros(2), "b": np.zeros(1)},
        lambda p: (0.0, {"w": np.ones(2), "b": np.ones(1)}, 0.0),
        lambda p: p["w"].copy(),
        steps=50,
        lr=0.1,
        frozen=lambda step: ("b",) if step < 3 else (),
        snapshot_every=5,
        callback=lambda progress: progress.step < 10,
    )
    assert run.stopped and run.steps_run == 10
    assert list(run.snapshot_steps) == [0, 5, 10]
    assert run.params["w"][0] < run.params["b"][0] < 0  # b moved 3 steps fewer


# --- the bounded store of finished runs (ui/compute.py) ----------------------------------------


def test_run_store_keeps_at_most_its_bound_and_drops_the_least_recently_used() -> None:
    from ui.compute import MAX_RUNS, RunStore

    assert 0 < MAX_RUNS <= 256  # ~110 KB a 2,000-step run: far under 600 MB at the bound
    store = RunStore(3)
    runs = [train(TrainSettings(seed=s, steps=2, held_out_size=10)) for s in range(4)]
    for r in runs[:3]:
        store.put(r)
    assert store.get(runs[0].settings) is runs[0]  # now the most recently used
    store.put(runs[3])
    assert len(store) == 3
    assert store.get(runs[1].settings) is None  # the least recently used went
    assert store.get(runs[0].settings) is runs[0] and store.get(runs[3].settings) is runs[3]


def test_a_long_run_stays_small() -> None:
    import pickle

    r = train(TrainSettings(steps=2000))
    assert len(pickle.dumps(r)) < 300_000  # bytes: snapshots every 10 steps, [6, 6] each
    assert r.snapshots.shape == (201, 6, 6)


# --- page 7 through AppTest ------------------------------------------------------------------


def _page(params: dict[str, str] | None = None):
    from tests.apptest_utils import open_page, page_file

    at = open_page(page_file("learn"), params or {})
    assert not at.exception, [e.value for e in at.exception]
    return at


def _texts(lang: str, key: str, **kwargs: object) -> str:
    from ui.i18n import TEXTS

    text = TEXTS[key][lang]
    return text.format(**kwargs) if kwargs else text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_page7_draws_the_untrained_attention_before_train(lang: str) -> None:
    from tests.apptest_utils import all_text, chart_records

    at = _page({"lang": lang})
    assert _texts(lang, "learn_press_train") in all_text(at)
    title = _texts(lang, "learn_live_heatmap", step=0)
    records = chart_records(at, title)
    expected = initial_probe_weights(DEFAULTS)
    np.testing.assert_allclose([r["value"] for r in records], expected.ravel(), atol=1e-12)
    assert at.button(key="learn_replay").disabled  # nothing to replay yet


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_page7_trains_ranks_replays_and_names_the_measure(lang: str) -> None:
    from app_pages.learn.task import frame_indices
    from tests.apptest_utils import all_text, chart_records, chart_titles

    at = _page({"lang": lang})
    at.button(key="learn_train").click().run()
    assert not at.exception, [e.value for e in at.exception]
    expected = train(DEFAULTS)
    titles = chart_titles(at)
    for key in ("learn_curves", "learn_before", "learn_after"):
        assert _texts(lang, key) in titles
    after = chart_records(at, _texts(lang, "learn_after"))
    np.testing.assert_allclose(
        [r["value"] for r in after], expected.probe_weights.ravel(), atol=1e-9
    )
    row = np.array([r["value"] for r in after]).reshape(6, 6)[5]
    assert row[DRANK] > row[CAT] > row[BLACK]
    assert at.session_state["lrun"] is True
    # the table and the sentence under it: one measure, named, the same numbers
    measure = _texts(lang, "learn_measure_centred")
    table = at.dataframe[-1].value
    before_col = _texts(lang, "learn_cos_before", measure=measure)
    after_col = _texts(lang, "learn_cos_after", measure=measure)
    assert list(table.columns) == [_texts(lang, "learn_cos_word"), before_col, after_col]
    centred = expected.alignment_after.centred_query_key
    # the probe's words as the page's language writes them: the same six tokens for the model
    milk, drank_word, black = {"en": ("milk", "drank", "black"), "zh": ("奶", "喝", "黑")}[lang]
    assert [r["row_label"] for r in after][::6] == (  # each row's label, once
        ["the", "black", "cat", "drank", "the", "milk"]
        if lang == "en"
        else ["那只", "黑", "猫", "喝", "了", "奶"]
    )
    drank = table[table[_texts(lang, "learn_cos_word")] == drank_word]
    assert float(drank[after_col].iloc[0]) == pytest.approx(centred[DRANK])
    summary = _texts(
        lang,
        "learn_cos_summary",
        measure=measure,
        word=milk,
        a=drank_word,
        a0=float(expected.alignment_before.centred_query_key[DRANK]),
        a1=float(centred[DRANK]),
        b=black,
        b0=float(expected.alignment_before.centred_query_key[BLACK]),
        b1=float(centred[BLACK]),
    )
    assert summary in all_text(at)
    # replay: the stored snapshots again, at most REPLAY_FRAMES of them, ending at the last step
    at.button(key="learn_replay").click().run()
    assert not at.exception
    frames = len(frame_indices(len(expected.snapshot_steps)))
    assert _texts(lang, "learn_replayed", frames=frames, steps=DEFAULTS.steps) in all_text(at)
    title = _texts(lang, "learn_live_heatmap", step=DEFAULTS.steps)
    shown = chart_records(at, title)
    np.testing.assert_allclose([r["value"] for r in shown], expected.probe_weights.ravel())


def test_page7_without_softmax_reports_honestly_and_names_the_plain_cosine() -> None:
    from tests.apptest_utils import chart_records

    at = _page({"lsoft": "0"})
    at.button(key="learn_train").click().run()
    assert not at.exception
    result = train(TrainSettings(use_softmax=False))
    after = chart_records(at, _texts("en", "learn_after"))
    np.testing.assert_allclose([r["value"] for r in after], result.probe_weights.ravel(), atol=1e-9)
    assert "softmax off" in str(at.get("vega_lite_chart")[-1].proto.spec)
    measure = _texts("en", "learn_measure_plain")
    assert _texts("en", "learn_cos_after", measure=measure) in list(at.dataframe[-1].value.columns)


def test_a_link_to_a_trained_run_works_on_a_fresh_server() -> None:
    """lrun=1 needs no earlier Train on this server: the run is retrained on demand."""
    from tests.apptest_utils import chart_records
    from ui import compute

    compute.run_store.clear()
    at = _page({"lrun": "1", "lseed": "5"})
    expected = train(TrainSettings(seed=5))
    after = chart_records(at, _texts("en", "learn_after"))
    np.testing.assert_allclose([r["value"] for r in after], expected.probe_weights.ravel())
    assert not at.button(key="learn_replay").disabled


def test_changing_a_setting_goes_back_to_the_untrained_model() -> None:
    from tests.apptest_utils import all_text

    at = _page({"lrun": "1"})
    at.number_input(key="lseed").set_value(3).run()
    assert not at.exception
    assert at.session_state["lrun"] is False
    assert _texts("en", "learn_press_train") in all_text(at)


def test_trained_source_is_trained_on_demand_with_the_session_s_settings() -> None:
    """The "Trained" source works without visiting page 7: page 7's defaults, or the link's."""
    from core.models import TrainedHead
    from core.pipeline import pipeline
    from tests.apptest_utils import all_text, chart_records, open_page, page_file
    from ui.i18n import TEXTS

    for params, settings in (
        ({"src": "trained"}, DEFAULTS),
        ({"src": "trained", "lseed": "4"}, TrainSettings(seed=4)),
    ):
        at = open_page(page_file("score"), params)
        assert not at.exception, [e.value for e in at.exception]
        records = chart_records(at, TEXTS["m_weights_soft"]["en"])
        model = train(settings).model
        expected = pipeline(TrainedHead(model), "The black cat drank the milk").attention.weights
        np.testing.assert_allclose([r["value"] for r in records], expected.ravel(), atol=1e-9)
    at.text_area(key="text").input("The purple cat drank the milk").run()
    assert "purple" in all_text(at)  # told that the trained model never saw it


@pytest.mark.parametrize(
    ("probe", "key"),
    [
        ("", "probe_empty"),
        ("the cat", "probe_wrong_length"),
        ("the pink cat drank the milk", "probe_unknown_words"),
    ],
)
def test_page7_bad_probe_is_explained(probe: str, key: str) -> None:
    at = _page({"probe": probe} if probe else {})
    if not probe:
        at.text_input(key="probe").input("").run()
    assert not at.exception
    warning = "\n".join(w.value for w in at.warning)
    assert _texts("en", key).split("{")[0].strip()[:25] in warning
    assert not at.get("vega_lite_chart")  # nothing drawn for a probe that does not fit
    assert _settings_panel(at).proto.expanded  # opened on the box that needs fixing


def test_page7_settings_stay_folded_while_the_probe_fits() -> None:
    assert not _settings_panel(_page()).proto.expanded


def _settings_panel(at):
    return next(e for e in at.expander if e.label == _texts("en", "learn_settings"))


def test_page7_relevance_mode_reaches_the_target() -> None:
    at = _page({"lmode": "relevance"})
    at.button(key="rel_train").click().run()
    assert not at.exception
    caption = next(c.value for c in at.caption if "Largest gap" in c.value)
    assert float(caption.rsplit(" ", 1)[1]) < 0.05
    measure = _texts("en", "learn_measure_plain")
    assert _texts("en", "learn_cos_before", measure=measure) in list(at.dataframe[-1].value.columns)


def test_live_runs_take_turns_first_pressed_first_served() -> None:
    from ui.training import TrainingTurns

    turns = TrainingTurns(at_once=1)
    with turns.place() as first:
        assert turns.ahead(first) == 0  # alone: trains at once
        with turns.place() as second, turns.place() as third:
            assert (turns.ahead(second), turns.ahead(third)) == (1, 2)
        with pytest.raises(RuntimeError):  # a run stopped while waiting gives up its place
            with turns.place():
                raise RuntimeError("stopped")
        with turns.place() as fourth:
            assert turns.ahead(fourth) == 1
    with turns.place() as fifth:
        assert turns.ahead(fifth) == 0  # the first run ended: nothing ahead
    two = TrainingTurns(at_once=2)
    with two.place() as a, two.place() as b, two.place() as c:
        assert (two.ahead(a), two.ahead(b), two.ahead(c)) == (0, 0, 1)


def test_page7_train_waits_while_another_run_trains_then_trains() -> None:
    import threading
    import time

    from ui.training import TURNS

    at = _page({})
    released = threading.Event()
    started = time.monotonic()

    def other_run() -> None:  # another student's run holds the one turn for 1.5 s
        with TURNS.place():
            held.set()
            time.sleep(1.5)
        released.set()

    held = threading.Event()
    threading.Thread(target=other_run).start()
    assert held.wait(5)
    at.button(key="learn_train").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert released.is_set() and time.monotonic() - started >= 1.5  # it waited its turn
    assert at.session_state["lrun"] is True  # then trained


def test_chinese_probe_is_the_same_six_tokens_and_every_sentence_reads_back() -> None:
    from core.learning.corpus import CHINESE_WORDS, DEFAULT_PROBE_ZH, in_chinese, tokenize

    assert check_probe(DEFAULT_PROBE_ZH).tokens == check_probe(DEFAULT_PROBE).tokens
    assert "".join(in_chinese(check_probe(DEFAULT_PROBE).tokens)) == DEFAULT_PROBE_ZH
    assert len(set(CHINESE_WORDS.values())) == len(CHINESE_WORDS)  # one word, one meaning
    for sentence in make_corpus(0, 2000):  # written without spaces, split back by longest match
        assert tokenize("".join(in_chinese(sentence))) == sentence
    unknown = check_probe("那只粉猫喝了奶")
    assert unknown.problem is ProbeProblem.UNKNOWN_WORDS and unknown.offending == ("粉",)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_page7_sample_sentences_are_written_in_the_pages_language(lang: str) -> None:
    from app_pages.learn.task import SAMPLE_SENTENCES
    from core.learning.corpus import in_chinese
    from tests.apptest_utils import unfold

    at = unfold(_page({"lang": lang}), "learn_corpus")
    first = make_corpus(TrainSettings().seed, SAMPLE_SENTENCES)[0]
    words = in_chinese(first) if lang == "zh" else first
    gap = "" if lang == "zh" else " "
    expected = gap.join(words[:-1]) + f"{gap}[{words[-1]}]"  # the hidden object in brackets
    assert at.code[0].value.splitlines()[0] == expected
