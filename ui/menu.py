"""The pages, in menu order: one place for the router, the home page and the tests."""

from ui.router import PageSpec
from ui.state import K

PAGES = [
    PageSpec("app_pages/home.py", "nav_home", "home"),
    PageSpec("app_pages/input.py", "nav_input", "input"),
    PageSpec("app_pages/rows.py", "nav_rows", "rows", (K.WORD,)),
    PageSpec("app_pages/weights.py", "nav_weights", "weights", (K.SEED_B,)),
    PageSpec("app_pages/score.py", "nav_score", "score", (K.KIND, K.SOURCE, K.TARGET)),
    PageSpec("app_pages/roles.py", "nav_roles", "roles", (K.QUERY,)),
    PageSpec("app_pages/dot.py", "nav_dot", "dot-product", (K.WORD_A, K.WORD_B, K.VECTOR_KIND)),
    PageSpec(
        "app_pages/learn.py",
        "nav_learn",
        "learn",
        (
            K.LEARN_MODE,
            K.LEARN_SEED,
            K.LEARN_STEPS,
            K.LEARN_LR,
            K.LEARN_D_MODEL,
            K.LEARN_D_K,
            K.LEARN_SOFTMAX,
            K.PROBE,
            K.REL_QUERY,
            K.LEARN_RUN,
        ),
    ),
    PageSpec("app_pages/summary.py", "nav_summary", "summary"),
    PageSpec("app_pages/real_model.py", "nav_real", "real-model", (K.HIDE_SPECIALS,), heads=True),
    PageSpec(
        "app_pages/compare.py",
        "nav_compare",
        "compare",
        (K.CMP_MODE, K.CMP_MATRIX, K.CMP_A, K.CMP_B, K.CMP_SETTING),
    ),
    PageSpec("app_pages/present.py", "nav_present", "present", (K.STEP,), chrome=False),
    PageSpec("app_pages/glossary.py", "nav_glossary", "glossary"),
]
