"""Questions that a lesson and a page both ask, written once: each builds its question, options,
answer, reason and charts from a pipeline (answers from core/questions.py). A page wraps one in
its own `predict.Question` with what it picks on screen (a query word, a seed); a lesson step
names one by its kind."""

from __future__ import annotations

from core import questions
from core.pipeline import Pipeline
from ui import compute, figures, predict
from ui.i18n import t

SEEDS_TRIED = 20  # random seeds the kept-word question tries


def dot_top(p: Pipeline) -> predict.Asked | None:
    """Whose key has the largest dot product with the last word's query?"""
    answer = questions.top_dot(p, predict.last(p))
    if answer is None:
        return None
    q, k = answer.words
    qt, kt = p.query_side.tokens, p.key_side.tokens
    fig = predict.row_bars(p.attention.factor[q], p, t("pq_fig_factor", word=qt[q]), t("ax_score"))
    return predict.Asked(
        answer,
        t("pq_dot_top_q", word=predict.word(qt, q)),
        t("pq_dot_top_a", word=predict.word(qt, q), key=predict.word(kt, k), v=answer.numbers[0])
        + predict.why(p, "pq_why_dot_top", word=predict.word(qt, q), key=predict.word(kt, k)),
        predict.word_labels(kt, answer.options),
        (fig,),
    )


def longest_term(p: Pipeline, query: int) -> predict.Asked | None:
    """Which key's term αⱼ·vⱼ is the longest in `query`'s output row?"""
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


def rows_sum_to_one(p: Pipeline) -> predict.Asked | None:
    """Does every row of `p`'s weights add up to 1?"""
    answer = questions.rows_sum_to_one(p)
    lo, hi = answer.numbers
    sums = p.attention.weights.sum(axis=1)  # [n_q]
    fig = figures.bars(
        sums,
        p.query_side.tokens,
        t("pq_fig_sums"),
        p,
        label_title=t("ax_query"),
        value_title=t("pq_ax_sum"),
    )
    flag = t("on") if p.settings.use_softmax else t("off")
    return predict.Asked(
        answer,
        t("pq_sum_q", state=flag),
        t("pq_sum_a", lo=lo, hi=hi),
        predict.choice_labels(answer.options),
        (fig,),
    )


def seeds_tried(first_seed: int) -> range:
    """The random seeds the kept-word question tries: `first_seed` and the next ones."""
    return range(first_seed, first_seed + SEEDS_TRIED)


def kept_across_seeds(p: Pipeline, first_seed: int) -> predict.Asked | None:
    """Do random weights of SEEDS_TRIED seeds keep the last word's top word? (learned against
    random)"""
    others = list(compute.random_weights_over(p, seeds_tried(first_seed)))
    query = predict.last(p)
    answer = questions.kept_across_seeds(p, others, query)
    if answer is None:
        return None
    q, mine = answer.words
    kept, tried, chance = answer.numbers
    qt, kt = p.query_side.tokens, p.key_side.tokens
    last_seed = first_seed + SEEDS_TRIED - 1
    fig = predict.row_bars(
        questions.seeds_first(others, q, len(kt)),
        others[0],
        t("pq_fig_kept", word=qt[q], first=first_seed, last=last_seed),
        t("pq_ax_seeds"),
    )
    return predict.Asked(
        answer,
        t("pq_kept_q", word=predict.word(qt, q), key=predict.word(kt, mine), seeds=int(tried)),
        t(
            "pq_kept_a",
            key=predict.word(kt, mine),
            kept=int(kept),
            tried=int(tried),
            chance=chance * tried,
        )
        + predict.why(p, "pq_why_kept", "pq_why_both_random", key=predict.word(kt, mine)),
        predict.choice_labels(answer.options),
        (fig,),
        (first_seed,),
    )


DOT_TOP = predict.Question("dot_top", dot_top)
SCORE_SUM = predict.Question("score_sum", rows_sum_to_one)
