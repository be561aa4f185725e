"""Glossary: the dashboard's terms in English and Chinese, each linked to its page."""

from app_pages.glossary.texts import TEXTS
from ui.page_spec import PageSpec

SPEC = PageSpec(
    "app_pages/glossary/page.py", "nav_glossary", "glossary", exports=False, texts=TEXTS
)
