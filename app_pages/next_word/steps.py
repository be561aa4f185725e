"""Going on a token at a time: add a token's text to the prompt, undo, start again.

The prompts before each added token are kept in the session (not in the link), so Undo gives
back exactly the text that was there; typing in the box starts a new history.
"""

from __future__ import annotations

import streamlit as st

from app_pages.next_word.params import HEAD, HISTORY, LAYER, PROMPT


def history() -> list[str]:
    return list(st.session_state.get(HISTORY, []))


def add(text: str) -> None:
    """Append a token's exact text to the prompt (a button's callback)."""
    st.session_state[HISTORY] = [*history(), st.session_state[PROMPT]]
    st.session_state[PROMPT] = st.session_state[PROMPT] + text


def undo() -> None:
    """Take the last added token back."""
    before = history()
    if before:
        st.session_state[PROMPT] = before.pop()
        st.session_state[HISTORY] = before


def restart() -> None:
    """Back to the prompt before the first added token."""
    before = history()
    if before:
        st.session_state[PROMPT] = before[0]
    st.session_state[HISTORY] = []


def use(text: str) -> None:
    """Make `text` (the sidebar's sentence) the prompt."""
    st.session_state[PROMPT] = text
    st.session_state[HISTORY] = []


def typed() -> None:
    """The box was edited by hand: what Undo would give back is no longer the reader's."""
    st.session_state[HISTORY] = []


def open_head(layer: int, head: int) -> None:
    st.session_state[LAYER] = layer
    st.session_state[HEAD] = head
