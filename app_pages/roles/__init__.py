"""Page 5: one query word against every key, and its output row built term by term."""

from app_pages.roles.params import PARAMS
from app_pages.roles.questions import QUESTIONS
from app_pages.roles.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import EVERY_CONTROL

SPEC = PageSpec(
    "app_pages/roles/page.py",
    "nav_roles",
    "roles",
    params=PARAMS,
    uses=EVERY_CONTROL,
    texts=TEXTS,
    questions=QUESTIONS,
    projector=True,
)
