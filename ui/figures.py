"""The app's standard figures: translated titles, cached specs, and showing them.

Building and validating an Altair chart costs tens of milliseconds, so each figure's spec is
built once per distinct input and kept in a shared cache; a re-run only looks it up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import streamlit as st

from core.pipeline import Encoded
from ui import charts, theme
from ui.charts import SELECTION, id_index
from ui.i18n import t
from ui.state import Settings

Spec = dict[str, Any]


@st.cache_data(max_entries=4000, show_spinner=False)
def _spec(builder: str, args: tuple, options: tuple) -> Spec:
    """The Vega-Lite spec of `charts.<builder>(*args, **options)`, built once per input."""
    return getattr(charts, builder)(*args, **dict(options)).to_dict()


def spec(builder: str, *args: object, **options: object) -> Spec:
    """A chart builder's spec through the cache (arguments must be hashable or arrays)."""
    return _spec(builder, args, tuple(sorted(options.items())))


def _first_dims(matrix: np.ndarray, axis: int) -> tuple[np.ndarray, str | None]:
    """At most MAX_DIMS entries along `axis`, and a note saying so when some were left out."""
    d = matrix.shape[axis]
    if d <= theme.MAX_DIMS:
        return matrix, None
    shown = np.take(matrix, np.arange(theme.MAX_DIMS), axis=axis)
    return shown, t("first_dims", shown=theme.MAX_DIMS, total=d)


def _full_range(matrix: np.ndarray) -> float:
    """Largest |value| of the whole matrix, so a cut matrix keeps its colour scale honest."""
    return float(np.abs(matrix).max()) if matrix.size else 0.0


def dims(d: int) -> list[str]:
    """Column labels for vector dimensions: 0, 1, 2, ..."""
    return [str(i) for i in range(d)]


def per_token(
    matrix: np.ndarray,
    tokens: Sequence[str],
    title: str,
    s: Settings,
    *,
    highlight: int | None = None,
    selectable: bool = False,
    domain_max: float | None = None,
    span: int = theme.SPAN_FULL,
) -> Spec:
    """[n, d] matrix: one row per token, one column per dimension (the first MAX_DIMS)."""
    shown, note = _first_dims(matrix, axis=1)
    return spec(
        "heatmap",
        shown,
        tuple(tokens),
        tuple(dims(shown.shape[1])),
        title=title,
        row_title=t("ax_token"),
        col_title=t("ax_dim"),
        value_title=t("ax_value"),
        signed=True,
        show_numbers=s.show_numbers,
        highlight_row=highlight,
        selectable=selectable,
        domain_max=_full_range(matrix) if domain_max is None else domain_max,
        span=span,
        subtitle=note,
        numbers_note=t("numbers_too_small"),
        col_min=theme.CELL_MIN_WIDTH,  # dimensions, not words: they may be narrow
    )


def word_by_word(
    matrix: np.ndarray,
    query_tokens: Sequence[str],
    key_tokens: Sequence[str],
    title: str,
    s: Settings,
    *,
    probabilities: bool = False,
    highlight: int | None = None,
    selectable: bool = False,
    domain_max: float | None = None,
    span: int = theme.SPAN_FULL,
) -> Spec:
    """[n_q, n_k] matrix: query words down, key words across."""
    return spec(
        "heatmap",
        matrix,
        tuple(query_tokens),
        tuple(key_tokens),
        title=title,
        row_title=t("ax_query"),
        col_title=t("ax_key"),
        value_title=t("ax_weight") if probabilities else t("ax_score"),
        signed=not probabilities,
        show_numbers=s.show_numbers,
        highlight_row=highlight,
        selectable=selectable,
        domain_max=domain_max,
        span=span,
        numbers_note=t("numbers_too_small"),
    )


def layer_weights(
    matrix: np.ndarray, title: str, s: Settings, *, span: int = theme.SPAN_FULL
) -> Spec:
    """[d_model, d_k] weight matrix: input dimensions down, output dimensions across."""
    shown, note = _first_dims(matrix, axis=0)
    shown, note_cols = _first_dims(shown, axis=1)
    return spec(
        "heatmap",
        shown,
        tuple(dims(shown.shape[0])),
        tuple(dims(shown.shape[1])),
        title=title,
        row_title=t("ax_input_dim"),
        col_title=t("ax_output_dim"),
        value_title=t("ax_weight"),
        signed=True,
        show_numbers=s.show_numbers,
        span=span,
        domain_max=_full_range(matrix),
        subtitle=" · ".join(n for n in (note, note_cols) if n) or None,
        numbers_note=t("numbers_too_small"),
        col_min=theme.CELL_MIN_WIDTH,
    )


def positions_title(s: Settings) -> str:
    return t("m_positions_learned") if s.source == "pretrained" else t("m_positions")


def x_title(enc: Encoded, s: Settings) -> str:
    """What X is: embedding + positions, a LayerNorm of it, or an earlier layer's output."""
    if enc.x_kind == "layernorm":
        return t("m_x_layernorm")
    if enc.x_kind == "layer":
        return t("m_x_layer", layer=s.layer, before=s.layer - 1)
    return t("m_x") if s.positional else t("m_x_no_pe")


def weights_title(use_softmax: bool) -> str:
    return t("m_weights_soft") if use_softmax else t("m_weights_raw")


def scores_title(scale: bool, temperature: float) -> str:
    steps = [t("step_scale")] if scale else []
    if temperature != 1.0:
        steps.append(t("step_temp", t=temperature))
    if not steps:
        return t("m_scores_raw")
    return t("m_scores", steps=t("step_join").join(steps))


def show(
    chart: Spec, key: str | None = None, on_point: Callable[[dict], None] | None = None
) -> None:
    """Draw a chart at its own size; `on_point(point)` gets the clicked data point's fields."""
    if on_point is None:
        st.vega_lite_chart(None, chart, width="content", key=key)
        return
    assert key is not None, "a clickable chart needs a key"

    def _clicked() -> None:
        picked = st.session_state[key].selection.get(SELECTION) or []
        if picked:
            on_point(picked[0])

    st.vega_lite_chart(
        None, chart, width="content", key=key, on_select=_clicked, selection_mode=SELECTION
    )


def row_of(point: dict) -> int | None:
    """The token index of a clicked heatmap cell."""
    return id_index(point["row"]) if isinstance(point.get("row"), str) else None
