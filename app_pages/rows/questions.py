"""Predict, then reveal: the questions of this page (ui/predict.py draws them), from the
registry of question kinds the lessons use too (lessons/kinds.py: `top_weight`, asked of the
word this page follows)."""

from __future__ import annotations

from app_pages.rows.params import WORD
from core.pipeline import Pipeline
from lessons import kinds
from ui import predict


def _rows_top(p: Pipeline) -> predict.Asked | None:
    return kinds.top_weight_of(p, predict.picked_query(WORD, p))


ROWS_TOP = predict.Question("rows_top", _rows_top)
QUESTIONS = (ROWS_TOP,)
