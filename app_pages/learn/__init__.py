"""Page 7: watch a one-layer attention model learn which words matter, trained live."""

from app_pages.learn.params import PARAMS
from app_pages.learn.texts import TEXTS
from ui.page_spec import PageSpec

SPEC = PageSpec(
    "app_pages/learn/page.py",
    "nav_learn",
    "learn",
    params=PARAMS,
    texts=TEXTS,
    projector=True,
)
