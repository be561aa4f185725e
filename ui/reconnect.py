"""Redraw the page from its URL when the browser reconnects to a server that lost its session.

Streamlit's front end (1.67, `App.handleConnectionStateChanged`) asks for a script run after a
reconnect only in a few cases, one of them being that the page has a fragment that re-runs on
a timer (`run_every`): otherwise that timer's updates would stop. Without such a run a restarted
or different server has a new, empty session, and the student's next click is run against it:
the link's state is read first and overwrites the click. With the fragment below, every
reconnect re-runs the page; the new session reads the page's URL (ui/state.load_from_url) and
the next click works. On the same server (a network hiccup) that run just draws the page again.
"""

from __future__ import annotations

import streamlit as st

# How often the empty fragment re-runs on its own. It only has to exist; a long interval keeps
# an idle tab quiet (each full run of the page restarts the timer anyway).
TIMER = "1h"


@st.fragment(run_every=TIMER)
def _timer() -> None:
    """Draws nothing: its timer is what makes the front end re-run the page on reconnect."""


def rerun_on_reconnect() -> None:
    """Call once per run, from the entrypoint: registers the timer fragment in the sidebar."""
    with st.sidebar:
        _timer()
