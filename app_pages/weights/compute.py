"""Page 3's own cached calls: the same inputs through the random weights of other seeds."""

from __future__ import annotations

import streamlit as st

from core.pipeline import Pipeline, fingerprint, with_random_weights

# A pipeline is hashed by its fingerprint: Streamlit's own hashing deep-copies every array in it
# (dataclasses.asdict), a third of this page's re-run before (profile in bench-report.md).
BY_FINGERPRINT = {Pipeline: fingerprint}


@st.cache_data(max_entries=128, show_spinner=False, hash_funcs=BY_FINGERPRINT)
def random_weights(p: Pipeline, seed: int) -> Pipeline:
    """`p`'s inputs X through random W_Q, W_K, W_V drawn from `seed`."""
    return with_random_weights(p, seed)


@st.cache_data(max_entries=32, show_spinner=False, hash_funcs=BY_FINGERPRINT)
def random_weights_over(p: Pipeline, seeds: range) -> tuple[Pipeline, ...]:
    """`p`'s inputs through the random weights of each seed: one cached call (one hash of `p`)
    for all of them, not one per seed."""
    return tuple(with_random_weights(p, seed) for seed in seeds)
