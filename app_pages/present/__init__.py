"""Presenter mode: the lesson one step at a time, in large type, with Next and Back."""

from app_pages.present.params import PARAMS
from app_pages.present.texts import TEXTS
from ui.page_spec import PageSpec

SPEC = PageSpec(
    "app_pages/present/page.py", "nav_present", "present", params=PARAMS, chrome=False, texts=TEXTS
)
