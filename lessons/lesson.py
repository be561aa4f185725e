"""The lesson: Ketan Doshi's argument for *why* self-attention works ("Transformers Explained
Visually, Part 4") in nine steps: what a dot product measures → the factor matrix → softmax on
and off → × V → training live → learned against random → one real MiniLM head → the students'
own sentences → recap.

One lesson, two ways to show it: presenter mode (app_pages/present) alone on a projector, and
class mode (app_pages/classroom for the teacher, app_pages/join for the phones); it lives below
the pages (lessons/) so that all three read it without reaching into each other. Each step has a
title, its point, a question computed on the class's sentence (the expected answer and its
reason come from the computation), its chart(s), speaker notes for the teacher only, and a
suggested time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from core import questions
from core.attention import AttentionSettings
from core.learning.task import TrainResult, TrainSettings, initial_probe_weights
from core.pipeline import Pipeline
from core.story import TEACHER_HEADS, TEACHER_LAYER
from lessons import kinds, live_training
from lessons.handout import plain
from ui import compute, figures, minilm, predict, session
from ui.figures import Figure
from ui.i18n import lang, t
from ui.predict import Asked, Question
from ui.settings import DEFAULT_MODEL, SHARED_PARAMS, K, Settings, settings_from

RANDOM_SEED = 1  # the random weights the lesson compares with (page 3's second seed)
TRAINING = TrainSettings()  # page 7's default run: the one the training step trains live
TRAINED = "_lesson_trained"  # this session trained the run live: show it finished


# ---- the pipelines a step reads: the class's sentence on the default model ---------------


def lesson_settings(language: str, **values: object) -> Settings:
    """The app's defaults (never this session's sidebar): every phone computes the same."""
    defaults = {key: param.default_in(language) for key, param in SHARED_PARAMS.items()}
    return settings_from(defaults | {K.LANG: language} | values)


def class_pipeline(
    sentence: str, language: str, attention: AttentionSettings | None = None
) -> Pipeline:
    """The lesson's pipeline: the class's sentence on the default model and switches."""
    return compute.pipeline(
        lesson_settings(language),
        text=sentence,
        model=DEFAULT_MODEL,
        attention=attention or AttentionSettings(),
    )


def switched(p: Pipeline, **switches: object) -> Pipeline:
    """`p`'s sentence with other attention switches (softmax off, no scaling)."""
    return class_pipeline(p.key_side.text, lang(), AttentionSettings(**switches))


def real_head(p: Pipeline) -> Pipeline:
    """`p`'s sentence through the first MiniLM head the default model learned from (its
    teacher is the mean of TEACHER_HEADS, core/story.py)."""
    values = {K.LAYER: TEACHER_LAYER, K.HEAD: TEACHER_HEADS[0]}
    s = lesson_settings(lang(), **values)
    return compute.pipeline(s, text=p.key_side.text, model="pretrained")


def trained() -> TrainResult:
    """Page 7's default run (seeded: every server gets the same; about 0.1 s, then remembered)."""
    return compute.trained_result(TRAINING)


# ---- the questions ---------------------------------------------------------------------


def _factor_map(p: Pipeline) -> Figure:
    return figures.word_map(p.attention.factor, t("m_factor"), p)


def _factor(p: Pipeline) -> Asked | None:
    answer = questions.factor_symmetric(p)
    if answer is None:
        return None
    i, j = answer.words
    ij, ji = answer.numbers
    tokens = p.key_side.tokens
    a, b = predict.word(tokens, i), predict.word(tokens, j)
    because = t("cls_a_factor", a=a, b=b, ab=ij, ba=ji) + " " + t("cls_why_factor")
    return Asked(
        answer,
        t("cls_q_factor", a=a, b=b),
        because,
        predict.choice_labels(answer.options),
        (_factor_map(p),),
    )


def _softmax(p: Pipeline) -> Asked | None:
    asked = kinds.rows_sum_to_one(switched(p, use_softmax=False))
    if asked is None:
        return None
    return dataclasses.replace(asked, because=f"{asked.because} {t('cls_why_softmax')}")


def _term(p: Pipeline) -> Asked | None:
    """× V: which word's term αⱼ·vⱼ is the longest in the last word's output?"""
    return kinds.longest_term(p, predict.last(p))


def _after_training(result: TrainResult) -> Figure:
    return live_training.heatmap(result.probe_weights, result.settings, title=t("learn_after"))


