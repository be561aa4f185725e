"""Predict, then reveal: the questions of this page (ui/predict.py draws them)."""

from __future__ import annotations

import numpy as np
import streamlit as st

from app_pages.weights.params import SEED_B
from core import questions
from core.pipeline import Pipeline
from lessons import kinds
from ui import compute, figures, predict
from ui.i18n import t


def _other(p: Pipeline) -> tuple[Pipeline, int]:
    """The page-3 comparison: `p`'s inputs through random weights of the second seed."""
    seed_b = int(st.session_state.get(SEED_B, 1))
    return compute.random_weights(p, seed_b), seed_b


def _weights_top_kept(p: Pipeline) -> predict.Asked | None:
    """The shared question, from the page's second seed on."""
    return kinds.kept_across_seeds(p, int(st.session_state.get(SEED_B, 1)))


def _weights_larger_max(p: Pipeline) -> predict.Asked | None:
    other, seed_b = _other(p)
    answer = questions.larger_max_weight(p, other)
    a, b = answer.numbers
    names = (t("pq_set_a"), t("pq_set_b", seed=seed_b))
    fig = figures.bars(
        np.array([a, b]),
        names,
        t("pq_fig_max"),
        p,
        label_title=t("pq_ax_set"),
        value_title=t("ax_weight"),
    )
    return predict.Asked(
        answer,
        t("pq_max_q", seed=seed_b),
        t("pq_max_a", a=a, b=b, seed=seed_b) + predict.why(p, "pq_why_max", "pq_why_both_random"),
        {"a": names[0], "b": names[1]},
        (fig,),
        (seed_b,),
    )


WEIGHTS_TOP_KEPT = predict.Question("weights_top_kept", _weights_top_kept)
WEIGHTS_LARGER_MAX = predict.Question("weights_larger_max", _weights_larger_max)
QUESTIONS = (WEIGHTS_TOP_KEPT, WEIGHTS_LARGER_MAX)
