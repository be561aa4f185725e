"""Page 6: a dot product, term by term; dot vs cosine; the sentence's pairs ranked by q·k.

The page's spec: its menu label, URL path, own parameters, the shared controls it uses,
its texts and its questions."""

from app_pages.dot.params import PARAMS
from app_pages.dot.questions import QUESTIONS
from app_pages.dot.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import K

SPEC = PageSpec(
    "app_pages/dot/page.py",
    "nav_dot",
    "dot-product",
    params=PARAMS,
    uses=(K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE),
    texts=TEXTS,
    questions=QUESTIONS,
)
