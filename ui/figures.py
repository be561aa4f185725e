"""The app's figures: a matrix with its labels, titled and captioned from the computation that
made it, and one way to show it (chart plus CSV download).

A `Figure` is built from a result (`Pipeline`), never from the sidebar: the lines under its
title, its file name and the JSON export all read the result's own model and switches.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa
import streamlit as st

from core.attention import AttentionSettings
from core.encoding import Encoded, ModelRef
from core.export import matrix_csv
from core.models import family
from core.pipeline import Pipeline
from ui import charts, exports, fold, session, theme
from ui.charts import SELECTION, Spec, id_index
from ui.i18n import t

_CHART_COUNTER = "_chart_number"
_PAGE = "_page_path"  # url path of the page being drawn, for file names
_SHOWN = "_shown_pipeline"  # the pipeline the page offers as JSON
_EXTRA = "_shown_extra"  # the page's own fields, written beside the pipeline's in that JSON
_SPECS = "_shown_specs"  # every chart spec drawn this run, for the page saved as HTML
_LINES = "_shown_context"  # the lines under those charts' titles (sentence, model, switches)
_ON_PHONE = "_on_phone"  # the browser said "Mobi" in its User-Agent (read once per session)


@dataclass(frozen=True)
class Figure:
    """One heatmap or bar chart: what is drawn, and what made it."""

    matrix: np.ndarray  # [rows, cols]; bars: [n, 1]
    rows: tuple[str, ...]
    cols: tuple[str, ...]
    title: str
    context: tuple[str, ...]  # lines under the title: the sentence, the model and switches
    file_tag: str  # the model in the file name, e.g. "minilm-l2-h5"
    row_title: str
    col_title: str
    value_title: str
    signed: bool = True  # diverging colours centred on 0; False: weights on 0–1
    kind: str = "heatmap"  # or "bars"
    options: tuple[tuple[str, Any], ...] = ()  # more keywords for the chart builder
    drawn: tuple[int, int] | None = None  # rows, columns drawn when less than the whole
    # matrix (a 384-wide vector shows its first MAX_DIMS); the CSV always holds all of it

    def with_options(self, **options: Any) -> Figure:
        merged = dict(self.options) | options
        return dataclasses.replace(self, options=tuple(sorted(merged.items())))

    @property
    def file_name(self) -> str:
        return page_file_name(self.title, self.file_tag)


def page_file_name(title: str, tag: str = "") -> str:
    """A download's name on the page being drawn (without its extension)."""
    return file_name(st.session_state.get(_PAGE) or "page", title, tag)


def file_name(page: str, title: str, tag: str) -> str:
    """page_matrix_model, e.g. real-model_weights-softmax-on-rows-sum-to-1_minilm-l2-h5."""
    return "_".join(slug(part) for part in (page, title, tag) if slug(part))


# ---- building figures from a result ------------------------------------------------------


def vectors(
    matrix: np.ndarray,
    tokens: Sequence[str],
    title: str,
    p: Pipeline,
    *,
    highlight: int | None = None,
    selectable: bool = False,
    domain_max: float | None = None,
    span: int = theme.SPAN_FULL,
    max_width: int | None = None,
    big: bool = False,
    stage: str | None = None,
) -> Figure:
    """[n, d] matrix: one row per token, one column per dimension (the first MAX_DIMS drawn);
    `max_width` (px): the whole chart fits in it (a column of layout.grid). `stage`: the step
    of attention the numbers come from (see `context`), when the matrix is not `p`'s own."""
    return _numbers_figure(
        matrix,
        tokens,
        title,
        p,
        (t("ax_token"), t("ax_dim"), t("ax_value")),
        stage=stage,
        highlight_row=highlight,
        selectable=selectable,
        domain_max=_full_range(matrix) if domain_max is None else domain_max,
        span=span,
        max_width=max_width,
        big=big,
    )


