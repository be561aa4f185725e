"""Redraw the page from its URL when the browser reconnects to a server that lost its session.

Streamlit's front end (1.67, `App.handleConnectionStateChanged`) asks for a script run after a
reconnect only in a few cases, one of them being that the page has a fragment that re-runs on
a timer (`run_every`): otherwise that timer's updates would stop. Without such a run a restarted
or different server has a new, empty session, and the student's next click is run against it:
the link's state is read first and overwrites the click. With the fragment below, every
reconnect re-runs the page; the new session reads the page's URL (ui/session.load_from_url) and
the next click works. On the same server (a network hiccup) that run just draws the page again.

Because a page is always redrawn from its URL, the server need not keep many closed sessions
for a quick reconnect. Streamlit keeps up to 128 for two minutes, about 0.7 MB each here (most
of a server's growth under a class, `make bench`'s soak): `bound_kept_sessions` keeps 32.
"""

from __future__ import annotations

from typing import Any

import streamlit as st
from streamlit.runtime import Runtime
from streamlit.runtime.caching.ttl_cache import TTLCache

# How often the empty fragment re-runs on its own. It only has to exist; a long interval keeps
# an idle tab quiet (each full run of the page restarts the timer anyway).
TIMER = "1h"


@st.fragment(run_every=TIMER)
def _timer() -> None:
    """Draws nothing: its timer is what makes the front end re-run the page on reconnect."""


def rerun_on_reconnect() -> None:
    """Call once per run, from the entrypoint: registers the timer fragment in the sidebar."""
    bound_kept_sessions()
    with st.sidebar:
        _timer()


KEPT_SESSIONS = 32  # closed sessions a process keeps for a reconnect (a class); Streamlit: 128


@st.cache_resource(show_spinner=False)
def bound_kept_sessions() -> int:
    """Once per process: keep at most KEPT_SESSIONS closed sessions (Streamlit 1.67's
    MemorySessionStorage, reached through its runtime). Returns the bound now in force, or 0
    where there is no such storage (a test without a server)."""
    if not Runtime.exists():
        return 0
    manager = getattr(Runtime.instance(), "_session_mgr", None)  # AppTest: a stand-in without
    storage = getattr(manager, "_session_storage", None)
    return bound_storage(storage, KEPT_SESSIONS)


def bound_storage(storage: Any, most: int) -> int:
    """Give a MemorySessionStorage a TTL cache of at most `most` sessions (same time to live,
    the newest kept); returns its bound, or 0 if `storage` is not one."""
    cache = getattr(storage, "_cache", None)
    if not isinstance(cache, TTLCache):
        return 0
    if cache.maxsize > most:
        bounded: TTLCache = TTLCache(maxsize=most, ttl=cache.ttl)
        for session_id, info in list(cache.items())[-most:]:
            bounded[session_id] = info
        storage._cache = bounded
    return int(storage._cache.maxsize)
