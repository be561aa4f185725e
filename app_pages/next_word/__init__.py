"""The next word: SmolLM2-135M predicts the next token of a prompt; which earlier words its
heads looked at."""

from app_pages.next_word.params import PARAMS
from app_pages.next_word.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import K

SPEC = PageSpec(
    "app_pages/next_word/page.py",
    "nav_next_word",
    "next-word",
    params=PARAMS,
    # the sidebar's sentence: a button copies it into the prompt; the switches: the head's map
    uses=(K.TEXT, K.SCALE, K.SOFTMAX, K.NUMBERS),
    heads=True,  # one model always (not the sidebar's source); its heads are picked on the page
    own_head_pickers=True,
    sentence_help="nw_sentence_help",
    texts=TEXTS,
    projector=True,
)
