"""The page's own URL parameters: each key is also its session-state key.

`lesson` is the lesson's step on screen. Links made before the lesson name a step of the
pipeline instead (`step`, 0-7); they still open, at the lesson's step that shows it."""

from core.params import Param
from lessons.lesson import STEPS
from ui.settings import params_of
from ui.texts import PIPELINE_STEPS

LESSON = "lesson"  # which step of the lesson is on screen
STEP = "step"  # an old link's step of the pipeline (tokens ... out); read once, then dropped
ASK = "ask"  # ask the room before each step's point and charts (predict, then reveal)

# an old link's pipeline step -> the lesson's step that shows it
OLD_STEPS = {
    "tokens": "dot",
    "embed": "dot",
    "pos": "dot",
    "qkv": "dot",
    "factor": "factor",
    "scale": "softmax",  # the scaled scores are what softmax turns into weights
    "softmax": "softmax",
    "out": "out",
}


def lesson_step_of(old: int) -> int:
    """The lesson's step for an old link's `step` (0-7, a step of the pipeline)."""
    ids = [step.id for step in STEPS]
    return ids.index(OLD_STEPS[PIPELINE_STEPS[old]])


PARAMS = params_of(
    Param(LESSON, 0, "int", 0, len(STEPS) - 1),
    Param(STEP, 0, "int", 0, len(PIPELINE_STEPS) - 1),
    Param(ASK, True, "bool"),
)
