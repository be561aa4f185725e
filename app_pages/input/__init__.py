"""Page 1: tokens -> embeddings -> + positions -> three linear layers -> Q, K, V.

The page's spec: its menu label, URL path, own parameters, the shared controls it uses,
its texts and its questions."""

from app_pages.input.questions import QUESTIONS
from app_pages.input.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import K

SPEC = PageSpec(
    "app_pages/input/page.py",
    "nav_input",
    "input",
    uses=(K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.NUMBERS),
    texts=TEXTS,
    questions=QUESTIONS,
)
