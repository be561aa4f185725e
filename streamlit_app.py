"""Entrypoint. The pages are listed in ui/menu.py; what they share is drawn by ui/router.py.

The page files live in app_pages/, not pages/: a pages/ folder next to this file would switch
Streamlit to its legacy router (see README).
"""

from ui.menu import PAGES
from ui.router import run

run(PAGES)
