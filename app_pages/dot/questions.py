"""Predict, then reveal: the questions of this page (ui/predict.py draws them); DOT_TOP is
shared with the lessons (lessons/kinds.py)."""

from __future__ import annotations

from core import questions
from core.pipeline import Pipeline
from lessons.kinds import DOT_TOP
from ui import figures, predict
from ui.i18n import t


def _dot_sign(p: Pipeline) -> predict.Asked | None:
    q, k = predict.last(p), 0
    answer = questions.dot_sign(p, q, k)
    dot, pos_sum, neg_sum, n_pos, n_neg = answer.numbers
    qt, kt = p.query_side.tokens, p.key_side.tokens
    products = p.query_side.q[q] * p.key_side.k[k]  # [d_k]
    fig = figures.bars(
        products,
        figures.dims(products.size),
        t("pq_fig_products", a=qt[q], b=kt[k]),
        p,
        label_title=t("ax_dim"),
        value_title=t("ax_value"),
        stage=figures.FACTOR,  # terms of one cell of Q·Kᵀ
    )
    because = t(
        "pq_dot_a", dot=dot, pos=int(n_pos), pos_sum=pos_sum, neg=int(n_neg), neg_sum=neg_sum
    )
    return predict.Asked(
        answer,
        t("pq_dot_q", a=predict.word(qt, q), b=predict.word(kt, k)),
        because,
        predict.choice_labels(answer.options),
        (fig,),
    )


DOT_SIGN = predict.Question("dot_sign", _dot_sign)
QUESTIONS = (DOT_SIGN, DOT_TOP)
