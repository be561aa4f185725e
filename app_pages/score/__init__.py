"""Page 4: Q·Kᵀ, scaling and temperature, mask, softmax off vs on, then × V."""

from app_pages.score.params import PARAMS
from app_pages.score.questions import QUESTIONS
from app_pages.score.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import EVERY_CONTROL, GROUP_PARAMS

SPEC = PageSpec(
    "app_pages/score/page.py",
    "nav_score",
    "score",
    params={**PARAMS, **GROUP_PARAMS},
    uses=EVERY_CONTROL,
    texts=TEXTS,
    questions=QUESTIONS,
    projector=True,
)