def _numbers_figure(
    matrix: np.ndarray,
    row_labels: Sequence[str],
    title: str,
    p: Pipeline,
    axes: tuple[str, str, str],
    stage: str | None = None,
    **options: Any,
) -> Figure:
    """A matrix whose columns (and for weights, rows) are dimensions: at most MAX_DIMS of each
    are drawn, the notes say so, and the CSV keeps every one."""
    shown, note_rows = _first_dims(matrix, axis=0) if not row_labels else (matrix, None)
    shown, note_cols = _first_dims(shown, axis=1)
    row_title, col_title, value_title = axes
    return Figure(
        matrix=np.asarray(matrix),
        drawn=shown.shape if shown.shape != matrix.shape else None,
        rows=tuple(row_labels) or tuple(dims(matrix.shape[0])),
        cols=tuple(dims(matrix.shape[1])),
        title=title,
        context=(*[n for n in (note_rows, note_cols) if n], *context(p, matrix, stage)),
        file_tag=file_tag(p.model),
        row_title=row_title,
        col_title=col_title,
        value_title=value_title,
        options=_opts(col_min=theme.CELL_MIN_WIDTH, **options),  # dimensions may be narrow
    )


def word_map(
    matrix: np.ndarray,
    title: str,
    p: Pipeline,
    *,
    query_tokens: Sequence[str] | None = None,
    key_tokens: Sequence[str] | None = None,
    stage: str | None = None,
    **options: Any,
) -> Figure:
    """[n_q, n_k] matrix of a pipeline: query words down, key words across (the pipeline's
    tokens unless other labels are given, e.g. with [CLS]/[SEP] hidden). `stage`: the step of
    attention the numbers come from (see `context`), when the matrix is not `p`'s own."""
    return words_by_words(
        matrix,
        p.query_side.tokens if query_tokens is None else query_tokens,
        p.key_side.tokens if key_tokens is None else key_tokens,
        title,
        context(p, matrix, stage),
        file_tag(p.model),
        **options,
    )


def words_by_words(
    matrix: np.ndarray,
    query_tokens: Sequence[str],
    key_tokens: Sequence[str],
    title: str,
    context_lines: Sequence[str],
    tag: str,
    *,
    probabilities: bool = False,
    highlight: int | None = None,
    **options: Any,
) -> Figure:
    """[n_q, n_k] matrix with its own context lines (a training run, not a pipeline).

    `options`: selectable, domain_max, span, big (see `charts.heatmap`)."""
    return Figure(
        matrix=np.asarray(matrix),
        rows=tuple(query_tokens),
        cols=tuple(key_tokens),
        title=title,
        context=tuple(context_lines),
        file_tag=tag,
        row_title=t("ax_query"),
        col_title=t("ax_key"),
        value_title=t("ax_weight") if probabilities else t("ax_score"),
        signed=not probabilities,
        options=_opts(highlight_row=highlight, **options),
    )


def layer_weights(
    matrix: np.ndarray,
    title: str,
    p: Pipeline,
    *,
    span: int = theme.SPAN_FULL,
    max_width: int | None = None,
) -> Figure:
    """[d_model, d_k] weight matrix: input dimensions down, output dimensions across."""
    return _numbers_figure(
        matrix,
        (),
        title,
        p,
        (t("ax_input_dim"), t("ax_output_dim"), t("ax_weight")),
        span=span,
        max_width=max_width,
        domain_max=_full_range(matrix),
    )


