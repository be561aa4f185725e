"""Predict, then reveal: a teacher's question about what is on screen, the learner's guess, and
the answer computed from the current sentence and settings, with the chart that shows why.

A page's questions live in its package (app_pages/<page>/questions.py) and are listed in its
PageSpec; `ask(question, p)` draws one. Answers come from core/questions.py; nothing here is
stored but the learner's pick and whether it was revealed, keyed by the question and a hash of
the pipeline's inputs, so a new sentence asks afresh.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import streamlit as st

from core import questions
from core.compare import shared_range
from core.models import family
from core.pipeline import Pipeline
from core.questions import Answer
from ui import figures, fold, session, theme
from ui.figures import Figure
from ui.i18n import lang, t
from ui.markdown import escape_md

REVEALED = "_predict_revealed"  # question id -> (inputs hash, the option picked)
RADIO = "predict_"  # + question id + "_" + inputs hash: the learner's pick


@dataclass(frozen=True)
class Asked:
    """A question made concrete for one pipeline: its texts, options and evidence."""

    answer: Answer
    question: str  # translated, user words escaped for Markdown
    because: str  # the computed answer in one sentence
    labels: dict[str, str]  # option id -> label (Markdown)
    figures: tuple[Figure, ...]  # the chart(s) that show why
    inputs: tuple = ()  # what besides the pipeline the answer depends on (a word, a seed)


@dataclass(frozen=True)
class Question:
    """One question of a page: its id (keys of its texts and widgets) and how it is asked of a
    pipeline (None when it does not fit the sentence)."""

    id: str
    build: Callable[[Pipeline], Asked | None]


# ---- what several pages' questions share ----------------------------------------------------


def word(tokens: tuple[str, ...], i: int) -> str:
    """A token quoted in Markdown text."""
    return escape_md(tokens[i])


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st: English (Chinese says 第 n 个)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def word_labels(tokens: tuple[str, ...], options: tuple[str, ...] | None = None) -> dict[str, str]:
    """Option id -> label for each token offered (all by default): the word itself, or, for a
    word the sentence holds more than once, which one it is, as a class says it ("the 2nd
    ‘the’"), never a position number nobody counted."""
    counts = Counter(tokens)
    seen: Counter[str] = Counter()
    offered = set(options) if options is not None else {str(i) for i in range(len(tokens))}
    labels = {}
    for i, tok in enumerate(tokens):
        seen[tok] += 1
        if str(i) not in offered:
            continue
        if counts[tok] > 1:
            nth = seen[tok]
            said = ordinal(nth) if lang() == "en" else str(nth)
            labels[str(i)] = t("pq_word_nth", word=escape_md(tok), nth=said)
        else:
            labels[str(i)] = escape_md(tok)
    return labels


def why(p: Pipeline, learned_key: str, random_key: str = "pq_why_random", **values: object) -> str:
    """The article's reason behind an answer, after it: for learned weights the text
    `learned_key`; for random weights (the toy, before learning) `random_key`: that the
    order is chance."""
    return " " + t(random_key if family(p.model).random_weights else learned_key, **values)


def choice_labels(options: tuple[str, ...]) -> dict[str, str]:
    return {option: t(f"pq_opt_{option}") for option in options}


def row_bars(
    values: np.ndarray, p: Pipeline, title: str, value_title: str, stage: str | None = None
) -> Figure:
    """One query's row (one value per key) as bars; `stage`: see figures.context."""
    return figures.bars(
        values,
        p.key_side.tokens,
        title,
        p,
        label_title=t("ax_key"),
        value_title=value_title,
        stage=stage,
    )


def last(p: Pipeline) -> int:
    """The sentence's last word, as a page's picker starts on it (not a final "." or "。")."""
    return session.last_word(p.query_side.tokens)


def picked_query(key: str, p: Pipeline) -> int:
    """The query word a page's picker holds (made to fit the sentence)."""
    return session.token_index(key, p.query_side.tokens)


def top_key(p: Pipeline, query: int) -> Asked | None:
    """Which other word does `query` attend to most?"""
    answer = questions.top_key(p, query)
    if answer is None:
        return None
    q, k = answer.words
    qt, kt = p.query_side.tokens, p.key_side.tokens
    return Asked(
        answer,
        t("pq_top_q", word=word(qt, q)),
        t("pq_top_a", word=word(qt, q), key=word(kt, k), w=answer.numbers[0])
        + why(p, "pq_why_top", word=word(qt, q), key=word(kt, k)),
        word_labels(kt, answer.options),
        (row_bars(p.attention.weights[q], p, t("pq_fig_weights", word=qt[q]), t("ax_weight")),),
        (q,),
    )


def same_scale(figs: tuple[Figure, ...]) -> tuple[Figure, ...]:
    """Bars of one quantity drawn side by side get one value axis, so their lengths compare."""
    bars = [fig for fig in figs if fig.kind == "bars"]
    if len(bars) < 2 or len({fig.value_title for fig in bars}) != 1:
        return figs
    domain = shared_range(*(fig.matrix for fig in bars), zero=True)
    return tuple(fig.with_options(domain=domain) if fig.kind == "bars" else fig for fig in figs)


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


def fits(question: Question, p: Pipeline) -> Asked | None:
    """The question made concrete for `p`; None when it does not fit the sentence."""
    if not p.key_side.tokens or not p.query_side.tokens:
        return None
    return question.build(p)


def ask(question: Question, p: Pipeline, asked: Asked | None = None) -> bool:
    """Draw one question about `p` (`asked`: already built by `fits`): pick, Reveal, then the
    verdict, the answer and why.

    False (and nothing drawn) when the question does not fit the sentence.
    """
    asked = asked or fits(question, p)
    if asked is None:
        return False
    question_id = question.id
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
        figs = same_scale(asked.figures)
        if len(figs) > 1:
            half = [
                f.with_options(width=theme.BAR_WIDTH_HALF) if f.kind == "bars" else f for f in figs
            ]
            figs = tuple(half)
        align = figures.title_lines(figs) if len(figs) > 1 else None  # plots start level
        slots = st.columns(len(figs)) if len(figs) > 1 else [st.container()]
        for slot, fig in zip(slots, figs, strict=True):
            with slot:
                figures.show(fig, align=align)
        st.button(
            t("pq_again"),
            key=f"again_{question_id}_{digest}",
            on_click=_again,
            args=(question_id,),
            type="tertiary",
            icon=":material/replay:",
        )
    return True


def verdict(question: Question, p: Pipeline) -> str | None:
    """Once revealed for this pipeline: right or not, and the answer, in one Markdown line
    (presenter mode shows it above the step's own chart). None before the reveal."""
    asked = question.build(p)
    if asked is None:
        return None
    stored = st.session_state.get(REVEALED, {}).get(question.id)
    digest = inputs_hash(question.id, p, asked.inputs)
    if stored is None or stored[0] != digest:
        return None
    picked = stored[1]
    if asked.answer.is_right(picked):
        return f"✅ **{t('pq_right')}** {asked.because}"
    options = asked.answer.options
    right = t("list_sep").join(asked.labels[o] for o in options if asked.answer.is_right(o))
    return f"❌ **{t('pq_wrong')}** {t('pq_answer', answer=right)} {asked.because}"


def ask_all(page_questions: tuple[Question, ...], p: Pipeline) -> None:
    """A page's questions, each that fits the sentence, folded into one line above the page's
    charts: on a projector the chart that makes the page's point stays on the first screen,
    and a class opens the questions before looking (class mode asks them of everyone)."""
    fitting = [(q, asked) for q in page_questions if (asked := fits(q, p)) is not None]
    if not fitting:
        return
    box, built = fold.expander(t("pq_group", n=len(fitting)), "questions")
    if built:
        with box:
            for question, asked in fitting:
                ask(question, p, asked)
