"""The head atlas's own cached calls: the built-in sentences through each real model once per
process, and every head labelled over them plus the user's sentence."""

from __future__ import annotations

import numpy as np
import streamlit as st

from core import atlas
from core.atlas import Atlas
from core.tokenize import MAX_TOKENS
from ui.compute import minilm
from ui.real_models import BY_NAME


@st.cache_resource(show_spinner=False)
def builtin_atlas_runs(model: str) -> tuple[tuple[np.ndarray, tuple[str, ...]], ...]:
    """The built-in sentences through real model `model`, once per process (about 1 MB for
    MiniLM, 2 MB for e5): (weights, tokens)."""
    encoder = BY_NAME[model].model()
    runs = (encoder.run(text, max_tokens=MAX_TOKENS) for text in atlas.SENTENCES)
    return tuple((r.weights, tuple(r.tokens)) for r in runs)


@st.cache_resource(max_entries=16, show_spinner=False)
def head_atlas(model: str, text: str) -> Atlas:
    """Every head of real model `model` labelled over the built-in sentences plus `text`: only
    `text` needs a forward pass (shared with the other real-model pages), the built-in runs
    are kept."""
    runs = list(builtin_atlas_runs(model))
    if text.strip():
        mine = BY_NAME[model].run(text)
        if mine.tokens:
            runs.append((mine.weights, tuple(mine.tokens)))
    return atlas.atlas_from_runs(runs)


@st.cache_resource(show_spinner=False)
def vocab_cjk() -> int:
    """Single CJK characters in MiniLM's vocabulary (one number per process)."""
    return atlas.cjk_characters(minilm().tokenizer.vocab)
