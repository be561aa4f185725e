"""Class mode, the students' side: join with a code, answer the current step's question on a
phone, see one's own answer marked after the reveal, send a sentence of one's own."""

from app_pages.join.params import PARAMS
from app_pages.join.texts import TEXTS
from ui.page_spec import PageSpec

SPEC = PageSpec(
    "app_pages/join/page.py",
    "nav_join",
    "join",
    params=PARAMS,
    chrome=False,
    sidebar=False,
    exports=False,
    texts=TEXTS,
)
