"""Cached calls into core: small, hashable arguments in, frozen results out.

Model weights and forward passes are shared by every session (`cache_resource`, read-only
arrays); small pipelines are copied per caller (`cache_data`).
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict

import streamlit as st

from core.learning.task import TrainedModel, TrainResult, TrainSettings, train
from core.pipeline import Pipeline, ToyConfig, run_toy, toy_projection, with_projection
from core.pretrained import MiniLM, MiniLMResult
from core.sources import pretrained_pipeline as _pretrained_pipeline
from core.sources import trained_pipeline as _trained_pipeline
from core.tokenize import MAX_TOKENS
from ui import state
from ui.state import Settings


@st.cache_data(max_entries=512, show_spinner=False)
def toy_pipeline(
    text: str,
    config: ToyConfig,
    *,
    target: str | None = None,
    scale: bool = True,
    use_softmax: bool = True,
    causal: bool = False,
    temperature: float = 1.0,
) -> Pipeline:
    return run_toy(
        text,
        config,
        target=target,
        scale=scale,
        use_softmax=use_softmax,
        causal=causal,
        temperature=temperature,
    )


@st.cache_resource(show_spinner=False)
def minilm() -> MiniLM:
    """The pretrained weights, loaded once per process and shared by every visitor."""
    return MiniLM.load()


@st.cache_resource(max_entries=64, show_spinner=False)
def minilm_run(text: str) -> MiniLMResult:
    """One forward pass (all layers and heads) per distinct sentence, shared read-only."""
    return minilm().run(text, max_tokens=MAX_TOKENS)


@st.cache_resource(max_entries=256, show_spinner=False)
def pretrained_pipeline(
    text: str,
    layer: int,
    head: int,
    *,
    target: str | None = None,
    scale: bool = True,
    use_softmax: bool = True,
    causal: bool = False,
    temperature: float = 1.0,
) -> Pipeline:
    return _pretrained_pipeline(
        minilm(),
        text,
        layer,
        head,
        target=target,
        scale=scale,
        use_softmax=use_softmax,
        causal=causal,
        temperature=temperature,
        run=minilm_run,
    )


@st.cache_data(max_entries=256, show_spinner=False)
def _redrawn(p: Pipeline, d_k: int, seed: int, flags: tuple) -> Pipeline:
    projection = toy_projection(p.key_side.x.shape[1], d_k, seed)
    return with_projection(p, projection, **dict(flags))


def redrawn(s: Settings, seed: int) -> Pipeline:
    """The current sentence's X through random W_Q, W_K, W_V drawn from `seed`."""
    p = pipeline(s)
    flags = (("scale", s.scale), ("use_softmax", s.use_softmax), ("temperature", s.temperature))
    return _redrawn(p, p.projection.w_q.shape[1], seed, flags)


@st.cache_data(max_entries=256, show_spinner=False)
def trained_pipeline(
    model: TrainedModel,
    text: str,
    *,
    target: str | None = None,
    scale: bool = True,
    use_softmax: bool = True,
    causal: bool = False,
    temperature: float = 1.0,
) -> Pipeline:
    return _trained_pipeline(
        model,
        text,
        target=target,
        scale=scale,
        use_softmax=use_softmax,
        causal=causal,
        temperature=temperature,
    )


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
    server gets the same numbers; the default run takes about 0.1 s). Kept in `run_store`."""
    store = run_store()
    result = store.get(settings)
    if result is None:
        result = train(settings)
        store.put(result)
    return result


def shown_pipeline(s: Settings, url_path: str) -> tuple[Pipeline, dict]:
    """The pipeline a page draws (its own attention kind or model), with the settings that made
    it, for the JSON export."""
    settings = dataclasses.asdict(s)
    if url_path == "real-model":
        s = dataclasses.replace(s, source="pretrained")
        settings.update(source="pretrained")
    if url_path == "score":
        kind = st.session_state.get(state.K.KIND, "self")
        settings["kind"] = kind
        if kind == "causal":
            return pipeline(s, causal=True), settings
        if kind == "cross":
            source, target = st.session_state[state.K.SOURCE], st.session_state[state.K.TARGET]
            settings.update(source_sentence=source, target_sentence=target)
            return pipeline(s, text=source, target=target), settings
    return pipeline(s), settings


def pipeline(
    s: Settings,
    *,
    config: ToyConfig | None = None,
    text: str | None = None,
    target: str | None = None,
    scale: bool | None = None,
    use_softmax: bool | None = None,
    causal: bool = False,
    temperature: float | None = None,
    source: str | None = None,
) -> Pipeline:
    """The pipeline for the sidebar settings; any argument given overrides that setting."""
    flags = {
        "target": target,
        "scale": s.scale if scale is None else scale,
        "use_softmax": s.use_softmax if use_softmax is None else use_softmax,
        "causal": causal,
        "temperature": s.temperature if temperature is None else temperature,
    }
    text = s.text if text is None else text
    chosen = source or s.source
    if chosen == "pretrained":
        return pretrained_pipeline(text, s.layer, s.head, **flags)
    if chosen == "trained" and config is None:
        return trained_pipeline(state.trained_model(), text, **flags)
    return toy_pipeline(text, s.toy if config is None else config, **flags)
