"""A lesson: a title and steps read from a lesson file (lessons/lesson_file.py), each step a
question kind (lessons/kinds.py) with its time, point, speaker notes and maybe its own sentence.

One lesson, three ways to show it: presenter mode (app_pages/present) alone on a projector,
class mode (app_pages/classroom for the teacher, app_pages/join for the phones) and the handout.
The built-in lessons are files in lessons/builtin/; a teacher may upload their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import streamlit as st

from core.learning.task import initial_probe_weights
from core.pipeline import Pipeline
from lessons import live_training
from lessons.kinds import KINDS, TRAINING, Kind, class_pipeline, trained
from lessons.lesson_file import MAX_SENTENCE, LessonFile, parse
from ui import compute, session
from ui.figures import Figure
from ui.i18n import lang, t
from ui.markdown import plain
from ui.predict import Asked, Question
from ui.text_box import text_box

BUILTIN_FOLDER = Path(__file__).resolve().parent / "builtin"
BUILTIN = ("lesson_45", "lesson_20")  # the built-in lessons, by file name; the first is the default
TRAINED = "_lesson_trained"  # this session trained the run live: show it finished


def in_language(texts: Mapping[str, str]) -> str:
    """A file's text in the page's language, else in the file's first language."""
    return texts.get(lang()) or next(iter(texts.values()))


@dataclass(frozen=True)
class Step:
    """One step of a lesson: its kind and what the file says about it."""

    kind: Kind
    minutes: int  # suggested time
    point_texts: Mapping[str, str]
    notes_texts: Mapping[str, str]
    title_texts: Mapping[str, str] | None = None
    sentence: str | None = None  # its own sentence, instead of the class's

    @property
    def id(self) -> str:
        return self.kind.name

    @property
    def question(self) -> Question | None:
        return self.kind.question

    @property
    def sentences(self) -> bool:
        return self.kind.sentences

    @property
    def training(self) -> bool:
        return self.kind.training

    @property
    def title(self) -> str:
        """Plain text (from the file, or the kind's): never rendered as Markdown."""
        return in_language(self.title_texts) if self.title_texts else self.kind.title

    @property
    def short(self) -> str:
        """One or two words, for presenter mode's strip of steps."""
        return self.kind.short

    @property
    def point(self) -> str:
        """What the step shows: says its question's answer, so never shown before the reveal."""
        return in_language(self.point_texts)

    @property
    def notes(self) -> str:
        """Speaker notes: for the teacher's own screen, never the projector by default."""
        return in_language(self.notes_texts)


@dataclass(frozen=True)
class Lesson:
    title_texts: Mapping[str, str]
    steps: tuple[Step, ...]
    source: str  # the lesson file's text

    @property
    def title(self) -> str:
        return in_language(self.title_texts)

    @property
    def minutes(self) -> int:
        return sum(step.minutes for step in self.steps)


def lesson_of(checked: LessonFile) -> Lesson:
    steps = tuple(
        Step(KINDS[s.kind], s.minutes, s.point, s.notes, s.title, s.sentence) for s in checked.steps
    )
    return Lesson(checked.title, steps, checked.source)


def read(data: bytes) -> Lesson:
    """A lesson file's bytes -> a Lesson (LessonError says what is wrong, where)."""
    return lesson_of(parse(data, KINDS))


@cache
def builtin(name: str) -> Lesson:
    """A built-in lesson, read from lessons/builtin/<name>.toml once per process."""
    return read((BUILTIN_FOLDER / f"{name}.toml").read_bytes())


def default() -> Lesson:
    return builtin(BUILTIN[0])


def point_shown(step: Step, phase: str) -> bool:
    """A step's point says its question's answer: shown once revealed (or with no question)."""
    return step.question is None or phase == "revealed"


def step_at(steps: tuple[Step, ...], index: int) -> Step:
    """The step at `index`, kept inside the lesson (a class's index may outlast a shorter
    lesson's)."""
    return steps[min(max(index, 0), len(steps) - 1)]


def step_pipeline(step: Step, sentence: str, language: str) -> Pipeline:
    """The pipeline a step asks about: its own sentence if the file gives one, else `sentence`."""
    return class_pipeline(step.sentence or sentence, language)


def own_sentence(key: str) -> str | None:
    """Presenter mode's "own sentences" step: the presenter types a sentence from the room
    (no phones needed); None while the box is empty."""
    typed = text_box(
        t("lesson_own_sentence"), key, MAX_SENTENCE, help=t("lesson_own_sentence_help")
    )
    return " ".join(typed.split()) or None


def asked(step: Step, p: Pipeline) -> Asked | None:
    """The step's question made concrete on the pipeline (None: no question, or it does not
    fit the sentence)."""
    if step.question is None or not p.key_side.tokens:
        return None
    return step.question.build(p)


def charts(step: Step, p: Pipeline) -> tuple[Figure, ...]:
    """The step's chart(s) on the pipeline (none for an empty sentence)."""
    return step.kind.charts(p) if p.key_side.tokens else ()


def plain_label(option: str, question: Asked) -> str:
    """An option as plain text (for tables and files, never Markdown)."""
    return plain(question.labels.get(option, option))


def train_in_place(key: str, **fit: int) -> None:
    """The training step: page 7's run trained live in place, through the one training queue
    (lessons/live_training.train_live); `fit`: the heatmap's size."""
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
        start = live_training.at_step(initial_probe_weights(TRAINING), TRAINING, s, 0, **fit)
        live_training.draw(slot, start)
        status.caption(t("cls_train_hint"))
        return
    end = live_training.at_step(result.probe_weights, TRAINING, s, result.steps_run, **fit)
    live_training.draw(slot, end)
    status.caption(t("cls_trained", steps=result.steps_run))
