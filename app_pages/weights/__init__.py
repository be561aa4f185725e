"""Page 3: the learnable matrices: the current ones beside random ones from another seed."""

from app_pages.weights.params import PARAMS
from app_pages.weights.questions import QUESTIONS
from app_pages.weights.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import SWITCHES, K

SPEC = PageSpec(
    "app_pages/weights/page.py",
    "nav_weights",
    "weights",
    params=PARAMS,
    uses=(K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, *SWITCHES, K.NUMBERS),
    texts=TEXTS,
    questions=QUESTIONS,
    projector=True,
)
