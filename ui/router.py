"""What every page shares: page config, link -> state, the sidebar, the menu, state -> link."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from ui import controls, figures, layout, reconnect, state, theme
from ui.i18n import t


@dataclass(frozen=True)
class PageSpec:
    script: str | Callable[[], None]  # a file in app_pages/, or a function (benchmarks)
    label_key: str  # menu label, through the translation table
    url_path: str  # fixed, so links do not change with the UI language
    params: tuple[str, ...] = ()  # the page's own URL parameters
    uses: tuple[str, ...] = ()  # the sidebar controls this page listens to ("This page uses")
    heads: bool = False  # the page always shows the pretrained model: layer and head in the sidebar
    own_head_pickers: bool = False  # layer and head drawn by the page, beside its head grid
    chrome: bool = True  # False: the sidebar starts folded away (presenter mode)
    exports: bool = True  # the page draws matrices: offer them as JSON and the page as HTML


def run(pages: list[PageSpec]) -> None:
    st.set_page_config(page_title=t("app_title"), page_icon="🔍", layout="wide")
    state.load_from_url()
    st_pages = [
        st.Page(
            str(Path(p.script)) if isinstance(p.script, str) else p.script,
            title=t(p.label_key),
            url_path=p.url_path,
            default=(i == 0),
        )
        for i, p in enumerate(pages)
    ]
    params = {p.url_path: p.params for p in pages}
    current = st.navigation(st_pages, expanded=True)
    by_path = {p.url_path: p for p in pages}
    spec = by_path.get(current.url_path)
    if spec and not spec.chrome:
        st.set_page_config(initial_sidebar_state="collapsed")
    st.session_state[state.CURRENT_PAGE] = spec
    st.html(theme.PAGE_LINK_CSS)  # our own constant stylesheet: page links wrap
    figures.start_page(current.url_path)
    in_sidebar = controls.sidebar(
        heads=bool(spec and spec.heads and not spec.own_head_pickers),
        head_pickers=not (spec and spec.own_head_pickers),
    )
    page_keys = params.get(current.url_path, ())
    with st.sidebar:
        link_slot, shown = controls.share_panel(
            current.url_path, page_keys, spec.exports if spec else False
        )
    layout.url_problems()
    reconnect.rerun_on_reconnect()
    # Written before the page runs (a page that ends in st.stop() sends nothing afterwards)
    # and again after it, for choices the page itself made (a clicked row, say).
    state.write_url(params.get(current.url_path, ()))
    try:
        current.run()
    finally:
        state.write_url(page_keys)
        controls.fill_shown(shown, current.url_path, page_keys)
        st.session_state[state.SIDEBAR_DRAWN] = state.sidebar_values(in_sidebar)
    controls.show_link(link_slot, current.url_path, page_keys)  # with the page's own choices
