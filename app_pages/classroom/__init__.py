"""Class mode, the teacher's side: start a class, show its join code, step through the lesson,
open voting, reveal the class's answers beside the computed one, and after class the files."""

from app_pages.classroom.params import PARAMS
from app_pages.classroom.texts import TEXTS
from ui.page_spec import PageSpec

SPEC = PageSpec(
    "app_pages/classroom/page.py",
    "nav_class",
    "class",
    params=PARAMS,
    chrome=False,
    exports=False,
    texts=TEXTS,
)
