"""Entrypoint. The pages are listed in app_pages/__init__.py; what they share is drawn by
ui/router.py.

The page files live in app_pages/, not pages/: a pages/ folder next to this file would switch
Streamlit to its legacy router (see README).
"""

import os

# One BLAS thread per server process, set before numpy loads: the app's matrices are small
# (at most 64 x 1536), and a class of sessions already keeps every core busy, so OpenBLAS's
# own threads only spin. They doubled the CPU of a MiniLM forward pass (make bench).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from app_pages import PAGES
from ui.router import run

run(PAGES)
