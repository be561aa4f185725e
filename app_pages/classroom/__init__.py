"""Class mode, the teacher's side: start a class, then run it from the projector view (the join
slide, the question in large type, the votes' chart on the reveal) and the console (notes, the
students' sentences, the files, End class)."""

from app_pages.classroom.params import PARAMS
from app_pages.classroom.texts import TEXTS
from ui.page_spec import PageSpec

SPEC = PageSpec(
    "app_pages/classroom/page.py",
    "nav_class",
    "class",
    params=PARAMS,
    chrome=False,
    sidebar=False,
    exports=False,
    texts=TEXTS,
)
