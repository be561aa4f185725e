"""Page 4: Q·Kᵀ, scaling and temperature, mask, softmax off vs on, then × V.

The page's spec: its menu label, URL path, own parameters, the shared controls it uses,
its texts and its questions."""

from app_pages.score.params import PARAMS
from app_pages.score.questions import QUESTIONS
from app_pages.score.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import GROUP_PARAMS, K

SPEC = PageSpec(
    "app_pages/score/page.py",
    "nav_score",
    "score",
    params={**PARAMS, **GROUP_PARAMS},
    uses=(K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS),
    texts=TEXTS,
    questions=QUESTIONS,
)
