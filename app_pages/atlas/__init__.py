"""Head atlas: what each of MiniLM's 72 heads does, measured over many sentences and yours."""

from app_pages.atlas.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import K

SPEC = PageSpec(
    "app_pages/atlas/page.py",
    "nav_atlas",
    "atlas",
    uses=(K.TEXT,),
    heads=True,
    real_models=True,
    texts=TEXTS,
    projector=True,
)
