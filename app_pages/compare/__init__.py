"""Compare: two sentences, or one sentence under two settings, and their difference.

The page's spec: its menu label, URL path, own parameters, the shared controls it uses,
its texts and its questions."""

from app_pages.compare.params import PARAMS
from app_pages.compare.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import K

SPEC = PageSpec(
    "app_pages/compare/page.py",
    "nav_compare",
    "compare",
    params=PARAMS,
    uses=(K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS),
    texts=TEXTS,
)
