"""Compare: two sentences, or one sentence under two settings, and their difference."""

from app_pages.compare.params import PARAMS
from app_pages.compare.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import EVERY_CONTROL

SPEC = PageSpec(
    "app_pages/compare/page.py",
    "nav_compare",
    "compare",
    params=PARAMS,
    uses=EVERY_CONTROL,
    texts=TEXTS,
    projector=True,
)
