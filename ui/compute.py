"""Cached calls into core: small, hashable arguments in, frozen results out.

Model weights and forward passes are shared by every session (`cache_resource`, read-only
arrays); small pipelines are copied per caller (`cache_data`). Every cache states its bound.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from core import atlas, models, qkmap, variant
from core.atlas import Atlas
from core.attention import AttentionSettings
from core.learning import TrainedModel, TrainResult, TrainSettings
from core.pipeline import Pipeline, ToyConfig, run_toy, with_random_weights
from core.pretrained import MiniLM, MiniLMResult
from core.qkmap import QKMap
from core.tokenize import MAX_TOKENS
from core.variant import Variant
from ui import state
from ui.state import Settings


@st.cache_data(max_entries=512, show_spinner=False)
def toy_pipeline(
    text: str, config: ToyConfig, settings: AttentionSettings, query_text: str | None = None
) -> Pipeline:
    return run_toy(text, config, settings, query_text=query_text)


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
    settings: AttentionSettings,
    query_text: str | None = None,
) -> Pipeline:
    return models.pretrained_pipeline(
        minilm(), text, layer, head, settings, query_text=query_text, run=minilm_run
    )


@st.cache_data(max_entries=256, show_spinner=False)
def trained_pipeline(
    model: TrainedModel,
    text: str,
    settings: AttentionSettings,
    query_text: str | None = None,
) -> Pipeline:
    return models.trained_pipeline(model, text, settings, query_text=query_text)


@st.cache_data(max_entries=256, show_spinner=False)
def random_weights(p: Pipeline, seed: int) -> Pipeline:
    """`p`'s inputs X through random W_Q, W_K, W_V drawn from `seed`."""
    return with_random_weights(p, seed)


@st.cache_resource(show_spinner=False)
def finished_runs() -> dict[TrainSettings, TrainResult]:
    """Training runs that ran to the end, shared by every visitor: the same settings give the
    same result (training is seeded), so nobody trains them twice."""
    return {}


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
    `attention`: other switches; `model`: another model ("toy", "pretrained", "trained").
    """
    text = s.text if text is None else text
    settings = s.attention if attention is None else attention
    chosen = s.model if model is None else model
    if chosen == "pretrained":
        return pretrained_pipeline(text, s.layer, s.head, settings, query_text)
    if chosen == "trained":
        trained = state.trained_model()
        if trained is not None:
            return trained_pipeline(trained, text, settings, query_text)
    return toy_pipeline(text, s.toy, settings, query_text)


# ---- query–key map, head atlas, change one word ------------------------------------------


@st.cache_data(max_entries=256, show_spinner=False)
def qk_map(q: np.ndarray, k: np.ndarray) -> QKMap:
    """One head's queries [n_q, d_k] and keys [n_k, d_k] on a 2-D map (small arrays)."""
    return qkmap.qk_map(q, k)


@st.cache_resource(max_entries=16, show_spinner=False)
def head_atlas(text: str) -> Atlas:
    """Every MiniLM head labelled over the built-in sentences plus `text` (about 3 s cold).

    Runs its own forward passes, so 21 sentences do not push other pages' runs out of
    `minilm_run`'s cache; the result is shared read-only by every visitor.
    """
    return atlas.atlas(minilm(), (*atlas.SENTENCES, text))


@st.cache_resource(max_entries=32, show_spinner=False)
def head_variant(text_a: str, text_b: str) -> Variant:
    """How far each of the 72 heads moved from sentence A to sentence B (shared, read-only)."""
    return variant.variant(minilm_run(text_a), minilm_run(text_b))


@st.cache_resource(show_spinner=False)
def vocab_cjk() -> int:
    """Single CJK characters in MiniLM's vocabulary (one number per process)."""
    return atlas.cjk_characters(minilm().tokenizer.vocab)
