"""Page 1: tokens -> embeddings -> + positions -> three linear layers -> Q, K, V."""

from app_pages.input.questions import QUESTIONS
from app_pages.input.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import TOY_MODEL, K

SPEC = PageSpec(
    "app_pages/input/page.py",
    "nav_input",
    "input",
    uses=(*TOY_MODEL, K.NUMBERS),
    texts=TEXTS,
    questions=QUESTIONS,
    projector=True,
)
