"""The page's own URL parameters: each key is also its session-state key."""

from core.params import Param
from ui.settings import params_of

STEP = "step"  # which step of the pipeline is on screen
ASK = "ask"  # ask the room before each chart (predict, then reveal)

PARAMS = params_of(Param(STEP, 0, "int", 0, 7), Param(ASK, True, "bool"))
