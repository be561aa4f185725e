"""The page's own URL parameters: each key is also its session-state key."""

from core.params import Param
from ui.settings import IN_CHINESE, params_of

KIND = "kind"  # self, causal or cross attention
ENCODER_TEXT = "source"  # the sentence that gives K and V in cross attention
DECODER_TEXT = "target"  # the sentence that gives Q in cross attention
DEFAULT_ENCODER_TEXT = "The ball is blue"
DEFAULT_DECODER_TEXT = "La bola es azul"

PARAMS = params_of(
    Param(KIND, "self", "choice", choices=("self", "causal", "cross")),
    Param(ENCODER_TEXT, DEFAULT_ENCODER_TEXT, "text"),
    Param(DECODER_TEXT, DEFAULT_DECODER_TEXT, "text", translated=((IN_CHINESE, "球是蓝色的"),)),
)