def bars(
    values: np.ndarray,
    labels: Sequence[str],
    title: str,
    p: Pipeline | None,
    *,
    label_title: str,
    value_title: str,
    width: int = theme.BAR_WIDTH,
    domain: tuple[float, float] | None = None,
    stage: str | None = None,
) -> Figure:
    """[n] values, one bar per label. `p` is None for numbers the user typed (page 6).
    `domain`: the value axis shared with the bars this chart is compared with. `stage`: the
    step of attention the values come from (see `context`), when they are not read from `p`."""
    return Figure(
        matrix=np.asarray(values, dtype=float)[:, None],
        rows=tuple(labels),
        cols=(value_title,),
        title=title,
        context=tuple(context(p, values, stage)) if p is not None else (),
        file_tag=file_tag(p.model) if p is not None else "",
        row_title=label_title,
        col_title=value_title,
        value_title=value_title,
        kind="bars",
        options=_opts(width=width, **({} if domain is None else {"domain": domain})),
    )


def _opts(**options: Any) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(options.items()))


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


# ---- what a figure says about the computation -------------------------------------------


# what a model makes of a sentence before attention: no attention switch changes these
_BEFORE_ATTENTION = ("embedding", "positions", "x", "q", "k", "v")


def made_before_attention(p: Pipeline, matrix: np.ndarray) -> bool:
    """Whether `matrix` is one of `p`'s inputs, Q, K or V (the very array, read from the
    result): its chart depends on the model but on none of the attention switches."""
    sides = (p.query_side, p.key_side)
    return any(matrix is getattr(side, name) for side in sides for name in _BEFORE_ATTENTION)


# The steps of attention a matrix has been through, for the line under its title: a matrix made
# before softmax must not say "softmax on".
INPUTS = "inputs"  # made from X, Q, K or V alone (e.g. x·x): the model, no switch
FACTOR = "factor"  # Q·Kᵀ as it is: no ÷√d_k, no temperature, no softmax
SCALED = "scaled"  # Q·Kᵀ ÷ √d_k and nothing more, whatever the switches say
SCORES = "scores"  # the scores: ÷√d_k and temperature as the result's switches say, no softmax
WEIGHTS = "weights"  # the weights, Z, or what is read from them: every switch


def stage_of(p: Pipeline, matrix: np.ndarray | None) -> str:
    """The step `matrix` comes from when it is `p`'s factor matrix or scores (the very array,
    or a row or column of it); WEIGHTS for anything else."""
    if matrix is not None:
        for whole, stage in ((p.attention.factor, FACTOR), (p.attention.scores, SCORES)):
            if matrix is whole or getattr(matrix, "base", None) is whole:
                return stage
    return WEIGHTS


def context(p: Pipeline, matrix: np.ndarray | None = None, stage: str | None = None) -> list[str]:
    """The sentence, then the model and the switches `matrix` depends on, read from the result:
    printed under every chart title, so a saved PNG says what it shows. A matrix made before
    attention (X, Q, K, V, or a model's weights: `before`) names only the model; one made
    before softmax says which steps it went through (`stage`, else read from the matrix)."""
    if p.is_cross:
        sentence = t("ctx_cross", q=quote(p.query_side.text), k=quote(p.key_side.text))
    else:
        sentence = quote(p.key_side.text)
    projection = p.projection
    if any(matrix is w for w in (projection.w_q, projection.w_k, projection.w_v)):
        return [model_name(p.model)]  # the model's own weights: no sentence, no switch
    if stage == INPUTS or (matrix is not None and made_before_attention(p, matrix)):
        return [sentence, model_name(p.model)]
    return [sentence, stage_line(p.model, p.settings, stage or stage_of(p, matrix))]


def quote(text: str) -> str:
    text = " ".join(text.split())
    text = text if len(text) <= theme.CONTEXT_CHARS else text[: theme.CONTEXT_CHARS - 1] + "…"
    return f"“{text}”"


def model_name(m: ModelRef) -> str:
    """The model as a chart's subtitle names it: the text ctx_<kind>, filled from its ref."""
    if m.heads and m.weights_seed is not None:  # the distilled head's X only: short enough
        return t("ctx_distilled_x", seed=m.weights_seed)  # for two subtitle lines on page 3
    name = t(
        f"ctx_{m.kind}",
        layer=m.layer,
        head=m.head,
        heads=heads_label(m.heads),
        d_model=m.d_model,
        d_k=m.d_k,
        seed=m.seed,
        pe=_onoff(m.positional),
    )
    if m.weights_seed is not None:
        name += t("ctx_random_weights", seed=m.weights_seed)
    return name


