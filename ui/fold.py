"""Folded parts of a page (expanders, tabs, popovers) built only while they are seen.

Streamlit runs what is inside a closed expander or a hidden tab on every run. Here each says
whether it is open (a click on it re-runs the page), and a page builds what is inside only
then: a re-run of a page with its details folded costs what the page shows, not what it hides.
Everything is built while the share panel is open: its page and JSON downloads hold every
chart the page draws.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui import session

KEY_PREFIX = "fold_"  # the session keys of folded parts and tab rows start with this


def expander(label: str, key: str, *, icon: str | None = None) -> tuple[DeltaGenerator, bool]:
    """A closed expander, and whether to build what is inside it."""
    box = st.expander(label, key=KEY_PREFIX + key, icon=icon, on_change="rerun")
    return box, bool(box.open) or session.share_open()


def tabs(
    labels: Sequence[str], key: str, default: str | None = None
) -> list[tuple[DeltaGenerator, bool]]:
    """Tabs, each with whether to build it: the open one (or all, see the module's note)."""
    boxes = st.tabs(list(labels), key=KEY_PREFIX + key, default=default, on_change="rerun")
    everything = session.share_open()
    return [(box, bool(box.open) or everything) for box in boxes]


def popover(label: str, key: str, *, icon: str | None = None) -> tuple[DeltaGenerator, bool]:
    """A small button that opens a box, and whether to build what is inside it: only while it
    is open, whatever the share panel (a chart's download buttons are not part of its exports)."""
    box = st.popover(label, key=KEY_PREFIX + key, icon=icon, type="tertiary", on_change="rerun")
    return box, bool(box.open)
