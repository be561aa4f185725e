"""The page's own URL parameters: each key is also its session-state key."""

from core.params import Param
from ui.settings import params_of

QK_QUERY = "qkq"  # the query whose top keys are linked on the map

PARAMS = params_of(Param(QK_QUERY, -1, "int", -1, 63))
