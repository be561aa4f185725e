"""The page's own URL parameters: each key is also its session-state key."""

from core.params import Param
from ui.settings import params_of

WORD = "word"  # the followed word (token index)

PARAMS = params_of(Param(WORD, -1, "int", -1, 63))
