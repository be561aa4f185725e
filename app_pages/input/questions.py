"""Predict, then reveal: the questions of this page (ui/predict.py draws them)."""

from __future__ import annotations

from core import questions
from core.pipeline import Pipeline
from ui import figures, predict
from ui.i18n import t


def _input_width(p: Pipeline) -> predict.Asked | None:
    answer = questions.query_width(p)
    d_k, d_model = (int(v) for v in answer.numbers)
    enc = p.query_side
    return predict.Asked(
        answer,
        t("pq_width_q"),
        t("pq_width_a", d_k=d_k, d_model=d_model),
        {option: option for option in answer.options},
        (figures.vectors(enc.q, enc.tokens, t("m_q"), p),),
    )


def _input_repeat(p: Pipeline) -> predict.Asked | None:
    answer = questions.repeat_identical(p)
    if answer is None:
        return None
    i, j = answer.words
    enc = p.key_side
    word = predict.word(enc.tokens, i)
    same = answer.is_right("yes")
    because = t("pq_repeat_same" if same else "pq_repeat_differ", i=i, j=j, d=answer.numbers[0])
    diff = figures.bars(
        enc.x[i] - enc.x[j],
        figures.dims(enc.x.shape[1]),
        t("pq_fig_diff", word=enc.tokens[i], i=i, j=j),
        p,
        label_title=t("ax_dim"),
        value_title=t("ax_value"),
    )
    return predict.Asked(
        answer,
        t("pq_repeat_q", word=word, i=i, j=j),
        because,
        predict.choice_labels(answer.options),
        (diff,),
    )


INPUT_WIDTH = predict.Question("input_width", _input_width)
INPUT_REPEAT = predict.Question("input_repeat", _input_repeat)
QUESTIONS = (INPUT_WIDTH, INPUT_REPEAT)
