"""Change one word: which of MiniLM's 72 heads move most when sentence A becomes sentence B."""

from app_pages.variant.params import PARAMS
from app_pages.variant.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import K

SPEC = PageSpec(
    "app_pages/variant/page.py",
    "nav_variant",
    "change-one-word",
    params=PARAMS,
    uses=(K.TEXT, K.NUMBERS),
    heads=True,
    real_models=True,
    texts=TEXTS,
    projector=True,
)