def heads_label(heads: tuple[int, ...]) -> str:
    """Heads of one layer as a chart names them: 0+3."""
    return "+".join(str(h) for h in heads)


def stage_line(m: ModelRef, a: AttentionSettings, stage: str) -> str:
    """The model and the steps a matrix of `stage` went through (see FACTOR ... WEIGHTS)."""
    if stage == FACTOR:
        return t("ctx_line_factor", model=model_name(m))
    if stage == SCALED:
        a = AttentionSettings(scale=True)
    if stage in (SCALED, SCORES):
        return t("ctx_line_scores", model=model_name(m), scale=_onoff(a.scale), temp=a.temperature)
    return settings_line(m, a)


def settings_line(m: ModelRef, a: AttentionSettings) -> str:
    line = t(
        "ctx_line",
        model=model_name(m),
        softmax=_onoff(a.use_softmax),
        scale=_onoff(a.scale),
        temp=a.temperature,
    )
    return line + t("ctx_causal") if a.causal else line


def file_tag(m: ModelRef) -> str:
    """The model in a file name: toy-seed0, minilm-l2-h5, e5-l7-h4, smollm2-l3-h4, trained,
    learned-from-l2-h0h3 (the distilled head), (+ -w1 for redrawn W)."""
    if family(m).layered:
        tag = f"{m.kind}-l{m.layer}-h{m.head}"
    elif m.heads:  # learned from these heads of one layer (the distilled head)
        tag = f"learned-from-l{m.layer}-" + "".join(f"h{h}" for h in m.heads)
    else:  # the toy and page 7's model: the seed they were drawn or trained from
        tag = m.kind if m.seed is None else f"{m.kind}-seed{m.seed}"
    return tag if m.weights_seed is None else f"{tag}-w{m.weights_seed}"


def _onoff(flag: bool) -> str:
    return t("on") if flag else t("off")


def learned_positions(m: ModelRef) -> bool:
    """Whether the model's positions were learned (MiniLM's and the distilled head's position
    embeddings, and e5's) rather than the fixed sine waves (the toy's and page 7's)."""
    return family(m).learned_positions


def positions_title(m: ModelRef) -> str:
    return t("m_positions_learned") if learned_positions(m) else t("m_positions")


def x_title(enc: Encoded, p: Pipeline) -> str:
    """What X is: embedding + positions, a LayerNorm of it, or an earlier layer's output."""
    if enc.x_kind == "layernorm":
        return t("m_x_layernorm")
    if enc.x_kind == "layer":
        return t("m_x_layer", layer=p.model.layer, before=(p.model.layer or 0) - 1)
    return t("m_x") if p.model.positional else t("m_x_no_pe")


def weights_title(p: Pipeline) -> str:
    return t("m_weights_soft") if p.settings.use_softmax else t("m_weights_raw")


def scores_title(p: Pipeline) -> str:
    a = p.settings
    steps = [t("step_scale")] if a.scale else []
    if a.temperature != 1.0:
        steps.append(t("step_temp", t=a.temperature))
    if not steps:
        return t("m_scores_raw")
    return t("m_scores", steps=t("step_join").join(steps))


def weights(p: Pipeline, **options: Any) -> Figure:
    """The pipeline's weights, titled and coloured by its own softmax switch."""
    return word_map(
        p.attention.weights,
        weights_title(p),
        p,
        probabilities=p.settings.use_softmax,
        **options,
    )


# ---- showing -----------------------------------------------------------------------------


