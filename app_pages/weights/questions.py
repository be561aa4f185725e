"""Predict, then reveal: the questions of this page (ui/predict.py draws them), from the
registry of question kinds the lessons use too (lessons/kinds.py), asked from the page's
second seed."""

from __future__ import annotations

import streamlit as st

from app_pages.weights.params import SEED_B
from core.pipeline import Pipeline
from lessons import kinds
from ui import predict


def _seed_b() -> int:
    return int(st.session_state.get(SEED_B, 1))


def _weights_top_kept(p: Pipeline) -> predict.Asked | None:
    return kinds.kept_across_seeds(p, _seed_b())


def _weights_larger_max(p: Pipeline) -> predict.Asked | None:
    return kinds.larger_max(p, _seed_b())


WEIGHTS_TOP_KEPT = predict.Question("weights_top_kept", _weights_top_kept)
WEIGHTS_LARGER_MAX = predict.Question("weights_larger_max", _weights_larger_max)
QUESTIONS = (WEIGHTS_TOP_KEPT, WEIGHTS_LARGER_MAX)
