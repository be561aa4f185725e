"""Cached calls into core: small, hashable arguments in, frozen results out.

Model weights, forward passes and pipelines are shared by every session (`cache_resource`,
read-only arrays); results of other arguments are copied per caller (`cache_data`). Every cache
states its bound.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import streamlit as st

import core.pipeline
from core.attention import AttentionSettings
from core.encoding import Model
from core.learning.task import TrainResult, TrainSettings, train
from core.models import DistilledHead, MiniLMHead, ToyConfig, ToyModel, TrainedHead, e5_files
from core.models.e5 import E5, E5Head, load_e5
from core.models.smollm2 import SmolLM2, SmolLM2Head, SmolLM2Result
from core.models.smollm2_files import CACHE_DIR, is_ready
from core.pipeline import Pipeline, fingerprint, with_random_weights
from core.pretrained import MiniLM, MiniLMResult
from core.tokenize import MAX_TOKENS
from ui import training
from ui.settings import Settings


@st.cache_resource(show_spinner=False)
def minilm() -> MiniLM:
    """The pretrained weights, loaded once per process and shared by every visitor."""
    return MiniLM.load()


@st.cache_resource(max_entries=12, show_spinner=False)
def minilm_run(text: str) -> MiniLMResult:
    """One forward pass (all layers and heads) per distinct sentence, shared read-only.

    Bounded at 12 sentences (~5 MB each at 64 tokens, so ≤ 60 MB): a miss costs one forward
    pass, about 0.1 s; cache_resource is outside server.maxCacheDataSize, so the bound is ours.
    """
    return minilm().run(text, max_tokens=MAX_TOKENS)


def e5_ready() -> bool:
    """multilingual-e5-small's file is on this machine (make run fetched it; else the pages
    that offer it fetch it)."""
    return e5_files.is_ready(e5_files.CACHE_DIR)


def e5() -> E5:
    """multilingual-e5-small, read once per process (load_e5 keeps it: 0.8 s, 110 MB)."""
    return load_e5(e5_files.CACHE_DIR)


@st.cache_resource(max_entries=12, show_spinner=False)
def e5_run(text: str) -> MiniLMResult:
    """One forward pass of e5 (12 layers of 12 heads) per distinct sentence, shared read-only:
    about 10 MB at 64 tokens, so 12 sentences stay under 120 MB; a miss costs about 0.05 s."""
    return e5().run(text, max_tokens=MAX_TOKENS)


@st.cache_resource(show_spinner=False)
def distilled() -> DistilledHead:
    """The default model's weights (models/distilled/head.npz), loaded once per process."""
    return DistilledHead.load()


def smollm2_ready() -> bool:
    """SmolLM2's arrays are on this machine (make run made them; else the page makes them)."""
    return is_ready(CACHE_DIR)


@st.cache_resource(show_spinner=False)
def smollm2() -> SmolLM2:
    """SmolLM2's weights, memory-mapped once per process (every process shares the pages)."""
    return SmolLM2.load(CACHE_DIR)


@st.cache_resource(max_entries=24, show_spinner=False)
def smollm2_run(text: str) -> SmolLM2Result:
    """One forward pass (every layer and head, the next token's logits) per distinct prompt,
    shared read-only. About 0.9 MB at 16 tokens, 12 MB at 64 (x, Q, K, V and the weights of 30
    layers): 24 prompts keep it under 300 MB at the longest; a miss costs 0.2 to 0.6 s."""
    return smollm2().run(text)


# the toy's config, (layer, head), page 7's run; None for the distilled head (one of it)
ModelKey = ToyConfig | tuple[int, int] | TrainSettings | None


def _model(kind: str, key: ModelKey) -> Model:
    """The core model `kind` and `key` name (see `model_pipeline`); weights and runs are cached."""
    return MAKERS[kind](key)


# kind -> the model of a key (ModelKey); weights and forward passes come from the caches above
MAKERS: dict[str, Callable[[Any], Model]] = {
    "distilled": lambda _key: distilled(),
    "toy": ToyModel,
    "pretrained": lambda key: MiniLMHead(minilm(), *key, run=minilm_run),
    "e5": lambda key: E5Head(e5(), *key, run=e5_run),
    "smollm2": lambda key: SmolLM2Head(smollm2(), *key, run=smollm2_run),
    "trained": lambda key: TrainedHead(trained_result(key).model, seed=key.seed),
    "untrained": lambda key: TrainedHead(trained_result(key).model_before, seed=key.seed),
}
# kind -> its key in the shared settings (the sidebar's source, or a real-model page's model)
KEYS: dict[str, Callable[[Settings], ModelKey]] = {
    "distilled": lambda _s: None,
    "toy": lambda s: s.toy,
    "pretrained": lambda s: (s.layer, s.head),
    "e5": lambda s: (s.e5_layer, s.e5_head),
    "trained": lambda s: s.trained,
}


