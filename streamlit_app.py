"""Entrypoint: the list of pages. Shared controls and routing are in ui/router.py.

The page files live in app_pages/, not pages/: a pages/ folder next to this file would switch
Streamlit to its legacy router (see README).
"""

from ui.router import PageSpec, run
from ui.state import K

PAGES = [
    PageSpec("app_pages/home.py", "nav_home", "home"),
    PageSpec("app_pages/input.py", "nav_input", "input"),
    PageSpec("app_pages/rows.py", "nav_rows", "rows", (K.WORD,)),
    PageSpec("app_pages/weights.py", "nav_weights", "weights", (K.SEED_B,)),
    PageSpec("app_pages/score.py", "nav_score", "score", (K.KIND, K.SOURCE, K.TARGET)),
    PageSpec("app_pages/roles.py", "nav_roles", "roles", (K.QUERY,)),
    PageSpec("app_pages/dot.py", "nav_dot", "dot-product", (K.WORD_A, K.WORD_B, K.VECTOR_KIND)),
    PageSpec("app_pages/summary.py", "nav_summary", "summary"),
]

run(PAGES)
