"""Home: what this is, the pipeline at a glance, and every page."""

from app_pages.home.texts import TEXTS
from ui.page_spec import PageSpec

SPEC = PageSpec("app_pages/home/page.py", "nav_home", "home", texts=TEXTS)
