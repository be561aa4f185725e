"""Page 5: one query word against every key, and its output row built term by term.

The page's spec: its menu label, URL path, own parameters, the shared controls it uses,
its texts and its questions."""

from app_pages.roles.params import PARAMS
from app_pages.roles.questions import QUESTIONS
from app_pages.roles.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import K

SPEC = PageSpec(
    "app_pages/roles/page.py",
    "nav_roles",
    "roles",
    params=PARAMS,
    uses=(K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS),
    texts=TEXTS,
    questions=QUESTIONS,
)
