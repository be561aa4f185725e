"""Predict, then reveal: the questions of this page (ui/predict.py draws them)."""

from __future__ import annotations

import numpy as np
import streamlit as st

from app_pages.weights.compute import random_weights, random_weights_over
from app_pages.weights.params import SEED_B
from core import questions
from core.pipeline import Pipeline
from ui import figures, predict
from ui.i18n import t

SEEDS_TRIED = 20  # random seeds the kept-word question tries


def _other(p: Pipeline) -> tuple[Pipeline, int]:
    """The page-3 comparison: `p`'s inputs through random weights of the second seed."""
    seed_b = int(st.session_state.get(SEED_B, 1))
    return random_weights(p, seed_b), seed_b


def _seeds(seed_b: int) -> range:
    """The random seeds the kept-word question tries: the page's second seed and the next ones."""
    return range(seed_b, seed_b + SEEDS_TRIED)


def _weights_top_kept(p: Pipeline) -> predict.Asked | None:
    seed_b = int(st.session_state.get(SEED_B, 1))
    others = list(random_weights_over(p, _seeds(seed_b)))
    query = predict.last(p)
    answer = questions.kept_across_seeds(p, others, query)
    if answer is None:
        return None
    q, mine = answer.words
    kept, tried, chance = answer.numbers
    qt, kt = p.query_side.tokens, p.key_side.tokens
    last_seed = seed_b + SEEDS_TRIED - 1
    fig = predict.row_bars(
        questions.seeds_first(others, q, len(kt)),
        others[0],
        t("pq_fig_kept", word=qt[q], first=seed_b, last=last_seed),
        t("pq_ax_seeds"),
    )
    return predict.Asked(
        answer,
        t("pq_kept_q", word=predict.word(qt, q), key=predict.word(kt, mine), seeds=int(tried)),
        t(
            "pq_kept_a",
            key=predict.word(kt, mine),
            kept=int(kept),
            tried=int(tried),
            chance=chance * tried,
        )
        + predict.why(p, "pq_why_kept", "pq_why_both_random", key=predict.word(kt, mine)),
        predict.choice_labels(answer.options),
        (fig,),
        (seed_b,),
    )


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
