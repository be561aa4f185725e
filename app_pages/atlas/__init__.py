"""Head atlas: what each of MiniLM's 72 heads does, measured over many sentences and yours.

The page's spec: its menu label, URL path, own parameters, the shared controls it uses,
its texts and its questions."""

from app_pages.atlas.texts import TEXTS
from ui.page_spec import PageSpec
from ui.settings import K

SPEC = PageSpec(
    "app_pages/atlas/page.py", "nav_atlas", "atlas", uses=(K.TEXT,), heads=True, texts=TEXTS
)
