"""6b: one head's queries and keys on one map: a query lands near the keys it scores high.

The page's spec: its menu label, URL path, own parameters, the shared controls it uses,
its texts and its questions."""

from app_pages.qk_map.params import PARAMS
from app_pages.qk_map.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import K

SPEC = PageSpec(
    "app_pages/qk_map/page.py",
    "nav_qk_map",
    "qk-map",
    params=PARAMS,
    uses=(K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP),
    texts=TEXTS,
)
