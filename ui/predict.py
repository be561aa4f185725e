"""Predict, then reveal: a teacher's question about what is on screen, the learner's guess, and
the answer computed from the current sentence and settings, with the chart that shows why.

`ask(question_id, p)` draws one question; `page(name, p)` draws a page's questions;
`for_step(step, p)` names the question that fits a presenter step. Answers come from
core/questions.py; nothing here is stored but the learner's pick and whether it was revealed,
keyed by the question and a hash of the pipeline's inputs, so a new sentence asks afresh.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import streamlit as st

from core import questions
from core.pipeline import Pipeline
from core.questions import Answer
from ui import compute, figures, layout, state, theme
from ui.figures import Figure
from ui.i18n import t
from ui.state import K

REVEALED = "_predict_revealed"  # question id -> (inputs hash, the option picked)
RADIO = "predict_"  # + question id + "_" + inputs hash: the learner's pick

PAGE_QUESTIONS: dict[str, tuple[str, ...]] = {  # by the page's URL path (ui/menu.py)
    "input": ("input_width", "input_repeat"),
    "rows": ("rows_top",),
    "weights": ("weights_top_kept", "weights_larger_max"),
    "score": ("score_sum", "score_scale_order"),
    "roles": ("roles_term",),
    "dot-product": ("dot_sign", "dot_top"),
    "summary": ("summary_top",),
}
STEP_QUESTIONS: dict[str, str] = {  # presenter steps (ui/texts/shared.PIPELINE_STEPS)
    "pos": "input_repeat",
    "qkv": "input_width",
    "factor": "dot_sign",
    "scale": "score_scale_order",
    "softmax": "score_sum",
    "out": "roles_term",
}


@dataclass(frozen=True)
class Asked:
    """A question made concrete for one pipeline: its texts, options and evidence."""

    answer: Answer
    question: str  # translated, user words escaped for Markdown
    because: str  # the computed answer in one sentence
    labels: dict[str, str]  # option id -> label (Markdown)
    figures: tuple[Figure, ...]  # the chart(s) that show why
    inputs: tuple = ()  # what besides the pipeline the answer depends on (a word, a seed)


# ---- helpers ------------------------------------------------------------------------------


def _word(tokens: tuple[str, ...], i: int) -> str:
    """A token quoted in Markdown text."""
    return layout.escape_md(tokens[i])


def word_labels(tokens: tuple[str, ...]) -> dict[str, str]:
    """Option id -> label for each token; a repeated word shows its position."""
    counts = Counter(tokens)
    return {
        str(i): t("pq_word_at", word=layout.escape_md(tok), i=i)
        if counts[tok] > 1
        else layout.escape_md(tok)
        for i, tok in enumerate(tokens)
    }


def _choice_labels(options: tuple[str, ...]) -> dict[str, str]:
    return {option: t(f"pq_opt_{option}") for option in options}


def _row_bars(values: np.ndarray, p: Pipeline, title: str, value_title: str) -> Figure:
    return figures.bars(
        values, p.key_side.tokens, title, p, label_title=t("ax_key"), value_title=value_title
    )


def _last(p: Pipeline) -> int:
    return len(p.query_side.tokens) - 1


def _picked(key: str, p: Pipeline) -> int:
    """The query word a page's picker holds (made to fit the sentence)."""
    return state.token_index(key, len(p.query_side.tokens))


# ---- the questions ------------------------------------------------------------------------


def _top(p: Pipeline, query: int) -> Asked | None:
    answer = questions.top_key(p, query)
    if answer is None:
        return None
    q, k = answer.words
    qt, kt = p.query_side.tokens, p.key_side.tokens
    return Asked(
        answer,
        t("pq_top_q", word=_word(qt, q)),
        t("pq_top_a", word=_word(qt, q), key=_word(kt, k), w=answer.numbers[0]),
        word_labels(kt),
        (_row_bars(p.attention.weights[q], p, t("pq_fig_weights", word=qt[q]), t("ax_weight")),),
        (q,),
    )


def _rows_top(p: Pipeline) -> Asked | None:
    return _top(p, _picked(K.WORD, p))


def _summary_top(p: Pipeline) -> Asked | None:
    return _top(p, _last(p))


def _input_width(p: Pipeline) -> Asked | None:
    answer = questions.query_width(p)
    d_k, d_model = (int(v) for v in answer.numbers)
    enc = p.query_side
    return Asked(
        answer,
        t("pq_width_q"),
        t("pq_width_a", d_k=d_k, d_model=d_model),
        {option: option for option in answer.options},
        (figures.vectors(enc.q, enc.tokens, t("m_q"), p),),
    )


def _input_repeat(p: Pipeline) -> Asked | None:
    answer = questions.repeat_identical(p)
    if answer is None:
        return None
    i, j = answer.words
    enc = p.key_side
    word = _word(enc.tokens, i)
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
    return Asked(
        answer,
        t("pq_repeat_q", word=word, i=i, j=j),
        because,
        _choice_labels(answer.options),
        (diff,),
    )