def _heatmap_spec(
    matrix: np.ndarray,
    rows: tuple[str, ...],
    cols: tuple[str, ...],
    labels: tuple[str, ...],
    title: str,
    subtitle: tuple[str, ...],
    signed: bool,
    show_numbers: bool,
    options: tuple[tuple[str, Any], ...],
    max_width: int | None,
    phone: bool,
) -> Spec:
    row_title, col_title, value_title = labels
    return charts.heatmap(
        matrix,
        rows,
        cols,
        title=title,
        row_title=row_title,
        col_title=col_title,
        value_title=value_title,
        signed=signed,
        show_numbers=show_numbers,
        subtitle=list(subtitle),
        numbers_note=t("numbers_too_small_phone" if phone else "numbers_too_small"),  # no hover
        max_width=max_width,
        phone=phone,
        **dict(options),
    )


def _bars_spec(
    values: np.ndarray,
    labels: tuple[str, ...],
    titles: tuple[str, str, str],
    subtitle: tuple[str, ...],
    options: tuple[tuple[str, Any], ...],
) -> Spec:
    title, label_title, value_title = titles
    spec = charts.bars(
        values,
        labels,
        title=title,
        label_title=label_title,
        value_title=value_title,
        **dict(options),
    )
    room = dict(options).get("width", theme.BAR_WIDTH) + theme.LABEL_ROOM
    spec["title"] = charts.title_params(title, subtitle, room, big=dict(options).get("big", False))
    return spec


def on_phone() -> bool:
    """The page is being read on a phone: its browser says "Mobi" in its User-Agent (as every
    phone browser does), so charts are drawn to fit a narrow screen. Read from the headers
    once per session (a browser keeps its User-Agent; reading the headers costs about as much
    as building a chart's spec, and a page asks once per chart)."""
    phone = st.session_state.get(_ON_PHONE)
    if phone is None:
        headers = st.context.headers
        phone = "Mobi" in (headers.get("User-Agent", "") if headers else "")
        st.session_state[_ON_PHONE] = phone
    return bool(phone)


def spec_of(fig: Figure, show_numbers: bool) -> Spec:
    """The Vega-Lite spec of a figure. Built on every run, not cached: building takes about a
    millisecond, less than hashing its arguments for a cache key (see the profile in
    bench-report.md), and a cache would keep every student's charts in memory."""
    phone = on_phone()
    if fig.kind == "bars":
        titles = (fig.title, fig.row_title, fig.value_title)
        options = dict(fig.options)
        if phone:
            options["width"] = min(options.get("width", theme.BAR_WIDTH), theme.PHONE_BAR_WIDTH)
        return _bars_spec(fig.matrix[:, 0], fig.rows, titles, fig.context, _opts(**options))
    labels = (fig.row_title, fig.col_title, fig.value_title)
    n_rows, n_cols = fig.drawn or fig.matrix.shape
    options = dict(fig.options)
    width = options.pop("max_width", None)  # a figure's own width (presenter mode)
    if phone:
        width = theme.PHONE_CHART_WIDTH if width is None else min(width, theme.PHONE_CHART_WIDTH)
    return _heatmap_spec(
        fig.matrix[:n_rows, :n_cols],
        fig.rows[:n_rows],
        fig.cols[:n_cols],
        labels,
        fig.title,
        fig.context,
        fig.signed,
        show_numbers,
        _opts(**options),
        width,
        phone,
    )


def _title_lines(spec: Spec) -> tuple[int, int]:
    title = spec.get("title") or {}
    if isinstance(title, str):
        return 1, 0
    return len(str(title.get("text", "")).split("\n")), len(title.get("subtitle") or [])


def _pad_title(spec: Spec, lines: tuple[int, int]) -> Spec:
    """The spec with its title and subtitle padded with blank lines to `lines`."""
    text_lines, sub_lines = _title_lines(spec)
    title = spec.get("title")
    if not isinstance(title, dict):
        return spec
    title = dict(title)
    title["text"] = str(title.get("text", "")) + "\n " * max(0, lines[0] - text_lines)
    if lines[1]:
        title["subtitle"] = [*(title.get("subtitle") or []), *[" "] * (lines[1] - sub_lines)]
    return {**spec, "title": title}


