"""Chart builders: arrays and labels in, `alt.Chart` out. They never call st.*."""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt
import numpy as np
import pandas as pd

from ui import theme

SELECTION = "cell"  # name of the click selection on selectable heatmaps
_ID_PREFIX = 4  # "007|" in front of every label keeps repeated words apart
_LABEL_EXPR = f"substring(datum.value, {_ID_PREFIX})"


def label_ids(labels: Sequence[str]) -> list[str]:
    """Unique axis ids: position-prefixed so that "the ... the" stay two rows."""
    return [f"{i:03d}|{label}" for i, label in enumerate(labels)]


def id_index(label_id: str) -> int:
    """The position back from an id made by `label_ids`."""
    return int(label_id.split("|", 1)[0])


def _check(matrix: np.ndarray, rows: Sequence[str], cols: Sequence[str]) -> np.ndarray:
    m = np.asarray(matrix, dtype=float)
    if m.ndim != 2:
        raise ValueError(f"heatmap needs a 2-D matrix; got shape {m.shape}")
    if m.shape != (len(rows), len(cols)):
        raise ValueError(
            f"matrix shape {m.shape} does not match {len(rows)} row and {len(cols)} column labels"
        )
    if not np.all(np.isfinite(m)):
        raise ValueError("heatmap values must be finite; clip or mask them in core first")
    return m


def _lines(text: str | Sequence[str] | None) -> list[str]:
    if not text:
        return []
    return [text] if isinstance(text, str) else list(text)


def long_form(matrix: np.ndarray, rows: Sequence[str], cols: Sequence[str]) -> pd.DataFrame:
    """One record per cell: row id, column id, the two labels and the value."""
    m = _check(matrix, rows, cols)
    row_ids, col_ids = label_ids(rows), label_ids(cols)
    n_rows, n_cols = m.shape
    return pd.DataFrame(
        {
            "row": np.repeat(row_ids, n_cols),
            "col": np.tile(col_ids, n_rows),
            "row_label": np.repeat(list(rows), n_cols),
            "col_label": np.tile(list(cols), n_rows),
            "value": m.ravel(),
        }
    )


def color_scale(signed: bool, domain_max: float) -> alt.Scale:
    """Diverging and centred on 0 for signed values; 0-1 sequential for probabilities."""
    if signed:
        m = domain_max if domain_max > 0 else 1.0
        return alt.Scale(
            scheme=theme.DIVERGING_SCHEME,
            reverse=theme.DIVERGING_REVERSE,
            domain=[-m, m],
            domainMid=0,
        )
    return alt.Scale(scheme=theme.PROBABILITY_SCHEME, domain=[0, max(1.0, domain_max)])


