"""Page 8: the whole pipeline for the current sentence on one screen, and a recap."""

from app_pages.summary.questions import QUESTIONS
from app_pages.summary.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import EVERY_CONTROL, GROUP_PARAMS

SPEC = PageSpec(
    "app_pages/summary/page.py",
    "nav_summary",
    "summary",
    params=GROUP_PARAMS,
    uses=EVERY_CONTROL,
    texts=TEXTS,
    questions=QUESTIONS,
    projector=True,
)
