"""A text box that keeps a long paste: every box of the app where a person types or pastes.

Streamlit's own `max_chars` drops a paste (or an IME insertion) longer than it whole in a
browser, with no word (STREAMLIT_NOTES §12). So a box here has none: whatever arrives is taken,
and what is longer than the box's `limit` (what the app can carry there: a link's text, a class
sentence) is cut there, in the box itself, with a caption under it saying how much arrived and
how much was kept. Nothing typed is ever lost without a word, and no run computes on more
than the box holds: what a client sends past the box is cut before the page reads it.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from ui.i18n import t

ARRIVED = "_text_box_arrived"  # box key -> characters of the last text that was cut there


def _cut(key: str, limit: int) -> None:
    """The box's change: cut what is longer than `limit`, and remember how long it was."""
    value = st.session_state.get(key) or ""
    arrived: dict[str, int] = st.session_state.setdefault(ARRIVED, {})
    if len(value) > limit:
        st.session_state[key] = value[:limit]
        arrived[key] = len(value)
    else:
        arrived.pop(key, None)


def text_box(
    label: str,
    key: str,
    limit: int,
    *,
    area: bool = False,
    where: Any = st,
    **options: Any,
) -> str:
    """A text input (a text area with `area`) in `where` (a column; where the page draws now
    by default),
    holding at most `limit` characters; `options` go to Streamlit's widget (help, height,
    persist_state; an `on_change` runs after the cut). Its text, as kept."""
    held = st.session_state.get(key)
    if isinstance(held, str) and len(held) > limit:  # sent by a client that skips the box
        _cut(key, limit)
    then = options.pop("on_change", None)
    args = options.pop("args", ())

    def changed() -> None:
        _cut(key, limit)
        if then is not None:
            then(*args)

    draw = where.text_area if area else where.text_input
    draw(label, key=key, on_change=changed, **options)
    arrived = st.session_state.get(ARRIVED, {}).get(key)
    if arrived:
        where.caption(t("box_cut", kept=f"{limit:,}", length=f"{arrived:,}"))
    return str(st.session_state.get(key) or "")
