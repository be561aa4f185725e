"""The page's own URL parameters: each key is also its session-state key.

The join code is the teacher page's Param too (lessons/connection.CODE_PARAM); the student's
token is private: it stays in the student's address (a reload or a second tab is the same
student) and never enters a share link."""

from core.params import Param
from lessons.connection import CODE_PARAM, STUDENT
from ui.settings import params_of

PARAMS = params_of(CODE_PARAM, Param(STUDENT, "", "text", private=True))