def heatmap(
    matrix: np.ndarray,
    rows: Sequence[str],
    cols: Sequence[str],
    *,
    title: str | Sequence[str],
    row_title: str,
    col_title: str,
    value_title: str,
    signed: bool = True,
    show_numbers: bool = False,
    highlight_row: int | None = None,
    selectable: bool = False,
    domain_max: float | None = None,
    subtitle: str | Sequence[str] | None = None,
    span: int = theme.SPAN_FULL,
    numbers_note: str | None = None,
    col_min: int = theme.CELL_MIN,
    big: bool = False,
) -> alt.LayerChart:
    """[n_rows, n_cols] matrix -> labelled heatmap with tooltips (and optional cell numbers)."""
    data = long_form(matrix, rows, cols)
    values = data["value"].to_numpy()
    biggest = float(np.max(np.abs(values))) if values.size else 0.0
    top = biggest if domain_max is None else float(domain_max)
    row_ids, col_ids = label_ids(rows), label_ids(cols)
    largest = theme.CELL_MAX_BIG if big else theme.CELL_MAX
    step_y = theme.cell_size(len(rows), span, largest=largest)
    step_x = min(step_y, theme.cell_size(len(cols), span, col_min, largest))  # square if room
    font = {"labelFontSize": theme.BIG_LABEL, "titleFontSize": theme.BIG_LABEL} if big else {}
    numbers = show_numbers and min(step_x, step_y) >= theme.NUMBERS_MIN_CELL
    if show_numbers and not numbers and numbers_note:
        subtitle = [*_lines(subtitle), numbers_note]
    x = alt.X(
        "col:N",
        sort=col_ids,
        title=col_title,
        axis=alt.Axis(
            labelExpr=_LABEL_EXPR,
            labelAngle=-45 if len(cols) > 1 else 0,
            labelOverlap=False if step_x >= theme.LABEL_MIN_CELL else "parity",
            labelLimit=theme.LABEL_LIMIT,
            orient="top",
            **font,
        ),
    )
    y = alt.Y(
        "row:N",
        sort=row_ids,
        title=row_title,
        axis=alt.Axis(
            labelExpr=_LABEL_EXPR, labelOverlap=False, labelLimit=theme.LABEL_LIMIT, **font
        ),
    )
    tooltip = [
        alt.Tooltip("row_label:N", title=row_title),
        alt.Tooltip("col_label:N", title=col_title),
        alt.Tooltip("value:Q", title=value_title, format=theme.TOOLTIP_FORMAT),
    ]
    base = alt.Chart(data).encode(x=x, y=y, tooltip=tooltip)
    legend = (
        alt.Legend()
        if span >= theme.SPAN_FULL
        else alt.Legend(orient="bottom", direction="horizontal", gradientLength=theme.LEGEND_LENGTH)
    )
    color = alt.Color("value:Q", scale=color_scale(signed, top), title=value_title, legend=legend)
    rect = base.mark_rect(stroke="white", strokeWidth=0.5).encode(color=color)
    if highlight_row is not None and 0 <= highlight_row < len(rows):
        chosen = alt.datum.row == row_ids[highlight_row]
        rect = rect.encode(
            opacity=alt.condition(chosen, alt.value(1.0), alt.value(theme.DIMMED_OPACITY))
        )
    if selectable:
        rect = rect.add_params(alt.selection_point(name=SELECTION, fields=["row"], on="click"))
    layers: list[alt.Chart] = [rect]
    if highlight_row is not None and 0 <= highlight_row < len(rows):
        outline = (
            alt.Chart(data[data["row"] == row_ids[highlight_row]])
            .mark_rect(fill=None, stroke=theme.HIGHLIGHT_COLOR, strokeWidth=2.5)
            .encode(x=x, y=y, tooltip=tooltip)
        )
        layers.append(outline)
    if numbers:
        scale_top = (top if top > 0 else 1.0) if signed else max(1.0, top)  # the colour domain
        flip = theme.TEXT_FLIP * scale_top
        size = max(theme.FONT_MIN, min(theme.FONT_MAX, min(step_x, step_y) // 3))
        text = base.mark_text(fontSize=size).encode(
            text=alt.Text("value:Q", format=theme.NUMBER_FORMAT),
            color=alt.condition(
                f"abs(datum.value) > {flip}",
                alt.value(theme.TEXT_LIGHT),
                alt.value(theme.TEXT_DARK),
            ),
        )
        layers.append(text)
    title_font = {"fontSize": theme.BIG_TITLE, "subtitleFontSize": theme.BIG_LABEL} if big else {}
    return alt.layer(*layers).properties(
        title=alt.TitleParams(
            title,
            subtitle=_lines(subtitle) or "",
            anchor="start",
            limit=step_x * len(cols) + theme.LABEL_ROOM,  # cut with "…" rather than overlap
            **title_font,
        ),
        width=alt.Step(step_x),
        height=alt.Step(step_y),
        autosize=alt.AutoSizeParams(type="pad"),
    )


def bars(
    values: np.ndarray,
    labels: Sequence[str],
    *,
    title: str,
    label_title: str,
    value_title: str,
    width: int = theme.BAR_WIDTH,
) -> alt.Chart:
    """[n] values -> one horizontal bar per label, coloured by sign, in the given order."""
    v = np.asarray(values, dtype=float)
    if v.shape != (len(labels),):
        raise ValueError(f"need one value per label; got {v.shape} for {len(labels)} labels")
    ids = label_ids(labels)
    data = pd.DataFrame({"id": ids, "label": list(labels), "value": v})
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            y=alt.Y(
                "id:N",
                sort=ids,
                title=label_title,
                axis=alt.Axis(
                    labelExpr=_LABEL_EXPR, labelOverlap=False, labelLimit=theme.LABEL_LIMIT
                ),
            ),
            x=alt.X("value:Q", title=value_title),
            color=alt.condition(
                alt.datum.value >= 0,
                alt.value(theme.POSITIVE_COLOR),
                alt.value(theme.NEGATIVE_COLOR),
            ),
            tooltip=[
                alt.Tooltip("label:N", title=label_title),
                alt.Tooltip("value:Q", title=value_title, format=theme.TOOLTIP_FORMAT),
            ],
        )
        .properties(
            title=title,
            width=width,
            height=alt.Step(theme.cell_size(len(labels))),
            autosize=alt.AutoSizeParams(type="pad"),
        )
    )


