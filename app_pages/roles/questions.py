"""Predict, then reveal: the questions of this page (ui/predict.py draws them)."""

from __future__ import annotations

from app_pages.roles.params import QUERY
from core import questions
from core.pipeline import Pipeline
from ui import predict
from ui.i18n import t


def term_question(p: Pipeline, query: int) -> predict.Asked | None:
    """Which key's term αⱼ·vⱼ is the longest in `query`'s output row (also the lesson's × V)?"""
    answer = questions.biggest_term(p, query)
    if answer is None:
        return None
    q, k = answer.words
    qt, kt = p.query_side.tokens, p.key_side.tokens
    length, weight = answer.numbers
    fig = predict.row_bars(
        questions.term_lengths(p, q), p, t("pq_fig_terms", word=qt[q]), t("pq_ax_length")
    )
    return predict.Asked(
        answer,
        t("pq_term_q", word=predict.word(qt, q)),
        t("pq_term_a", key=predict.word(kt, k), w=weight, length=length)
        + predict.why(p, "pq_why_term", word=predict.word(qt, q)),
        predict.word_labels(kt),
        (fig,),
        (q,),
    )


def _roles_term(p: Pipeline) -> predict.Asked | None:
    return term_question(p, predict.picked_query(QUERY, p))


ROLES_TERM = predict.Question("roles_term", _roles_term)
QUESTIONS = (ROLES_TERM,)
