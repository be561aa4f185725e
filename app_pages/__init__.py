"""The pages, in menu order: one list for the router, the home page and the tests.

Each page is a package: page.py (what Streamlit runs), texts.py, and where it has them
params.py (its own URL parameters), questions.py (predict, then reveal) and its own charts.
Its __init__.py holds its PageSpec.
"""

from app_pages import (
    atlas,
    classroom,
    compare,
    dot,
    glossary,
    home,
    join,
    learn,
    next_word,
    present,
    qk_map,
    real_model,
    roles,
    rows,
    score,
    summary,
    variant,
    weights,
)
from app_pages import input as input_page
from lessons.texts import TEXTS as LESSON_TEXTS
from ui import i18n
from ui.page_spec import PageSpec

PAGES: list[PageSpec] = [
    home.SPEC,
    input_page.SPEC,
    rows.SPEC,
    weights.SPEC,
    score.SPEC,
    roles.SPEC,
    dot.SPEC,
    qk_map.SPEC,
    learn.SPEC,
    summary.SPEC,
    real_model.SPEC,
    atlas.SPEC,
    next_word.SPEC,
    variant.SPEC,
    compare.SPEC,
    present.SPEC,
    classroom.SPEC,
    join.SPEC,
    glossary.SPEC,
]

# the pages' texts, and the shared lesson layer's (lessons/), which several pages show
i18n.register({spec.url_path: spec.texts for spec in PAGES} | {"lessons": LESSON_TEXTS})
