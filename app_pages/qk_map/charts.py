"""The query–key map: queries and keys as points on one plane, the chosen query's links."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ui import charts, theme
from ui.charts import Spec

QUERY_COLOR = "#d35400"  # queries on the query–key map
KEY_COLOR = "#2471a3"  # keys on the query–key map
QK_MAP_SIZE = 420  # px: side of the square query–key map (equal scales: distances stay true)
QK_MAP_SIZE_HALF = 320  # px: a map in one of two columns
QK_MAP_SIZE_PHONE = 240  # px: on a phone (a two-map row stacks there), labels and legend beside
QK_POINT_SIZE = 80  # px²: one query or key
QK_CHOSEN_SIZE = 320  # px²: the chosen query
QK_LINK_WIDTH = 2  # px: line from the chosen query to one of its top keys
QK_MARGIN = 1.15  # the map's axes reach this multiple of the farthest point
QK_LABEL_FONT = 11  # px: token names beside the points


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
) -> Spec:
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
    m = reach * QK_MARGIN if reach > 0 else 1.0
    x = {"field": "x", "type": "quantitative", "title": axis_titles[0]}
    y = {
        "field": "y",
        "type": "quantitative",
        "title": axis_titles[1],
        "axis": dict(charts.Y_TITLE_ABOVE, titleAlign="left", titleX=0),  # horizontal, not rotated
    }
    x["scale"] = y["scale"] = {"domain": [-m, m], "nice": False, "zero": False}
    color = {
        "field": "kind",
        "type": "nominal",
        "title": None,
        "scale": {"domain": [q_name, k_name], "range": [QUERY_COLOR, KEY_COLOR]},
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
    datasets: dict[str, list[dict[str, Any]]] = {}

    def data(rows: list[dict[str, Any]]) -> dict[str, str]:
        name = charts.dataset_name(rows)
        datasets[name] = rows
        return {"name": name}

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
                "data": data(link_rows),
                "mark": {"type": "rule", "strokeWidth": QK_LINK_WIDTH},
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
                "data": data(link_rows),
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
    return Spec(
        {
            **charts.base(title, text, size),
            "title": charts.title_params(title, subtitle, size, big=False),  # the map's width
            "datasets": datasets,
            "width": size,
            "height": size,
            "layer": layers,
        }
    )
