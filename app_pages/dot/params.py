"""The page's own URL parameters: each key is also its session-state key."""

from core.params import Param
from ui.settings import params_of

WORD_A = "a"  # first word of the pair
WORD_B = "b"  # second word of the pair
VECTOR_KIND = "vec"  # compare q·k or x·x
VEC_A = "va"  # vector A as typed, numbers separated by commas ("": the model's)
VEC_B = "vb"  # vector B as typed

PARAMS = params_of(
    Param(WORD_A, -1, "int", -1, 63),
    Param(WORD_B, -1, "int", -1, 63),
    Param(VECTOR_KIND, "qk", "choice", choices=("qk", "x")),
    Param(VEC_A, "", "text"),
    Param(VEC_B, "", "text"),
)
