"""The page's own URL parameters: each key is also its session-state key.

The join code is shared with the students' page (app_pages/join): the same Param, defined with
the class's connection (live_class/connection.py). `view` says which of the teacher's two views
this window is: the projector (the room's screen) or the console (the teacher's own). `tk` is
the teacher key links held before it moved to a cookie: a link with it still opens the class,
and the page takes it out of the address (app_pages/classroom/page.py)."""

from core.params import Param
from live_class.connection import CODE_PARAM, TEACHER_KEY
from ui.settings import params_of

VIEW = "view"
PROJECTOR, CONSOLE = "projector", "console"
PARAMS = params_of(
    CODE_PARAM,
    Param(VIEW, PROJECTOR, "choice", choices=(PROJECTOR, CONSOLE)),
    Param(TEACHER_KEY, "", "text", private=True),
)
