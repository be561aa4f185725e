"""6b: one head's queries and keys on one map: a query lands near the keys it scores high."""

from app_pages.qk_map.params import PARAMS
from app_pages.qk_map.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import SWITCHES, TOY_MODEL

SPEC = PageSpec(
    "app_pages/qk_map/page.py",
    "nav_qk_map",
    "qk-map",
    params=PARAMS,
    uses=(*TOY_MODEL, *SWITCHES),
    texts=TEXTS,
    projector=True,
)
