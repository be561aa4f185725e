"""Page 7, mode 2: the user sets how much one word should attend to each word; training obeys.

Imported by app_pages/learn/page.py, which draws the title and the mode switch.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from app_pages.learn.charts import grouped_bars
from app_pages.learn.params import REL_QUERY
from core.learning.relevance import FitResult, fit_relevance
from core.tokenize import tokenize
from ui import controls, figures, tables, theme
from ui.charts import label_ids
from ui.i18n import t
from ui.settings import Settings

REL_MAX_WORDS = 16  # targets are set for at most this many words of the sentence
ARTICLE_TARGETS = {"drank": 1.0, "cat": 0.5, "black": 0.0}  # the article's milk example
OTHER_TARGET = 0.1  # any other word of the article's sentence


def default_targets(tokens: list[str], query: int) -> list[float]:
    """The article's relevances when its words are present, else equal targets."""
    low = [w.lower() for w in tokens]
    if any(w in ARTICLE_TARGETS for w in low):
        return [
            ARTICLE_TARGETS.get(w, OTHER_TARGET) if j != query else 0.0 for j, w in enumerate(low)
        ]
    return [1.0] * len(tokens)


@st.cache_data(max_entries=64, show_spinner=False)
def fitted(
    tokens: tuple[str, ...],
    query: int,
    targets: tuple[float, ...],
    d_model: int,
    d_k: int,
    seed: int,
    use_softmax: bool,
) -> FitResult:
    return fit_relevance(
        list(tokens),
        query,
        list(targets),
        seed=seed,
        d_model=d_model,
        d_k=d_k,
        use_softmax=use_softmax,
    )


def show(s: Settings, beside: DeltaGenerator) -> None:
    """`beside`: the column next to the mode switch, for this mode's explanation."""
    beside.markdown(t("rel_intro"))
    tokenized = tokenize(s.text, REL_MAX_WORDS)
    tokens = list(tokenized.tokens)
    if not tokens:
        st.info(t("empty_text"))
        st.stop()
    if tokenized.truncated:
        st.caption(t("rel_too_long", max=REL_MAX_WORDS))
    query = controls.token_picker("pick_query", REL_QUERY, tuple(tokens))
    editor = st.data_editor(
        pd.DataFrame(
            {t("rel_col_word"): tokens, t("rel_col_target"): default_targets(tokens, query)}
        ),
        disabled=[t("rel_col_word")],
        hide_index=True,
        key=f"rel_targets_{hash((s.text, query))}",
    )
    tables.csv_button(editor, "targets", index=False)
    targets = editor[t("rel_col_target")].to_numpy(dtype=float, na_value=0.0)
    if not np.all(np.isfinite(targets)) or np.any(targets < 0) or targets.sum() <= 0:
        st.warning(t("rel_bad_targets"))
        st.stop()
    if not st.button(
        t("learn_train"), key="rel_train", type="primary", icon=":material/play_arrow:"
    ):
        st.info(t("rel_press_train"))
        st.stop()
    fit = fitted(
        tuple(tokens),
        query,
        tuple(targets),
        s.toy.d_model // 2 * 2 or 2,
        s.toy.d_k,
        s.toy.seed,
        s.attention.use_softmax,
    )
    if fit.diverged:
        st.error(t("learn_diverged", step=fit.diverged_at))
    frame = pd.concat(
        [
            pd.DataFrame({"word": label_ids(tokens), "value": v, "series": t(k)})
            for v, k in (
                (fit.weights_before, "rel_series_before"),
                (fit.weights_after, "rel_series_after"),
                (fit.targets, "rel_series_target"),
            )
        ]
    )
    figures.show_spec(
        grouped_bars(
            frame,
            title=t("rel_chart", word=tokens[query]),
            label_title=t("ax_key"),
            value_title=t("ax_weight"),
            width=theme.PHONE_BAR_WIDTH if figures.on_phone() else theme.BAR_WIDTH,
        )
    )
    st.caption(t("rel_error", e=fit.max_error))
    measure = t("learn_measure_plain")
    tables.show(
        pd.DataFrame(
            {
                t("learn_cos_word"): tokens,
                t("learn_cos_before", measure=measure): fit.cosines_before,
                t("learn_cos_after", measure=measure): fit.cosines_after,
            }
        ),
        "cosines",
        hide_index=True,
    )
