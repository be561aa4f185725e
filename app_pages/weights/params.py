"""The page's own URL parameters: each key is also its session-state key."""

from core.params import Param
from ui.settings import params_of

SEED_B = "seed_b"  # the second seed

PARAMS = params_of(Param(SEED_B, 1, "int", 0, 9999))
