"""Glossary: the dashboard's terms in English and Chinese, each linked to its page.

The page's spec: its menu label, URL path, own parameters, the shared controls it uses,
its texts and its questions."""

from app_pages.glossary.texts import TEXTS
from ui.page_spec import PageSpec

SPEC = PageSpec(
    "app_pages/glossary/page.py", "nav_glossary", "glossary", exports=False, texts=TEXTS
)
