"""Predict, then reveal: the questions of this page (ui/predict.py draws them); SCORE_SUM is
shared with the lessons (lessons/kinds.py)."""

from __future__ import annotations

from core import questions
from core.pipeline import Pipeline
from lessons.kinds import SCORE_SUM
from ui import figures, predict
from ui.i18n import t


def _score_scale_order(p: Pipeline) -> predict.Asked | None:
    answer = questions.scale_changes_order(p)
    root, changed = answer.numbers
    q = predict.last(p)
    word = p.query_side.tokens[q]
    row = p.attention.factor[q]  # [n_k]
    figs = (
        predict.row_bars(row, p, t("pq_fig_factor", word=word), t("ax_score")),
        predict.row_bars(
            row / root,
            p,
            t("pq_fig_scaled", word=word, root=root),
            t("ax_score"),
            stage=figures.SCALED,
        ),
    )
    if changed == 0:
        because = t("pq_scale_a_kept", root=root)
    else:
        because = t("pq_scale_a_changed", n=changed)
    return predict.Asked(
        answer, t("pq_scale_q", root=root), because, predict.choice_labels(answer.options), figs
    )


SCORE_SCALE_ORDER = predict.Question("score_scale_order", _score_scale_order)
QUESTIONS = (SCORE_SUM, SCORE_SCALE_ORDER)
