"""Page 3: the learnable matrices: the current ones beside random ones from another seed.

The page's spec: its menu label, URL path, own parameters, the shared controls it uses,
its texts and its questions."""

from app_pages.weights.params import PARAMS
from app_pages.weights.questions import QUESTIONS
from app_pages.weights.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import K

SPEC = PageSpec(
    "app_pages/weights/page.py",
    "nav_weights",
    "weights",
    params=PARAMS,
    uses=(K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS),
    texts=TEXTS,
    questions=QUESTIONS,
)
