"""Predict, then reveal: the questions of this page (ui/predict.py draws them), from the
registry of question kinds the lessons use too (lessons/kinds.py: `query_width`,
`repeat_rows`)."""

from lessons import kinds
from ui import predict

INPUT_WIDTH = predict.Question("input_width", kinds.query_width)
INPUT_REPEAT = predict.Question("input_repeat", kinds.repeat_rows)
QUESTIONS = (INPUT_WIDTH, INPUT_REPEAT)
