"""The page's own URL parameters: each key is also its session-state key.

The join code is shared with the students' page (app_pages/join): the same Param. The teacher
key is private: it stays in the teacher's own address and never enters a share link."""

from app_pages.classroom.connection import CODE, TEACHER_KEY
from core.params import Param
from ui.settings import params_of

CODE_PARAM = Param(CODE, "", "text")
PARAMS = params_of(CODE_PARAM, Param(TEACHER_KEY, "", "text", private=True))
