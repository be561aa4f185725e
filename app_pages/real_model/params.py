"""The page's own URL parameters: each key is also its session-state key."""

from core.params import Param
from ui.settings import params_of

HIDE_SPECIALS = "nospecial"  # hide [CLS] and [SEP]

PARAMS = params_of(Param(HIDE_SPECIALS, False, "bool"))
