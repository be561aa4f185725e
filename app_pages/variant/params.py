"""The page's own URL parameters: each key is also its session-state key."""

from core.params import Param
from ui.settings import IN_CHINESE, params_of

VARIANT_TEXT = "alt"  # sentence B, the variant
DEFAULT_VARIANT_TEXT = "The black cat drank the water"  # beside the default sentence

PARAMS = params_of(
    Param(VARIANT_TEXT, DEFAULT_VARIANT_TEXT, "text", translated=((IN_CHINESE, "黑猫喝了水"),))
)
