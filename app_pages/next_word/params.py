"""The page's own URL parameters (each key is also its session-state key) and its other keys."""

from core.models.smollm2 import STORY_HEAD, SmolLM2Config
from core.params import Param
from ui.settings import params_of

PROMPT = "prompt"  # the text the model continues
TEMPERATURE = "ntemp"  # the next token's temperature (the sidebar's "temp" is attention's)
TOP_K = "topk"  # only the k likeliest tokens may come next ("all": every token)
LAYER = "nlayer"  # SmolLM2's head shown whole (the sidebar's layer and head are MiniLM's)
HEAD = "nhead"
DEFAULT_PROMPT = "The black cat drank the milk"  # English in both languages: SmolLM2 reads English
TOP_K_CHOICES = ("all", "50", "10", "5", "1")

HISTORY = "_next_word_history"  # the prompts before each token added, for Undo (not in the link)
ADD = "next_word_add_"  # + a candidate's rank: its button
UNDO = "next_word_undo"
RESTART = "next_word_restart"
USE_SENTENCE = "next_word_use_sentence"
STORY = "next_word_story"  # the button that opens the story head
FETCH = "next_word_fetch"  # the button that makes the model's files
ATLAS = "next_word_atlas"  # the grid of every head (a folded part: ui/fold.py)

_SHAPE = SmolLM2Config()
PARAMS = params_of(
    Param(PROMPT, DEFAULT_PROMPT, "text"),
    Param(TEMPERATURE, 1.0, "float", 0.1, 2.0),
    Param(TOP_K, TOP_K_CHOICES[0], "choice", choices=TOP_K_CHOICES),
    Param(LAYER, STORY_HEAD[0], "int", 0, _SHAPE.n_layers - 1),
    Param(HEAD, STORY_HEAD[1], "int", 0, _SHAPE.n_heads - 1),
)
