"""The page's own URL parameters: each key is also its session-state key."""

from core.params import Param
from ui.settings import DEFAULT_TEXT, DEFAULT_TEXTS, IN_CHINESE, params_of

CMP_MODE = "cmp"  # two sentences or two settings
CMP_MATRIX = "cmpm"  # scores, weights or output
CMP_A = "ca"  # sentence A
CMP_B = "cb"  # sentence B
CMP_SETTING = "cmps"  # the setting that differs

PARAMS = params_of(
    Param(CMP_MODE, "sentences", "choice", choices=("sentences", "settings")),
    Param(CMP_MATRIX, "weights", "choice", choices=("scores", "weights", "output")),
    # the example sentence, and the same with another drinker: only that word's row and column
    # change much, and the drink still looks most at its verb (tests/test_article_claims.py)
    Param(
        CMP_A,
        DEFAULT_TEXT,
        "text",
        translated=((IN_CHINESE, DEFAULT_TEXTS[IN_CHINESE]),),
        old_default="The cat drank the milk because it was hungry",
    ),
    Param(
        CMP_B,
        "The black dog drank the milk",
        "text",
        translated=((IN_CHINESE, "黑狗喝了牛奶"),),
        old_default="The cat drank the milk because it was sweet",
    ),
    Param(CMP_SETTING, "softmax", "choice", choices=("softmax", "scale", "pe", "seed", "source")),
)
