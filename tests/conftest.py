"""Hypothesis profiles: "ci" (the default) replays the same examples on every run.

Pick another with HYPOTHESIS_PROFILE=dev for a longer, random search on your machine.
"""

import os

from hypothesis import settings

import app_pages  # noqa: F401  (registers every page's texts in the one table, ui/i18n)

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=100, database=None)
settings.register_profile("dev", deadline=None, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
