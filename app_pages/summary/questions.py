"""Predict, then reveal: the questions of this page (ui/predict.py draws them)."""

from __future__ import annotations

from core.pipeline import Pipeline
from ui import predict


def _summary_top(p: Pipeline) -> predict.Asked | None:
    return predict.top_key(p, predict.last(p))


SUMMARY_TOP = predict.Question("summary_top", _summary_top)
QUESTIONS = (SUMMARY_TOP,)
