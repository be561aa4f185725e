"""Page 2: follow one word's row through every matrix.

The page's spec: its menu label, URL path, own parameters, the shared controls it uses,
its texts and its questions."""

from app_pages.rows.params import PARAMS
from app_pages.rows.questions import QUESTIONS
from app_pages.rows.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import GROUP_PARAMS, K

SPEC = PageSpec(
    "app_pages/rows/page.py",
    "nav_rows",
    "rows",
    params={**PARAMS, **GROUP_PARAMS},
    uses=(K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS),
    texts=TEXTS,
    questions=QUESTIONS,
)
