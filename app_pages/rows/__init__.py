"""Page 2: follow one word's row through every matrix."""

from app_pages.rows.params import PARAMS
from app_pages.rows.questions import QUESTIONS
from app_pages.rows.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import EVERY_CONTROL, GROUP_PARAMS

SPEC = PageSpec(
    "app_pages/rows/page.py",
    "nav_rows",
    "rows",
    params={**PARAMS, **GROUP_PARAMS},
    uses=EVERY_CONTROL,
    texts=TEXTS,
    questions=QUESTIONS,
    projector=True,
)
