"""Page 6: a dot product, term by term; dot vs cosine; the sentence's pairs ranked by q·k."""

from app_pages.dot.params import PARAMS
from app_pages.dot.questions import QUESTIONS
from app_pages.dot.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import EVERY_CONTROL

SPEC = PageSpec(
    "app_pages/dot/page.py",
    "nav_dot",
    "dot-product",
    params=PARAMS,
    uses=EVERY_CONTROL,  # the learned-vs-random weights at the bottom follow the switches
    texts=TEXTS,
    questions=QUESTIONS,
    projector=True,
)
