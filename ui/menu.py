"""The pages, in menu order: one place for the router, the home page and the tests.

Each entry names the page's file, its menu label, its fixed URL path, its own URL parameters
and the sidebar controls it listens to (shown under its title as "This page uses").
"""

from ui.router import PageSpec
from ui.state import K

_TOY = (K.TEXT, K.D_MODEL, K.D_K, K.SEED, K.PE)  # the sentence and the toy model's shape
_SWITCHES = (K.SCALE, K.SOFTMAX, K.TEMP)
_ALL = (*_TOY, *_SWITCHES, K.NUMBERS)
_GROUP = (K.GROUP_Q, K.GROUP_K)  # several tokens at once, under the weights

PAGES = [
    PageSpec("app_pages/home.py", "nav_home", "home"),
    PageSpec("app_pages/input.py", "nav_input", "input", uses=(*_TOY, K.NUMBERS)),
    PageSpec("app_pages/rows.py", "nav_rows", "rows", (K.WORD, *_GROUP), uses=_ALL),
    PageSpec(
        "app_pages/weights.py",
        "nav_weights",
        "weights",
        (K.SEED_B,),
        uses=(K.TEXT, K.D_MODEL, K.D_K, K.SEED, *_SWITCHES, K.NUMBERS),
    ),
    PageSpec(
        "app_pages/score.py",
        "nav_score",
        "score",
        (K.KIND, K.ENCODER_TEXT, K.DECODER_TEXT, *_GROUP),
        uses=_ALL,
    ),
    PageSpec("app_pages/roles.py", "nav_roles", "roles", (K.QUERY,), uses=_ALL),
    PageSpec(
        "app_pages/dot.py",
        "nav_dot",
        "dot-product",
        (K.WORD_A, K.WORD_B, K.VECTOR_KIND, K.VEC_A, K.VEC_B),
        uses=_TOY,
    ),
    PageSpec(
        "app_pages/qk_map.py", "nav_qk_map", "qk-map", (K.QK_QUERY,), uses=(*_TOY, *_SWITCHES)
    ),
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
    PageSpec("app_pages/summary.py", "nav_summary", "summary", _GROUP, uses=_ALL),
    PageSpec(
        "app_pages/real_model.py",
        "nav_real",
        "real-model",
        (K.HIDE_SPECIALS, *_GROUP),
        uses=(K.TEXT, K.SCALE, K.TEMP, K.NUMBERS),
        heads=True,
        own_head_pickers=True,
    ),
    PageSpec("app_pages/atlas.py", "nav_atlas", "atlas", uses=(K.TEXT,), heads=True),
    PageSpec(
        "app_pages/variant.py",
        "nav_variant",
        "change-one-word",
        (K.VARIANT_TEXT,),
        uses=(K.TEXT,),
        heads=True,
    ),
    PageSpec(
        "app_pages/compare.py",
        "nav_compare",
        "compare",
        (K.CMP_MODE, K.CMP_MATRIX, K.CMP_A, K.CMP_B, K.CMP_SETTING),
        uses=_ALL,
    ),
    PageSpec("app_pages/present.py", "nav_present", "present", (K.STEP, K.ASK), chrome=False),
    PageSpec("app_pages/glossary.py", "nav_glossary", "glossary", exports=False),
]
