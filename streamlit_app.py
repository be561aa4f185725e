"""Entrypoint: page config, the shared sidebar, the router. Pages live in app_pages/."""

import streamlit as st

from ui import controls, layout, state
from ui.i18n import t
from ui.state import K

st.set_page_config(page_title="Why attention works", page_icon="🔍", layout="wide")

state.load_from_url()
controls.sidebar()

# (file, menu label key, url path, the page's own URL parameters)
PAGES = [
    ("app_pages/home.py", "nav_home", "home", ()),
    ("app_pages/input.py", "nav_input", "input", ()),
    ("app_pages/rows.py", "nav_rows", "rows", (K.WORD,)),
    ("app_pages/weights.py", "nav_weights", "weights", (K.SEED_B,)),
    ("app_pages/score.py", "nav_score", "score", (K.KIND, K.SOURCE, K.TARGET)),
    ("app_pages/roles.py", "nav_roles", "roles", (K.QUERY,)),
    ("app_pages/dot.py", "nav_dot", "dot-product", (K.WORD_A, K.WORD_B, K.VECTOR_KIND)),
    ("app_pages/summary.py", "nav_summary", "summary", ()),
]
pages = [
    st.Page(path, title=t(label), url_path=url, default=(url == "home"))
    for path, label, url, _ in PAGES
]
page_keys = {url: keys for _, _, url, keys in PAGES}

current = st.navigation(pages)
layout.url_problems()
try:
    current.run()
finally:
    state.write_url(page_keys.get(current.url_path, ()))
