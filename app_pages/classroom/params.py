"""The page's own URL parameters: each key is also its session-state key.

The join code is shared with the students' page (app_pages/join): the same Param, defined with
the class's connection (lessons/connection.py). The teacher key is private: it stays in the
teacher's own address and never enters a share link."""

from core.params import Param
from lessons.connection import CODE_PARAM, TEACHER_KEY
from ui.settings import params_of

PARAMS = params_of(CODE_PARAM, Param(TEACHER_KEY, "", "text", private=True))