def _train(p: Pipeline) -> Asked | None:
    """Page 7's probe (a sentence of its little language), not the class's: after training,
    which word does its last word weigh most?"""
    result = trained()
    tokens, q = result.probe_tokens, result.watch_row
    answer = questions.top_of_row(result.probe_weights[q], q, q)
    if answer is None:
        return None
    k = answer.words[1]
    tokens = tuple(live_training.shown(tokens))  # in Chinese, the corpus's Chinese words
    w, tw = predict.word(tokens, q), predict.word(tokens, k)
    before = float(result.probe_weights_before[q, k])
    because = t(
        "cls_a_train",
        word=w,
        key=tw,
        w=answer.numbers[0],
        before=before,
        steps=result.steps_run,
        acc=result.held_out_accuracy,
    )
    return Asked(
        answer,
        t("cls_q_train", word=w, probe=plain(("" if lang() == "zh" else " ").join(tokens))),
        because,
        predict.word_labels(tokens, answer.options),
        (_after_training(result),),
        (TRAINING,),
    )


def _real(p: Pipeline) -> Asked | None:
    """In the words-only view of the heads the default model learned from, which other word
    does the last word weigh most?"""
    text = p.key_side.text
    teacher = minilm.teacher(text)
    if not minilm.has_words(teacher.tokens):
        return None
    words = teacher.word_tokens
    q = session.last_word(words)
    answer = questions.top_of_row(teacher.words[q], q, q)
    if answer is None:
        return None
    w, key = predict.word(words, q), predict.word(words, answer.words[1])
    heads = minilm.teacher_heads()
    question = t("cls_q_real", word=w, layer=TEACHER_LAYER, heads=heads)
    reads = minilm.chinese_line(text, teacher.tokens)  # MiniLM reads English: say so first
    because = (
        t("cls_a_real", word=w, key=key, w=answer.numbers[0])
        + " "
        + minilm.sink_line(teacher.raw, teacher.tokens, mean=True)
    )
    return Asked(
        answer,
        question if reads is None else f"{question}\n\n{reads}",
        because + " " + t("cls_why_real"),
        predict.word_labels(words, answer.options),
        minilm.teacher_figures(teacher, real_head(p)),
        (TEACHER_LAYER, TEACHER_HEADS),
    )


def _recap(p: Pipeline) -> Asked | None:
    q = predict.last(p)
    random = compute.random_weights(p, RANDOM_SEED)
    changed = {
        "scale": switched(p, scale=False).attention.weights[q],
        "softmax": switched(p, use_softmax=False).attention.weights[q],
        "random": random.attention.weights[q],
    }
    answer = questions.what_moves_top(p.attention.weights[q], changed, q)
    if answer is None:
        return None
    tokens = p.key_side.tokens
    tops = []
    for option, row in changed.items():
        top = questions.top_of_row(row, q, q)
        tops.append(
            t(
                "cls_a_recap_item",
                change=t(f"pq_opt_{option}"),
                key=predict.word(tokens, top.words[1]),
            )
        )
    because = t(
        "cls_a_recap",
        word=predict.word(tokens, q),
        key=predict.word(tokens, answer.words[1]),
        changes=t("list_sep").join(tops),
    )
    return Asked(
        answer,
        t("cls_q_recap", word=predict.word(tokens, q)),
        because
        + " "
        + t("cls_why_recap" if "random" in answer.correct else "cls_why_recap_chance"),
        predict.choice_labels(answer.options),
        (figures.weights(p), figures.weights(random)),
        (RANDOM_SEED,),
    )


def _evidence(question: Question) -> Callable[[Pipeline], tuple[Figure, ...]]:
    """A step whose chart is its question's evidence."""

    def charts(p: Pipeline) -> tuple[Figure, ...]:
        asked = question.build(p)
        return asked.figures if asked is not None else ()

    return charts


def _softmax_charts(p: Pipeline) -> tuple[Figure, ...]:
    return figures.weights(switched(p, use_softmax=False)), figures.weights(p)


def _random_charts(p: Pipeline) -> tuple[Figure, ...]:
    return figures.weights(p), figures.weights(compute.random_weights(p, RANDOM_SEED))


def _weights(p: Pipeline) -> tuple[Figure, ...]:
    return (figures.weights(p),)


