"""What every page shares: page config, link -> state, the sidebar, the menu, state -> link."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import streamlit as st

from core.params import Param
from ui import controls, figures, layout, link_patch, reconnect, response_patch, session, theme
from ui.i18n import t
from ui.page_spec import PageSpec
from ui.settings import SHARED_PARAMS


def link_params(pages: Sequence[PageSpec]) -> dict[str, Param]:
    """Every parameter a link of this app may hold: the shared ones and every page's own.
    A key with two meanings (two different Params) is a mistake, not an override."""
    params = dict(SHARED_PARAMS)
    for page in pages:
        for key, param in page.params.items():
            if params.setdefault(key, param) != param:
                raise ValueError(f"URL parameter {key!r} has two meanings ({page.url_path})")
    return params


def run(pages: Sequence[PageSpec]) -> None:
    link_patch.install()
    response_patch.install()
    st.set_page_config(page_title=t("app_title"), page_icon="🔍", layout="wide")
    params = link_params(pages)
    session.load_from_url(params)
    st_pages = [
        st.Page(
            str(Path(p.script)) if isinstance(p.script, str) else p.script,
            title=t(p.label_key),
            url_path=p.url_path,
            default=(i == 0),
        )
        for i, p in enumerate(pages)
    ]
    current = st.navigation(st_pages, expanded=True)
    spec = {p.url_path: p for p in pages}.get(current.url_path)
    if spec and not spec.chrome:
        st.set_page_config(initial_sidebar_state="collapsed")
    st.session_state[session.CURRENT_PAGE] = spec
    st.html(theme.MAIN_CSS)  # our own constant stylesheet: page links wrap, buttons fit
    st.html(theme.NARROW_CSS)  # ours too: wide charts scroll inside their own box
    st.html(theme.PROJECTOR_CSS)  # ours too: a short menu, less space above the title
    figures.start_page(current.url_path)
    page_params: Mapping[str, Param] = spec.params if spec else session.NO_PARAMS
    if spec is None or spec.sidebar:
        in_sidebar = controls.sidebar(
            heads=bool(spec and spec.heads),
            head_pickers=not (spec and spec.own_head_pickers),
            real_models=bool(spec and spec.real_models),
            uses=spec.uses if spec and spec.uses else None,  # none listed: every control
        )
        with st.sidebar:
            link_slot, shown = controls.share_panel(
                current.url_path, page_params, spec.exports if spec else False
            )
    else:  # a class page: no sidebar, no menu, nothing to share
        st.html(theme.CLASS_ONLY_CSS)  # our own constant stylesheet
        in_sidebar, link_slot, shown = (), None, controls.Shown()
    layout.url_problems()
    reconnect.rerun_on_reconnect()
    # Written before the page runs (a page that ends in st.stop() sends nothing afterwards)
    # and again after it, for choices the page itself made (a clicked row, say).
    session.write_url(page_params)
    try:
        current.run()
    finally:
        session.write_url(page_params)
        controls.fill_shown(shown, current.url_path, page_params)
        st.session_state[session.SIDEBAR_DRAWN] = session.sidebar_values(in_sidebar)
    controls.show_link(link_slot, current.url_path, page_params)  # with the page's own choices
