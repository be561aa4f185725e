"""Predict, then reveal in presenter mode: the question asked before a step's chart, taken
from the concept pages that teach that step."""

from __future__ import annotations

from app_pages.dot.questions import DOT_SIGN
from app_pages.input.questions import INPUT_REPEAT, INPUT_WIDTH
from app_pages.roles.questions import ROLES_TERM
from app_pages.score.questions import SCORE_SCALE_ORDER, SCORE_SUM
from core.pipeline import Pipeline
from ui import predict

STEP_QUESTIONS: dict[str, predict.Question] = {  # a step -> the question asked before it
    "pos": INPUT_REPEAT,
    "qkv": INPUT_WIDTH,
    "factor": DOT_SIGN,
    "scale": SCORE_SCALE_ORDER,
    "softmax": SCORE_SUM,
    "out": ROLES_TERM,
}


def question_for(step_name: str, p: Pipeline) -> predict.Question | None:
    """The question that fits a step for this pipeline, or None."""
    question = STEP_QUESTIONS.get(step_name)
    if question is None or not p.key_side.tokens:
        return None
    return question if question.build(p) is not None else None
