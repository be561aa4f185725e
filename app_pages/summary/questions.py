"""Predict, then reveal: the questions of this page (ui/predict.py draws them), from the
registry of question kinds the lessons use too (lessons/kinds.py: `top_weight`)."""

from lessons import kinds
from ui import predict

SUMMARY_TOP = predict.Question("summary_top", kinds.top_weight)
QUESTIONS = (SUMMARY_TOP,)
