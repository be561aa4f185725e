"""The page's own URL parameters: each key is also its session-state key.

`lesson` is the lesson's step on screen. Links made before the lesson name a step of the
pipeline instead (`step`, 0-7); they still open, at the built-in lesson's step that shows it."""

from core.params import Param
from lessons import lesson
from lessons.lesson_file import MAX_STEPS
from ui.settings import params_of
from ui.texts import PIPELINE_STEPS

LESSON = "lesson"  # which step of the lesson is on screen
STEP = "step"  # an old link's step of the pipeline (tokens ... out); read once, then dropped
ASK = "ask"  # ask the room before each step's point and charts (predict, then reveal)

# an old link's pipeline step -> the question kind of the built-in lesson's step that shows it
OLD_STEPS = {
    "tokens": "query_match",
    "embed": "query_match",
    "pos": "query_match",
    "qkv": "query_match",
    "factor": "query_match",  # Q·Kᵀ: every query's dot product with every key
    "scale": "softmax_sums",  # the scaled scores are what softmax turns into weights
    "softmax": "softmax_sums",
    "out": "longest_term",
}


def lesson_step_of(old: int) -> int:
    """The built-in lesson's step for an old link's `step` (0-7, a step of the pipeline)."""
    kinds = [step.kind.name for step in lesson.default().steps]
    wanted = OLD_STEPS[PIPELINE_STEPS[old]]
    return kinds.index(wanted) if wanted in kinds else 0


PARAMS = params_of(
    Param(LESSON, 0, "int", 0, MAX_STEPS - 1),  # an uploaded lesson may be longer than ours
    Param(STEP, 0, "int", 0, len(PIPELINE_STEPS) - 1),
    Param(ASK, True, "bool"),
)
