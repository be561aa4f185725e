"""The query–key map: queries and keys as points on one plane, the chosen query's links."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ui import charts, theme
from ui.charts import Spec

QUERY_COLOR = "#d35400"  # queries on the query–key map
KEY_COLOR = "#2471a3"  # keys on the query–key map
ORIGIN_COLOR = "#8c8c8c"  # the lines through (0, 0), from which every dot product is measured
QK_MAP_SIZE = 380  # px: side of the square query–key map (equal scales: directions stay true)
QK_MAP_SIZE_HALF = 320  # px: a map in one of two columns
QK_MAP_SIZE_PHONE = 240  # px: on a phone (a two-map row stacks there), legend under the map
QK_LEGEND_ROOM = 150  # px: a legend beside the map, which the title lines may use too
QK_POINT_SIZE = 80  # px²: one query or key
QK_CHOSEN_SIZE = 320  # px²: the chosen query
QK_ARROW_WIDTH = 3  # px: the chosen query's arrow from (0, 0)
QK_LINK_WIDTH = 2  # px: dashed line from one of its top keys to the arrow's line
QK_DASH = [5, 4]  # px: dash and gap of those lines and of the arrow's line
QK_MARGIN = 1.15  # the map's axes reach this multiple of the farthest point
QK_LABEL_FONT = 14  # px: token names beside the points, weights on the lines, axis labels
LINKS_MARK = "qk_links"  # the dashed lines' layer: Vega classes their SVG group "qk_links_marks"


def _foot(key: np.ndarray, direction: np.ndarray) -> np.ndarray:
    """[2] key, [2] unit direction (or zeros) -> [2] the key's projection on the line through
    (0, 0) along `direction` (the origin when there is no direction)."""
    return float(key @ direction) * direction


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
    size: int = QK_MAP_SIZE,
    legend_below: bool = False,
) -> Spec:
    """[n_q, 2] query and [n_k, 2] key points -> one square scatter (equal scales) with lines
    through (0, 0); queries and keys in two shapes and colours, each labelled with its token.

    The chosen query is an arrow from (0, 0) on a dashed line through it; each of `links`
    (key index, weight) is a dashed line from that key to its foot on the arrow's line, the key
    labelled with its weight: the farther along the arrow the foot, the larger the dot product.
    """
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
    m = reach * QK_MARGIN if reach > 0 else 1.0
    axis = {"labelFontSize": QK_LABEL_FONT, "titleFontSize": QK_LABEL_FONT}
    x = {"field": "x", "type": "quantitative", "title": axis_titles[0], "axis": axis}
    y = {
        "field": "y",
        "type": "quantitative",
        "title": axis_titles[1],
        "axis": {
            **axis,
            **charts.Y_TITLE_ABOVE,  # horizontal, not rotated
            "titleAlign": "left",
            "titleX": 0,
        },
    }
    x["scale"] = y["scale"] = {"domain": [-m, m], "nice": False, "zero": False}
    legend = {"orient": "bottom", "direction": "horizontal"} if legend_below else {}
    legend |= {"labelFontSize": QK_LABEL_FONT}
    color = {
        "field": "kind",
        "type": "nominal",
        "title": None,
        "scale": {"domain": [q_name, k_name], "range": [QUERY_COLOR, KEY_COLOR]},
        "legend": legend,
    }
    shape = {
        "field": "kind",
        "type": "nominal",
        "title": None,
        "scale": {"domain": [q_name, k_name], "range": ["circle", "square"]},
        "legend": legend,
    }
    tooltip = [
        {"field": "kind", "type": "nominal", "title": " "},
        {"field": "index", "type": "quantitative", "title": "#"},
        {"field": "token", "type": "nominal", "title": token_title},
    ]
    datasets: dict[str, list[dict[str, Any]]] = {}

    def data(rows: list[dict[str, Any]]) -> dict[str, str]:
        name = charts.dataset_name(rows)
        datasets[name] = rows
        return {"name": name}

    def line(rows: list[dict[str, Any]], mark: dict[str, Any], **encoding: Any) -> dict:
        """A rule layer from (x, y) to (x2, y2) of each row."""
        return {
            "data": data(rows),
            "mark": {"type": "rule", **mark},
            "encoding": {"x": x, "y": y, "x2": {"field": "x2"}, "y2": {"field": "y2"}} | encoding,
        }

    origin = {"color": ORIGIN_COLOR, "strokeWidth": 1}
    layers: list[dict] = [
        line([{"x": -m, "y": 0.0, "x2": m, "y2": 0.0}], origin),
        line([{"x": 0.0, "y": -m, "x2": 0.0, "y2": m}], origin),
    ]
    if chosen is not None and 0 <= chosen < len(q):
        qx, qy = (float(v) for v in q[chosen])
        length = float(np.hypot(qx, qy))
        direction = q[chosen] / length if length > 0 else np.zeros(2)  # [2]
        if length > 0:  # the arrow's line, to the edge of the square
            end = direction * (m / float(np.abs(direction).max()))
            ends = {"x": float(-end[0]), "y": float(-end[1])}
            ends |= {"x2": float(end[0]), "y2": float(end[1])}
            layers.append(line([ends], {**origin, "strokeDash": QK_DASH}))
        link_rows = []
        for j, w in links:
            foot = _foot(k[j], direction)  # [2]
            row = {"x": float(k[j, 0]), "y": float(k[j, 1])}
            row |= {"x2": float(foot[0]), "y2": float(foot[1])}
            link_rows.append(row | {"weight": float(w), "token": key_tokens[j]})
        link_tip = [
            {"field": "token", "type": "nominal", "title": token_title},
            {"field": "weight", "type": "quantitative", "title": weight_title, "format": ".3f"},
        ]
        dashed = {"strokeWidth": QK_LINK_WIDTH, "strokeDash": QK_DASH}
        color_link = {"value": theme.HIGHLIGHT_COLOR}
        layers.append(
            {"name": LINKS_MARK} | line(link_rows, dashed, color=color_link, tooltip=link_tip)
        )
        arrow = {"x": 0.0, "y": 0.0, "x2": qx, "y2": qy}
        layers.append(line([arrow], {"strokeWidth": QK_ARROW_WIDTH}, color=color_link))
        layers.append(
            {
                "data": data(link_rows),
                "mark": {
                    "type": "text",
                    "fontWeight": "bold",
                    "align": "right",
                    "dx": -8,  # left of the key, whose token is on its right
                    "fontSize": QK_LABEL_FONT,
                },
                "encoding": {
                    "x": {"field": "x", "type": "quantitative"},
                    "y": {"field": "y", "type": "quantitative"},
                    "text": {"field": "weight", "type": "quantitative", "format": ".2f"},
                    "color": {"value": theme.TEXT_DARK},
                },
            }
        )
        layers.append(
            {
                "data": data([{"x": qx, "y": qy}]),
                "mark": {
                    "type": "point",
                    "size": QK_CHOSEN_SIZE,
                    "stroke": theme.HIGHLIGHT_COLOR,
                    "strokeWidth": 3,
                    "filled": False,
                },
                "encoding": {"x": x, "y": y},
            }
        )
    layers.append(
        {
            "data": data(points),
            "mark": {"type": "point", "filled": True, "size": QK_POINT_SIZE, "opacity": 0.9},
            "encoding": {"x": x, "y": y, "color": color, "shape": shape, "tooltip": tooltip},
        }
    )
    layers.append(
        {
            "data": data(points),
            "mark": {
                "type": "text",
                "align": "left",
                "dx": 7,
                "fontSize": QK_LABEL_FONT,
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
    n_q, n_k = len(query_tokens), len(key_tokens)
    text = f"{title} — {q_name}: {n_q}, {k_name}: {n_k}"
    title_width = size if legend_below else size + QK_LEGEND_ROOM
    return Spec(
        {
            **charts.base(title, text, size),
            "title": charts.title_params(title, subtitle, title_width, big=False),
            "datasets": datasets,
            "width": size,
            "height": size,
            "layer": layers,
        }
    )