def _score_sum(p: Pipeline) -> Asked | None:
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
    return Asked(
        answer,
        t("pq_sum_q", state=flag),
        t("pq_sum_a", lo=lo, hi=hi),
        _choice_labels(answer.options),
        (fig,),
    )


def _score_scale_order(p: Pipeline) -> Asked | None:
    answer = questions.scale_changes_order(p)
    root, changed = answer.numbers
    q = _last(p)
    word = p.query_side.tokens[q]
    row = p.attention.factor[q]  # [n_k]
    figs = (
        _row_bars(row, p, t("pq_fig_factor", word=word), t("ax_score")),
        _row_bars(row / root, p, t("pq_fig_scaled", word=word, root=root), t("ax_score")),
    )
    if changed == 0:
        because = t("pq_scale_a_kept", root=root)
    else:
        because = t("pq_scale_a_changed", n=changed)
    return Asked(answer, t("pq_scale_q", root=root), because, _choice_labels(answer.options), figs)


def _roles_term(p: Pipeline) -> Asked | None:
    query = _picked(K.QUERY, p)
    answer = questions.biggest_term(p, query)
    if answer is None:
        return None
    q, k = answer.words
    qt, kt = p.query_side.tokens, p.key_side.tokens
    length, weight = answer.numbers
    fig = _row_bars(
        questions.term_lengths(p, q), p, t("pq_fig_terms", word=qt[q]), t("pq_ax_length")
    )
    return Asked(
        answer,
        t("pq_term_q", word=_word(qt, q)),
        t("pq_term_a", key=_word(kt, k), w=weight, length=length),
        word_labels(kt),
        (fig,),
        (q,),
    )


def _dot_sign(p: Pipeline) -> Asked | None:
    q, k = _last(p), 0
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
    )
    because = t(
        "pq_dot_a", dot=dot, pos=int(n_pos), pos_sum=pos_sum, neg=int(n_neg), neg_sum=neg_sum
    )
    return Asked(
        answer,
        t("pq_dot_q", a=_word(qt, q), b=_word(kt, k)),
        because,
        _choice_labels(answer.options),
        (fig,),
    )


def _dot_top(p: Pipeline) -> Asked | None:
    answer = questions.top_dot(p, _last(p))
    if answer is None:
        return None
    q, k = answer.words
    qt, kt = p.query_side.tokens, p.key_side.tokens
    fig = _row_bars(p.attention.factor[q], p, t("pq_fig_factor", word=qt[q]), t("ax_score"))
    return Asked(
        answer,
        t("pq_dot_top_q", word=_word(qt, q)),
        t("pq_dot_top_a", word=_word(qt, q), key=_word(kt, k), v=answer.numbers[0]),
        word_labels(kt),
        (fig,),
    )


def _other(p: Pipeline) -> tuple[Pipeline, int]:
    """The page-3 comparison: `p`'s inputs through random weights of the second seed."""
    seed_b = int(st.session_state.get(K.SEED_B, 1))
    return compute.random_weights(p, seed_b), seed_b


def _weights_top_kept(p: Pipeline) -> Asked | None:
    other, seed_b = _other(p)
    query = _last(p)
    answer = questions.same_top_key(p, other, query)
    if answer is None:
        return None
    q, mine, theirs = answer.words
    qt, kt = p.query_side.tokens, p.key_side.tokens
    fig = _row_bars(
        other.attention.weights[q],
        other,
        t("pq_fig_weights_seed", word=qt[q], seed=seed_b),
        t("ax_weight"),
    )
    return Asked(
        answer,
        t("pq_kept_q", word=_word(qt, q), key=_word(kt, mine), seed=seed_b),
        t("pq_kept_a", word=_word(qt, q), key=_word(kt, theirs), w=answer.numbers[0], seed=seed_b),
        _choice_labels(answer.options),
        (fig,),
        (seed_b,),
    )


def _weights_larger_max(p: Pipeline) -> Asked | None:
    other, seed_b = _other(p)
    answer = questions.larger_max_weight(p, other)
    a, b = answer.numbers
    names = (t("pq_set_a"), t("pq_set_b", seed=seed_b))
    fig = figures.bars(
        np.array([a, b]),
        names,
        t("pq_fig_max"),
        p,
        label_title=t("pq_ax_set"),
        value_title=t("ax_weight"),
    )
    return Asked(
        answer,
        t("pq_max_q", seed=seed_b),
        t("pq_max_a", a=a, b=b, seed=seed_b),
        {"a": names[0], "b": names[1]},
        (fig,),
        (seed_b,),
    )


