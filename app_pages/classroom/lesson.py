"""The class lesson: its steps, each with the predict-then-reveal question of the concept page
that teaches it, computed on the class's sentence. Both class pages read it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from app_pages.dot.questions import DOT_TOP
from app_pages.roles.questions import ROLES_TERM
from app_pages.score.questions import SCORE_SCALE_ORDER, SCORE_SUM
from app_pages.summary.questions import SUMMARY_TOP
from app_pages.weights.questions import WEIGHTS_TOP_KEPT
from core.pipeline import Pipeline
from ui.i18n import t
from ui.predict import Asked, Question


@dataclass(frozen=True)
class Step:
    id: str  # its texts: cls_step_<id> (title), cls_point_<id> (its point), cls_notes_<id>
    minutes: int  # suggested time
    question: Question | None = None
    sentences: bool = False  # students send sentences of their own

    @property
    def title(self) -> str:
        return t(f"cls_step_{self.id}")

    @property
    def point(self) -> str:
        return t(f"cls_point_{self.id}")

    @property
    def notes(self) -> str:
        """Speaker notes: for the teacher's own screen, never the projector by default."""
        return t(f"cls_notes_{self.id}")


STEPS = (
    Step("dot", 6, DOT_TOP),
    Step("scale", 5, SCORE_SCALE_ORDER),
    Step("softmax", 5, SCORE_SUM),
    Step("top", 7, SUMMARY_TOP),
    Step("random", 7, WEIGHTS_TOP_KEPT),
    Step("out", 7, ROLES_TERM),
    Step("own", 8, sentences=True),
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


def plain_label(option: str, p: Pipeline) -> str:
    """An option as plain text (for tables and files, never Markdown): a word, with its
    position when it appears twice, or the translated choice."""
    if option.isdigit():
        tokens = p.key_side.tokens
        word = tokens[int(option)]
        return f"{word} ({option})" if Counter(tokens)[word] > 1 else word
    return t(f"pq_opt_{option}")