def _training_chart(p: Pipeline) -> tuple[Figure, ...]:
    return (_after_training(trained()),)


def _real_chart(p: Pipeline) -> tuple[Figure, ...]:
    """The teacher as it is, [CLS] and [SEP] included, beside its words-only view."""
    return minilm.teacher_figures(minilm.teacher(p.key_side.text), real_head(p))


# ---- the steps ------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    id: str  # its texts: cls_step_<id> (title), cls_short_<id>, cls_point_<id>, cls_notes_<id>
    minutes: int  # suggested time
    question: Question | None = None  # asked of the class's pipeline
    charts: Callable[[Pipeline], tuple[Figure, ...]] = _weights  # what shows its point
    sentences: bool = False  # students send sentences of their own
    training: bool = False  # page 7's run, trained live in place

    @property
    def title(self) -> str:
        return t(f"cls_step_{self.id}")

    @property
    def short(self) -> str:
        """One or two words, for presenter mode's strip of steps."""
        return t(f"cls_short_{self.id}")

    @property
    def point(self) -> str:
        """What the step shows: says its question's answer, so never shown before the reveal."""
        return t(f"cls_point_{self.id}")

    @property
    def notes(self) -> str:
        """Speaker notes: for the teacher's own screen, never the projector by default."""
        return t(f"cls_notes_{self.id}")


DOT = Question("lesson_dot", kinds.dot_top)
FACTOR = Question("lesson_factor", _factor)
SOFTMAX = Question("lesson_softmax", _softmax)
TERM = Question("lesson_term", _term)
TRAIN = Question("lesson_train", _train)
RANDOM = Question("lesson_random", lambda p: kinds.kept_across_seeds(p, RANDOM_SEED))
REAL = Question("lesson_real", _real)
RECAP = Question("lesson_recap", _recap)

STEPS = (
    Step("dot", 5, DOT, _evidence(DOT)),
    Step("factor", 5, FACTOR, lambda p: (_factor_map(p),)),
    Step("softmax", 5, SOFTMAX, _softmax_charts),
    Step("out", 5, TERM, _evidence(TERM)),
    Step("train", 7, TRAIN, _training_chart, training=True),
    Step("random", 5, RANDOM, _random_charts),
    Step("real", 5, REAL, _real_chart),
    Step("own", 5, None, _weights, sentences=True),
    Step("recap", 3, RECAP, _weights),
)


def point_shown(step: Step, phase: str) -> bool:
    """A step's point says its question's answer: shown once revealed (or with no question)."""
    return step.question is None or phase == "revealed"


def step_at(index: int) -> Step:
    return STEPS[min(max(index, 0), len(STEPS) - 1)]


def asked(step: Step, p: Pipeline) -> Asked | None:
    """The step's question made concrete on the class's pipeline (None: no question, or it
    does not fit the sentence)."""
    if step.question is None or not p.key_side.tokens:
        return None
    return step.question.build(p)


def charts(step: Step, p: Pipeline) -> tuple[Figure, ...]:
    """The step's chart(s) on the class's pipeline (none for an empty sentence)."""
    return step.charts(p) if p.key_side.tokens else ()


def plain_label(option: str, question: Asked) -> str:
    """An option as plain text (for tables and files, never Markdown)."""
    return plain(question.labels.get(option, option))


def train_in_place(key: str, **fit: int) -> None:
    """The training step: page 7's run trained live in place, through page 7's own code and the
    one training queue (lessons/live_training.train_live); `fit`: the heatmap's size."""
    s = session.settings()
    with st.container(horizontal=True, vertical_alignment="center"):
        pressed = st.button(t("cls_train"), key=key, type="primary", icon=":material/play_arrow:")
        status = st.empty()
    slot = st.empty()
    if pressed:
        result = live_training.train_live(TRAINING, slot, status, s, **fit)
        compute.run_store().put(result)
        st.session_state[TRAINED] = True
    elif st.session_state.get(TRAINED):
        result = trained()
    else:
        live_training.draw(
            slot, live_training.at_step(initial_probe_weights(TRAINING), TRAINING, s, 0, **fit)
        )
        status.caption(t("cls_train_hint"))
        return
    live_training.draw(
        slot, live_training.at_step(result.probe_weights, TRAINING, s, result.steps_run, **fit)
    )
    status.caption(t("cls_trained", steps=result.steps_run))