def title_lines(figs: Sequence[Figure]) -> tuple[int, int]:
    """The most title and subtitle lines among `figs`: charts side by side padded to these
    start their plots at the same height."""
    numbers = session.settings().show_numbers
    counts = [_title_lines(spec_of(fig, numbers)) for fig in figs]
    return max(c[0] for c in counts), max(c[1] for c in counts)


def show(
    fig: Figure,
    key: str | None = None,
    on_point: Callable[[dict], None] | None = None,
    own_fonts: bool = False,
    align: tuple[int, int] | None = None,
    main: bool = False,
) -> None:
    """Draw a figure at its own size, with downloads: its matrix as CSV, the chart as SVG and
    PNG (drawn on the server when clicked).

    `on_point(point)` gets the fields of a clicked data point (needs a `key`). `own_fonts`
    keeps the chart's font sizes (presenter mode) instead of Streamlit's chart theme.
    `align`: title and subtitle lines (`title_lines`) of the charts beside this one.
    `main`: the chart that shows the page's point (one per page), marked for the projector
    test (tests/browser/projector.py).
    """
    if main:  # the chart and its downloads in the marked box: the downloads stay right under it
        with st.container(key=theme.MAIN_CHART_KEY):
            show(fig.with_options(main=True), key, on_point, own_fonts, align)
        return
    spec = spec_of(fig, session.settings().show_numbers)
    if align is not None:
        spec = _pad_title(spec, align)
    show_spec(spec, key=key, on_point=on_point, own_fonts=own_fonts)
    if session.share_open():
        st.session_state.setdefault(_LINES, {}).update(dict.fromkeys(fig.context))
    number = next_chart_number()
    # one button under the chart; its three downloads are built once it is opened (ui/fold.py).
    # Keyed by the chart's file name too: a tab opened above moves the numbers, and an open box
    # must not reappear under another chart.
    box, built = fold.popover(
        t("download"), f"download_{number}_{fig.file_name}", icon=":material/download:"
    )
    if not built:
        return
    downloads = (
        ("csv", lambda: matrix_csv(fig.matrix, fig.rows, fig.cols), "text/csv"),
        ("svg", lambda: exports.svg(spec), "image/svg+xml"),
        ("png", lambda: exports.png(spec), "image/png"),
    )
    with box:
        for kind, data, mime in downloads:
            st.download_button(
                t(kind),
                data=data,
                file_name=f"{fig.file_name}.{kind}",
                mime=mime,
                key=f"{kind}_{number}",
                on_click="ignore",
                type="tertiary",
                icon=":material/download:",
            )


def show_spec(
    chart: Spec,
    key: str | None = None,
    on_point: Callable[[dict], None] | None = None,
    own_fonts: bool = False,
    main: bool = False,
    fixed: bool = False,
) -> None:
    """Draw a Vega-Lite spec at its own size, or as wide as its column when that is less
    (charts.fitted), with charts that are not a matrix (the head grid) too. The page saved as
    HTML holds every spec drawn here, at its own size. `main`: see `show`. `fixed`: always at
    its own size (a slide laid out for its screen, which CSS zooms whole on a larger one)."""
    if main:
        with st.container(key=theme.MAIN_CHART_KEY):
            show_spec(chart, key=key, on_point=on_point, own_fonts=own_fonts)
        return
    if session.share_open():
        st.session_state.setdefault(_SPECS, []).append(chart)
    if fixed:
        chart, width = arrow_datasets(chart), "content"
    else:
        chart, width = charts.fitted(arrow_datasets(chart))
    if on_point is None:
        theme_name = None if own_fonts else "streamlit"
        st.vega_lite_chart(None, chart, width=width, key=key, theme=theme_name)
        return
    assert key is not None, "a clickable chart needs a key"

    def _clicked() -> None:
        picked = st.session_state[key].selection.get(SELECTION) or []
        if picked:
            on_point(picked[0])

    st.vega_lite_chart(
        None, chart, width=width, key=key, on_select=_clicked, selection_mode=SELECTION
    )


