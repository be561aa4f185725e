"""The page's own URL parameters: each key is also its session-state key.

The join code is the teacher page's Param too (live_class/connection.CODE_PARAM). `me` is the
student token links held before tokens moved to a cookie: a link with it still opens the page;
the value is never believed and is taken out of the address (app_pages/join/page.py)."""

from core.params import Param
from live_class.connection import CODE_PARAM, STUDENT
from ui.settings import params_of

PARAMS = params_of(CODE_PARAM, Param(STUDENT, "", "text", private=True))