def image_grid(
    urls: Sequence[str],
    rows: int,
    cols: int,
    *,
    chosen: tuple[int, int],
    size: int,
    row_title: str,
    col_title: str,
    title: str,
    tooltip_title: str,
) -> alt.LayerChart:
    """rows × cols images (row-major URLs), clickable; the chosen one outlined."""
    if len(urls) != rows * cols:
        raise ValueError(f"need {rows * cols} images for a {rows} x {cols} grid; got {len(urls)}")
    data = pd.DataFrame(
        {
            "row": np.repeat(np.arange(rows), cols),
            "col": np.tile(np.arange(cols), rows),
            "url": list(urls),
        }
    )
    data["label"] = [f"{r} · {c}" for r, c in zip(data["row"], data["col"], strict=True)]
    x = alt.X("col:O", title=col_title, axis=alt.Axis(orient="top", labelAngle=0))
    y = alt.Y("row:O", title=row_title)
    images = (
        alt.Chart(data)
        .mark_image(width=size, height=size)
        .encode(x=x, y=y, url="url:N", tooltip=[alt.Tooltip("label:N", title=tooltip_title)])
        .add_params(alt.selection_point(name=SELECTION, fields=["row", "col"], on="click"))
    )
    outline = (
        alt.Chart(data[(data["row"] == chosen[0]) & (data["col"] == chosen[1])])
        .mark_rect(fill=None, stroke=theme.HIGHLIGHT_COLOR, strokeWidth=3)
        .encode(x=x, y=y)
    )
    return alt.layer(images, outline).properties(
        title=title,
        width=alt.Step(size + 6),
        height=alt.Step(size + 6),
        autosize=alt.AutoSizeParams(type="pad"),
    )


def grouped_bars(
    frame: pd.DataFrame, *, title: str, label_title: str, value_title: str
) -> alt.Chart:
    """Long-form (word id, value, series) -> bars per word, one colour per series."""
    ids = list(dict.fromkeys(frame["word"]))
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            y=alt.Y(
                "word:N",
                sort=ids,
                title=label_title,
                axis=alt.Axis(
                    labelExpr=_LABEL_EXPR, labelOverlap=False, labelLimit=theme.LABEL_LIMIT
                ),
            ),
            yOffset=alt.YOffset("series:N"),
            x=alt.X("value:Q", title=value_title),
            color=alt.Color("series:N", title=None),
            tooltip=[
                alt.Tooltip("series:N", title=None),
                alt.Tooltip("value:Q", title=value_title, format=theme.TOOLTIP_FORMAT),
            ],
        )
        .properties(
            title=title,
            width=theme.BAR_WIDTH,
            height=alt.Step(theme.BAR_GROUP_STEP),
            autosize=alt.AutoSizeParams(type="pad"),
        )
    )


def line_chart(
    frame: pd.DataFrame,
    *,
    x: str,
    y: str,
    series: str | None,
    title: str,
    x_title: str,
    y_title: str,
) -> alt.Chart:
    """Curves (loss, accuracy) from a long-form frame."""
    enc = {
        "x": alt.X(f"{x}:Q", title=x_title),
        "y": alt.Y(f"{y}:Q", title=y_title),
        "tooltip": [
            alt.Tooltip(f"{x}:Q", title=x_title),
            alt.Tooltip(f"{y}:Q", title=y_title, format=theme.TOOLTIP_FORMAT),
        ],
    }
    if series:
        enc["color"] = alt.Color(f"{series}:N", title=None)
    return (
        alt.Chart(frame)
        .mark_line()
        .encode(**enc)
        .properties(
            title=title, width=theme.BAR_WIDTH, height=220, autosize=alt.AutoSizeParams(type="pad")
        )
    )


# ---- query–key map and head atlas: plain Vega-Lite dicts ---------------------------------


