"""The page's own URL parameters: each key is also its session-state key."""

from core.params import Param
from ui.settings import IN_CHINESE, params_of

CMP_MODE = "cmp"  # two sentences or two settings
CMP_MATRIX = "cmpm"  # scores, weights or output
CMP_A = "ca"  # sentence A
CMP_B = "cb"  # sentence B
CMP_SETTING = "cmps"  # the setting that differs

PARAMS = params_of(
    Param(CMP_MODE, "sentences", "choice", choices=("sentences", "settings")),
    Param(CMP_MATRIX, "weights", "choice", choices=("scores", "weights", "output")),
    Param(
        CMP_A,
        "The cat drank the milk because it was hungry",
        "text",
        translated=((IN_CHINESE, "猫喝了奶，因为它饿了"),),
    ),
    Param(
        CMP_B,
        "The cat drank the milk because it was sweet",
        "text",
        translated=((IN_CHINESE, "猫喝了奶，因为它很甜"),),
    ),
    Param(CMP_SETTING, "softmax", "choice", choices=("softmax", "scale", "pe", "seed", "source")),
)