# One pipeline keeps ≤ ~0.3 MB of its own arrays at 64 tokens (a MiniLM head's x and embeddings
# are views of minilm_run's arrays) and costs a few milliseconds. Every array is read-only, so
# one copy serves every session: 128 entries (≤ ~40 MB) hold a class's sentences and switches.
@st.cache_resource(max_entries=128, show_spinner=False)
def model_pipeline(
    kind: str,
    key: ModelKey,
    text: str,
    settings: AttentionSettings,
    query_text: str | None = None,
) -> Pipeline:
    """`text` through one model: `kind` "distilled", "toy", "pretrained" (MiniLM), "e5",
    "smollm2", "trained" or "untrained" (page 7's model before its first step), `key` None, its
    ToyConfig, (layer, head) or TrainSettings."""
    return core.pipeline.pipeline(_model(kind, key), text, settings, query_text)


MAX_RUNS = 64  # page-7 runs kept per server process; ~30 KB each (~110 KB at 2,000 steps)


class RunStore:
    """Finished page-7 runs shared by every session, least recently used dropped first.

    Bounded: at most `max_runs` results (MAX_RUNS in the app), so memory stays flat however
    many runs a class trains. Safe to use from several sessions' threads at once.
    """

    def __init__(self, max_runs: int) -> None:
        self.max_runs = max_runs
        self._runs: OrderedDict[TrainSettings, TrainResult] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, settings: TrainSettings) -> TrainResult | None:
        with self._lock:
            result = self._runs.get(settings)
            if result is not None:
                self._runs.move_to_end(settings)
            return result

    def put(self, result: TrainResult) -> None:
        with self._lock:
            self._runs[result.settings] = result
            self._runs.move_to_end(result.settings)
            while len(self._runs) > self.max_runs:
                self._runs.popitem(last=False)

    def __len__(self) -> int:
        return len(self._runs)


@st.cache_resource(show_spinner=False)
def run_store() -> RunStore:
    """The one store of finished runs per process (at most MAX_RUNS of them)."""
    return RunStore(MAX_RUNS)


def trained_result(settings: TrainSettings) -> TrainResult:
    """The run page 7 makes with these settings: remembered, or trained now (seeded, so any
    server gets the same numbers; the default run takes about 0.1 s). Kept in `run_store`.

    A run trained here (the "Trained" source, or a link with page 7's settings) takes its turn
    in the one training queue like a live run: thirty such links at once train one at a time.
    """
    store = run_store()
    result = store.get(settings)
    if result is not None:
        return result
    with training.TURNS.place() as token:
        while training.TURNS.ahead(token):
            training.TURNS.wait(training.WAIT_POLL_SECONDS)
        result = store.get(settings)  # trained by another session while this one waited
        if result is None:
            result = train(settings)
            store.put(result)
    return result


def pipeline(
    s: Settings,
    *,
    text: str | None = None,
    query_text: str | None = None,
    attention: AttentionSettings | None = None,
    model: str | None = None,
) -> Pipeline:
    """The pipeline of the sidebar's model and switches; an argument given replaces one part.

    `text`: another sentence; `query_text`: Q from this sentence (cross attention);
    `attention`: other switches; `model`: another of MODELS, or "e5".
    """
    text = s.text if text is None else text
    settings = s.attention if attention is None else attention
    chosen = s.model if model is None else model
    kind = chosen if chosen in KEYS else "distilled"
    return model_pipeline(kind, KEYS[kind](s), text, settings, query_text)


# A pipeline is hashed by its fingerprint: Streamlit's own hashing deep-copies every array in it
# (dataclasses.asdict), a third of page 3's re-run before (profile in bench-report.md).
BY_FINGERPRINT = {Pipeline: fingerprint}


@st.cache_data(max_entries=128, show_spinner=False, hash_funcs=BY_FINGERPRINT)
def random_weights(p: Pipeline, seed: int) -> Pipeline:
    """`p`'s inputs X through random W_Q, W_K, W_V drawn from `seed` (page 3, the lessons)."""
    return with_random_weights(p, seed)


@st.cache_data(max_entries=32, show_spinner=False, hash_funcs=BY_FINGERPRINT)
def random_weights_over(p: Pipeline, seeds: range) -> tuple[Pipeline, ...]:
    """`p`'s inputs through the random weights of each seed: one cached call (one hash of `p`)
    for all of them, not one per seed."""
    return tuple(with_random_weights(p, seed) for seed in seeds)