def arrow_datasets(spec: Spec) -> Spec:
    """A copy of the spec whose named datasets (lists of records) are Arrow IPC bytes, which
    Streamlit sends as they are. Given records, Streamlit builds a pandas DataFrame from each
    first: a fifth of a page's CPU before this (profile in bench-report.md). The spec itself,
    kept for the exports, is not changed."""
    datasets = spec.get("datasets")
    if not isinstance(datasets, dict):
        return dict(spec)
    return {**spec, "datasets": {name: _arrow_bytes(data) for name, data in datasets.items()}}


def _arrow_bytes(records: object) -> object:
    """Records (dicts with the same keys) -> Arrow IPC stream bytes; anything else as it is."""
    if not (isinstance(records, list) and records and all(isinstance(r, dict) for r in records)):
        return records
    columns = {key: [r.get(key) for r in records] for key in records[0]}
    try:
        table = pa.table(columns)
    except (pa.ArrowException, TypeError, ValueError):
        return records  # mixed kinds in a column: Streamlit's own conversion copes
    sink = pa.BufferOutputStream()
    with pa.RecordBatchStreamWriter(sink, table.schema) as writer:
        writer.write_table(table)
    return sink.getvalue().to_pybytes()


def next_chart_number() -> int:
    """A number unique within this run, for download button keys."""
    count = st.session_state.get(_CHART_COUNTER, 0) + 1
    st.session_state[_CHART_COUNTER] = count
    return count


def chart_count() -> int:
    return int(st.session_state.get(_CHART_COUNTER, 0))


def restart_count(count: int) -> None:
    """A part of the page re-runs alone: number its charts as the whole run did."""
    st.session_state[_CHART_COUNTER] = count


def start_page(url_path: str) -> None:
    """Before a page runs: chart numbers from 1, its path for file names, nothing offered."""
    st.session_state[_CHART_COUNTER] = 0
    st.session_state[_PAGE] = url_path
    st.session_state[_SHOWN] = None
    st.session_state[_EXTRA] = {}
    st.session_state[_SPECS] = []
    st.session_state[_LINES] = {}


def offer_json(p: Pipeline, extra: Mapping[str, Any] | None = None) -> None:
    """The pipeline this page shows, for the sidebar's JSON download; `extra`: the page's own
    fields (plain JSON values), written beside the pipeline's (the next word's candidates)."""
    if session.share_open():
        st.session_state[_SHOWN] = p
        st.session_state[_EXTRA] = dict(extra or {})


def offered() -> Pipeline | None:
    """What the page offered for the JSON export, or None when it offered nothing."""
    return st.session_state.get(_SHOWN)


def offered_extra() -> dict[str, Any]:
    """The page's own fields for the JSON export ({} when it offered none)."""
    return dict(st.session_state.get(_EXTRA) or {})


def shown_specs() -> list[Spec]:
    """Every chart spec drawn since the page started, in order."""
    return list(st.session_state.get(_SPECS, []))


def shown_context() -> list[str]:
    """The lines under the shown figures' titles, each once, in order."""
    return list(st.session_state.get(_LINES, {}))


def slug(text: str) -> str:
    """Letters, digits and dashes only (any script), at most 60 characters."""
    cleaned = "".join(ch if ch.isalnum() else "-" for ch in text.lower())
    return "-".join(part for part in cleaned.split("-") if part)[:60]


def row_of(point: dict) -> int | None:
    """The token index of a clicked heatmap cell."""
    return id_index(point["row"]) if isinstance(point.get("row"), str) else None