BUILDERS: dict[str, Callable[[Pipeline], Asked | None]] = {
    "input_width": _input_width,
    "input_repeat": _input_repeat,
    "rows_top": _rows_top,
    "weights_top_kept": _weights_top_kept,
    "weights_larger_max": _weights_larger_max,
    "score_sum": _score_sum,
    "score_scale_order": _score_scale_order,
    "roles_term": _roles_term,
    "dot_sign": _dot_sign,
    "dot_top": _dot_top,
    "summary_top": _summary_top,
}


# ---- drawing ------------------------------------------------------------------------------


def inputs_hash(question_id: str, p: Pipeline, extra: tuple = ()) -> str:
    """A short hash of what the answer depends on: the sentence(s), the model, the switches."""
    parts = (question_id, p.query_side.text, p.key_side.text, p.model, p.settings, extra)
    return hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()[:12]


def _reveal(question_id: str, digest: str, radio_key: str) -> None:
    picked = st.session_state.get(radio_key)
    if picked is not None:
        st.session_state.setdefault(REVEALED, {})[question_id] = (digest, picked)


def _again(question_id: str) -> None:
    st.session_state.get(REVEALED, {}).pop(question_id, None)


def ask(question_id: str, p: Pipeline) -> bool:
    """Draw one question about `p`: pick, Reveal, then the verdict, the answer and why.

    False (and nothing drawn) when the question does not fit the sentence.
    """
    if not p.key_side.tokens or not p.query_side.tokens:
        return False
    asked = BUILDERS[question_id](p)
    if asked is None:
        return False
    digest = inputs_hash(question_id, p, asked.inputs)
    radio_key = f"{RADIO}{question_id}_{digest}"
    stored = st.session_state.get(REVEALED, {}).get(question_id)
    picked = stored[1] if stored is not None and stored[0] == digest else None
    options = list(asked.answer.options)
    with st.container(border=True):
        st.markdown(f"**{t('pq_heading')}** {asked.question}")
        if picked is None:
            st.radio(
                t("pq_pick"),
                options,
                format_func=asked.labels.__getitem__,
                index=None,
                key=radio_key,
                horizontal=True,
            )
            st.button(
                t("pq_reveal"),
                key=f"reveal_{question_id}_{digest}",
                disabled=st.session_state.get(radio_key) is None,
                on_click=_reveal,
                args=(question_id, digest, radio_key),
                icon=":material/visibility:",
            )
            return True
        st.radio(
            t("pq_pick"),
            options,
            format_func=asked.labels.__getitem__,
            index=options.index(picked) if picked in options else None,
            key=f"{radio_key}_shown",
            horizontal=True,
            disabled=True,
        )
        if asked.answer.is_right(picked):
            st.success(f"**{t('pq_right')}** {asked.because}")
        else:
            right = t("list_sep").join(asked.labels[o] for o in options if asked.answer.is_right(o))
            st.warning(f"**{t('pq_wrong')}** {t('pq_answer', answer=right)} {asked.because}")
        figs = asked.figures
        slots = st.columns(len(figs)) if len(figs) > 1 else [st.container()]
        for slot, fig in zip(slots, figs, strict=True):
            with slot:
                if fig.kind == "bars" and len(figs) > 1:
                    fig = fig.with_options(width=theme.BAR_WIDTH_HALF)
                figures.show(fig)
        st.button(
            t("pq_again"),
            key=f"again_{question_id}_{digest}",
            on_click=_again,
            args=(question_id,),
            type="tertiary",
            icon=":material/replay:",
        )
    return True


def verdict(question_id: str, p: Pipeline) -> str | None:
    """Once revealed for this pipeline: right or not, and the answer, in one Markdown line
    (presenter mode shows it above the step's own chart). None before the reveal."""
    asked = BUILDERS[question_id](p)
    if asked is None:
        return None
    stored = st.session_state.get(REVEALED, {}).get(question_id)
    digest = inputs_hash(question_id, p, asked.inputs)
    if stored is None or stored[0] != digest:
        return None
    picked = stored[1]
    if asked.answer.is_right(picked):
        return f"✅ **{t('pq_right')}** {asked.because}"
    options = asked.answer.options
    right = t("list_sep").join(asked.labels[o] for o in options if asked.answer.is_right(o))
    return f"❌ **{t('pq_wrong')}** {t('pq_answer', answer=right)} {asked.because}"


def page(name: str, p: Pipeline) -> None:
    """The questions of one page (PAGE_QUESTIONS), each that fits the sentence."""
    for question_id in PAGE_QUESTIONS[name]:
        ask(question_id, p)


def for_step(step_name: str, p: Pipeline) -> str | None:
    """The question that fits a presenter step for this pipeline, or None."""
    question_id = STEP_QUESTIONS.get(step_name)
    if question_id is None or not p.key_side.tokens:
        return None
    return question_id if BUILDERS[question_id](p) is not None else None
