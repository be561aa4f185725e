"""Predict, then reveal: the questions of this page (ui/predict.py draws them), from the
registry of question kinds the lessons use too (lessons/kinds.py)."""

from lessons.kinds import SCORE_SCALE_ORDER, SCORE_SUM

QUESTIONS = (SCORE_SUM, SCORE_SCALE_ORDER)