def qk_scatter(
    query_points: np.ndarray,
    key_points: np.ndarray,
    query_tokens: Sequence[str],
    key_tokens: Sequence[str],
    *,
    chosen: int | None,
    links: Sequence[tuple[int, float]],
    kind_names: tuple[str, str],
    title: str,
    subtitle: Sequence[str] = (),
    axis_titles: tuple[str, str],
    token_title: str,
    weight_title: str,
    size: int = theme.QK_MAP_SIZE,
) -> dict:
    """[n_q, 2] query and [n_k, 2] key points -> one square scatter (equal scales), queries and
    keys in two shapes and colours, each labelled with its token; `links` (key index, weight)
    are drawn as lines from the chosen query, labelled with their weights."""
    q = np.asarray(query_points, dtype=float)
    k = np.asarray(key_points, dtype=float)
    if q.shape != (len(query_tokens), 2) or k.shape != (len(key_tokens), 2):
        raise ValueError(
            f"need [n, 2] points with one token each; got {q.shape} for {len(query_tokens)} "
            f"queries and {k.shape} for {len(key_tokens)} keys"
        )
    if not (np.all(np.isfinite(q)) and np.all(np.isfinite(k))):
        raise ValueError("map points must be finite")
    q_name, k_name = kind_names
    points = [
        {"x": float(x), "y": float(y), "kind": q_name, "token": tok, "index": i}
        for i, ((x, y), tok) in enumerate(zip(q, query_tokens, strict=True))
    ] + [
        {"x": float(x), "y": float(y), "kind": k_name, "token": tok, "index": j}
        for j, ((x, y), tok) in enumerate(zip(k, key_tokens, strict=True))
    ]
    reach = float(np.abs(np.concatenate([q.ravel(), k.ravel()])).max(initial=0.0))
    m = reach * theme.QK_MARGIN if reach > 0 else 1.0
    x = {"field": "x", "type": "quantitative", "title": axis_titles[0]}
    y = {"field": "y", "type": "quantitative", "title": axis_titles[1]}
    x["scale"] = y["scale"] = {"domain": [-m, m], "nice": False, "zero": False}
    color = {
        "field": "kind",
        "type": "nominal",
        "title": None,
        "scale": {"domain": [q_name, k_name], "range": [theme.QUERY_COLOR, theme.KEY_COLOR]},
    }
    shape = {
        "field": "kind",
        "type": "nominal",
        "title": None,
        "scale": {"domain": [q_name, k_name], "range": ["circle", "square"]},
    }
    tooltip = [
        {"field": "kind", "type": "nominal", "title": " "},
        {"field": "index", "type": "quantitative", "title": "#"},
        {"field": "token", "type": "nominal", "title": token_title},
    ]
    layers: list[dict] = []
    if chosen is not None and 0 <= chosen < len(q):
        qx, qy = (float(v) for v in q[chosen])
        link_rows = [
            {
                "x": qx,
                "y": qy,
                "x2": float(k[j, 0]),
                "y2": float(k[j, 1]),
                "mx": (qx + float(k[j, 0])) / 2,
                "my": (qy + float(k[j, 1])) / 2,
                "weight": float(w),
                "token": key_tokens[j],
            }
            for j, w in links
        ]
        link_tip = [
            {"field": "token", "type": "nominal", "title": token_title},
            {"field": "weight", "type": "quantitative", "title": weight_title, "format": ".3f"},
        ]
        layers.append(
            {
                "data": {"values": link_rows},
                "mark": {"type": "rule", "strokeWidth": theme.QK_LINK_WIDTH},
                "encoding": {
                    "x": x,
                    "y": y,
                    "x2": {"field": "x2"},
                    "y2": {"field": "y2"},
                    "color": {"value": theme.HIGHLIGHT_COLOR},
                    "tooltip": link_tip,
                },
            }
        )
        layers.append(
            {
                "data": {"values": link_rows},
                "mark": {"type": "text", "fontWeight": "bold", "dy": -7},
                "encoding": {
                    "x": {"field": "mx", "type": "quantitative"},
                    "y": {"field": "my", "type": "quantitative"},
                    "text": {"field": "weight", "type": "quantitative", "format": ".2f"},
                    "color": {"value": theme.TEXT_DARK},
                },
            }
        )
        layers.append(
            {
                "data": {"values": [{"x": qx, "y": qy}]},
                "mark": {
                    "type": "point",
                    "size": theme.QK_CHOSEN_SIZE,
                    "stroke": theme.HIGHLIGHT_COLOR,
                    "strokeWidth": 3,
                    "filled": False,
                },
                "encoding": {"x": x, "y": y},
            }
        )
    layers.append(
        {
            "data": {"values": points},
            "mark": {"type": "point", "filled": True, "size": theme.QK_POINT_SIZE, "opacity": 0.9},
            "encoding": {"x": x, "y": y, "color": color, "shape": shape, "tooltip": tooltip},
        }
    )
    layers.append(
        {
            "data": {"values": points},
            "mark": {
                "type": "text",
                "align": "left",
                "dx": 7,
                "fontSize": theme.QK_LABEL_FONT,
                "limit": theme.LABEL_LIMIT,
            },
            "encoding": {
                "x": x,
                "y": y,
                "text": {"field": "token", "type": "nominal"},
                "color": color,
            },
        }
    )
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "title": {"text": title, "subtitle": list(subtitle), "anchor": "start"},
        "width": size,
        "height": size,
        "autosize": {"type": "pad"},
        "layer": layers,
    }


