"""The app's standard figures: translated titles, cached specs, and showing them.

Building and validating an Altair chart costs tens of milliseconds, so each figure's spec is
built once per distinct input and kept in a shared cache; a re-run only looks it up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import streamlit as st

from core.export import matrix_csv
from core.pipeline import Encoded
from ui import charts, theme
from ui.charts import SELECTION, id_index
from ui.i18n import t
from ui.state import Settings

Spec = dict[str, Any]
_CHART_COUNTER = "_chart_number"


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
    big: bool = False,
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
        subtitle=[*([note] if note else []), *context_line(s)],
        numbers_note=t("numbers_too_small"),
        col_min=theme.CELL_MIN_WIDTH,  # dimensions, not words: they may be narrow
        big=big,
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
    big: bool = False,
    context: list[str] | None = None,
) -> Spec:
    """[n_q, n_k] matrix: query words down, key words across.

    `context`: the lines under the title when they are not the sidebar's sentence and settings.
    """
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
        subtitle=context or context_line(s),
        numbers_note=t("numbers_too_small"),
        big=big,
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
        subtitle=[*[n for n in (note, note_cols) if n], *context_line(s)],
        numbers_note=t("numbers_too_small"),
        col_min=theme.CELL_MIN_WIDTH,
    )


def context_line(s: Settings) -> list[str]:
    """The sentence, then the settings: printed under every chart title so a saved PNG says
    what it shows."""
    text = " ".join(s.text.split())
    text = text if len(text) <= theme.CONTEXT_CHARS else text[: theme.CONTEXT_CHARS - 1] + "…"
    if s.source == "pretrained":
        model = t("ctx_pretrained", layer=s.layer, head=s.head)
    elif s.source == "trained":
        model = t("ctx_trained")
    else:
        model = t("ctx_toy", d_model=s.d_model, d_k=s.d_k, seed=s.seed, pe=_onoff(s.positional))
    settings = t(
        "ctx_line",
        model=model,
        softmax=_onoff(s.use_softmax),
        scale=_onoff(s.scale),
        temp=s.temperature,
    )
    return [f"“{text}”", settings]


def _onoff(flag: bool) -> str:
    return t("on") if flag else t("off")


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
    chart: Spec,
    key: str | None = None,
    on_point: Callable[[dict], None] | None = None,
    own_fonts: bool = False,
) -> None:
    """Draw a chart at its own size, with a CSV download of its matrix when it has one.

    `on_point(point)` gets the fields of a clicked data point (needs a `key`). `own_fonts`
    keeps the chart's font sizes (presenter mode) instead of Streamlit's chart theme.
    """
    if on_point is None:
        theme_name = None if own_fonts else "streamlit"
        st.vega_lite_chart(None, chart, width="content", key=key, theme=theme_name)
    else:
        assert key is not None, "a clickable chart needs a key"

        def _clicked() -> None:
            picked = st.session_state[key].selection.get(SELECTION) or []
            if picked:
                on_point(picked[0])

        st.vega_lite_chart(
            None, chart, width="content", key=key, on_select=_clicked, selection_mode=SELECTION
        )
    table = _matrix_of(chart)
    if table is not None:
        title = _title_of(chart)
        st.download_button(
            t("csv"),
            data=lambda: matrix_csv(*table),
            file_name=_file_name(title) + ".csv",
            mime="text/csv",
            key=f"csv_{next_chart_number()}",
            on_click="ignore",
            type="tertiary",
            icon=":material/download:",
        )


def next_chart_number() -> int:
    """A number unique within this run, for download button keys."""
    count = st.session_state.get(_CHART_COUNTER, 0) + 1
    st.session_state[_CHART_COUNTER] = count
    return count


def reset_chart_numbers() -> None:
    st.session_state[_CHART_COUNTER] = 0


def _matrix_of(chart: Spec) -> tuple[np.ndarray, list[str], list[str], str] | None:
    """The heatmap matrix (with labels) inside a spec made by `charts.heatmap`, if any."""
    for records in chart.get("datasets", {}).values():
        if not records or not {"row", "col", "value"} <= records[0].keys():
            continue
        rows = sorted({r["row"] for r in records}, key=id_index)
        cols = sorted({r["col"] for r in records}, key=id_index)
        r_at = {r: i for i, r in enumerate(rows)}
        c_at = {c: i for i, c in enumerate(cols)}
        matrix = np.zeros((len(rows), len(cols)))
        for rec in records:
            matrix[r_at[rec["row"]], c_at[rec["col"]]] = rec["value"]
        return matrix, [r.split("|", 1)[1] for r in rows], [c.split("|", 1)[1] for c in cols], ""
    return None


def _title_of(chart: Spec) -> str:
    title = chart.get("title", "")
    return title.get("text", "") if isinstance(title, dict) else str(title)


def _file_name(title: str) -> str:
    """A file name from a chart title: letters, digits and dashes only."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in title.lower())
    return "-".join(part for part in slug.split("-") if part)[:60] or "matrix"


def row_of(point: dict) -> int | None:
    """The token index of a clicked heatmap cell."""
    return id_index(point["row"]) if isinstance(point.get("row"), str) else None
