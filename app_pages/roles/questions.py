"""Predict, then reveal: the questions of this page (ui/predict.py draws them); the question
itself is shared with the lessons (lessons/kinds.py), asked of the page's query word."""

from __future__ import annotations

from app_pages.roles.params import QUERY
from core.pipeline import Pipeline
from lessons import kinds
from ui import predict


def _roles_term(p: Pipeline) -> predict.Asked | None:
    return kinds.longest_term(p, predict.picked_query(QUERY, p))


ROLES_TERM = predict.Question("roles_term", _roles_term)
QUESTIONS = (ROLES_TERM,)
