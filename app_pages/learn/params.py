"""The page's own URL parameters: each key is also its session-state key."""

from core.params import Param
from ui.settings import TRAIN_PARAMS, params_of

LEARN_MODE = "lmode"  # learn from the task, or set relevance by hand
REL_QUERY = "rq"  # mode 2: the query word
LEARN_RUN = "lrun"  # show the finished run of these settings (retrained on demand)

PARAMS = params_of(
    Param(LEARN_MODE, "task", "choice", choices=("task", "relevance")),
    *TRAIN_PARAMS.values(),
    Param(REL_QUERY, -1, "int", -1, 63),
    Param(LEARN_RUN, False, "bool"),
)
