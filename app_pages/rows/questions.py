"""Predict, then reveal: the questions of this page (ui/predict.py draws them)."""

from __future__ import annotations

from app_pages.rows.params import WORD
from core.pipeline import Pipeline
from ui import predict


def _rows_top(p: Pipeline) -> predict.Asked | None:
    return predict.top_key(p, predict.picked_query(WORD, p))


ROWS_TOP = predict.Question("rows_top", _rows_top)
QUESTIONS = (ROWS_TOP,)
