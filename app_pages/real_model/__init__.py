"""A real model: every head of all-MiniLM-L6-v2 on your sentence, with the softmax switch."""

from app_pages.real_model.params import PARAMS
from app_pages.real_model.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import GROUP_PARAMS, K

SPEC = PageSpec(
    "app_pages/real_model/page.py",
    "nav_real",
    "real-model",
    params={**PARAMS, **GROUP_PARAMS},
    uses=(K.TEXT, K.SCALE, K.SOFTMAX, K.TEMP, K.NUMBERS),
    heads=True,
    real_models=True,
    own_head_pickers=True,
    texts=TEXTS,
    projector=True,
)
