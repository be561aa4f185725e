"""The head atlas's own cached calls: the built-in sentences through MiniLM once per process,
and every head labelled over them plus the user's sentence."""

from __future__ import annotations

import numpy as np
import streamlit as st

from core import atlas
from core.atlas import Atlas
from core.tokenize import MAX_TOKENS
from ui.compute import minilm, minilm_run


@st.cache_resource(show_spinner=False)
def builtin_atlas_runs() -> tuple[tuple[np.ndarray, tuple[str, ...]], ...]:
    """The built-in sentences through MiniLM, once per process (about 1 MB): (weights, tokens)."""
    runs = (minilm().run(text, max_tokens=MAX_TOKENS) for text in atlas.SENTENCES)
    return tuple((r.weights, tuple(r.tokens)) for r in runs)


@st.cache_resource(max_entries=16, show_spinner=False)
def head_atlas(text: str) -> Atlas:
    """Every MiniLM head labelled over the built-in sentences plus `text`: only `text` needs
    a forward pass (shared with the other MiniLM pages), the built-in runs are kept."""
    runs = list(builtin_atlas_runs())
    if text.strip():
        mine = minilm_run(text)
        if mine.tokens:
            runs.append((mine.weights, tuple(mine.tokens)))
    return atlas.atlas_from_runs(runs)


@st.cache_resource(show_spinner=False)
def vocab_cjk() -> int:
    """Single CJK characters in MiniLM's vocabulary (one number per process)."""
    return atlas.cjk_characters(minilm().tokenizer.vocab)
