"""Cached calls into core: small, hashable arguments in, frozen results out."""

from __future__ import annotations

import streamlit as st

from core.pipeline import Pipeline, ToyConfig, run_toy
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
) -> Pipeline:
    """The pipeline for the sidebar settings; any argument given overrides that setting."""
    return toy_pipeline(
        s.text if text is None else text,
        s.toy if config is None else config,
        target=target,
        scale=s.scale if scale is None else scale,
        use_softmax=s.use_softmax if use_softmax is None else use_softmax,
        causal=causal,
        temperature=s.temperature if temperature is None else temperature,
    )
