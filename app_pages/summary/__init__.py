"""Page 8: the whole pipeline for the current sentence on one screen, and a recap.

The page's spec: its menu label, URL path, own parameters, the shared controls it uses,
its texts and its questions."""

from app_pages.summary.questions import QUESTIONS
from app_pages.summary.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import GROUP_PARAMS, K

SPEC = PageSpec(
    "app_pages/summary/page.py",
    "nav_summary",
    "summary",
    params=GROUP_PARAMS,
    uses=(K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS),
    texts=TEXTS,
    questions=QUESTIONS,
)
