"""Predict, then reveal: the questions of this page (ui/predict.py draws them), from the
registry of question kinds the lessons use too (lessons/kinds.py)."""

from lessons.kinds import DOT_SIGN, DOT_TOP

QUESTIONS = (DOT_SIGN, DOT_TOP)