def atlas_grid(
    labels: Sequence[Sequence[str]],
    strength: np.ndarray,
    *,
    names: dict[str, str],
    chosen: tuple[int, int] | None,
    title: str,
    row_title: str,
    col_title: str,
    label_title: str,
    strength_title: str,
) -> dict:
    """[L][H] behaviour labels and [L, H] strengths -> a clickable grid of heads, coloured by
    label (`names`: label -> shown name, in legend order), opacity = strength (0..1)."""
    s = np.asarray(strength, dtype=float)
    n_layers, n_heads = s.shape
    if len(labels) != n_layers or any(len(row) != n_heads for row in labels):
        raise ValueError(f"need {n_layers} x {n_heads} labels for strengths of shape {s.shape}")
    unknown = {name for row in labels for name in row} - set(names)
    if unknown:
        raise ValueError(f"labels without a shown name: {sorted(unknown)}")
    records = [
        {
            "row": layer,
            "col": head,
            "label": names[labels[layer][head]],
            "strength": float(s[layer, head]),
        }
        for layer in range(n_layers)
        for head in range(n_heads)
    ]
    x = {"field": "col", "type": "ordinal", "title": col_title, "axis": {"orient": "top"}}
    y = {"field": "row", "type": "ordinal", "title": row_title}
    x["axis"]["labelAngle"] = 0
    tooltip = [
        {"field": "row", "type": "ordinal", "title": row_title},
        {"field": "col", "type": "ordinal", "title": col_title},
        {"field": "label", "type": "nominal", "title": label_title},
        {"field": "strength", "type": "quantitative", "title": strength_title, "format": ".3f"},
    ]
    order = list(names)
    layers: list[dict] = [
        {
            "mark": {"type": "rect", "stroke": "white", "strokeWidth": 1},
            "params": [
                {
                    "name": SELECTION,
                    "select": {"type": "point", "fields": ["row", "col"], "on": "click"},
                }
            ],
            "encoding": {
                "x": x,
                "y": y,
                "color": {
                    "field": "label",
                    "type": "nominal",
                    "title": label_title,
                    "scale": {
                        "domain": [names[n] for n in order],
                        "range": [theme.BEHAVIOUR_COLORS[n] for n in order],
                    },
                },
                "opacity": {
                    "field": "strength",
                    "type": "quantitative",
                    "title": strength_title,
                    "scale": {"domain": [0, 1], "range": [theme.ATLAS_MIN_OPACITY, 1]},
                    "legend": None,
                },
                "tooltip": tooltip,
            },
        },
    ]
    if chosen is not None:
        layers.append(
            {
                "transform": [
                    {"filter": f"datum.row == {int(chosen[0])} && datum.col == {int(chosen[1])}"}
                ],
                "mark": {
                    "type": "rect",
                    "filled": False,
                    "stroke": theme.HIGHLIGHT_COLOR,
                    "strokeWidth": 3,
                },
                "encoding": {"x": x, "y": y},
            }
        )
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "title": {"text": title, "anchor": "start"},
        "data": {"values": records},
        "width": {"step": theme.ATLAS_CELL},
        "height": {"step": theme.ATLAS_CELL},
        "autosize": {"type": "pad"},
        "layer": layers,
    }
