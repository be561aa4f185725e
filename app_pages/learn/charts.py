"""Page 7's own charts: the loss and accuracy curves, and relevance as grouped bars."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ui import charts, theme
from ui.charts import Spec

BAR_GROUP_STEP = 12  # px: one bar inside a group (before / after / target)
LINE_HEIGHT = 220  # px: a line chart (loss and accuracy curves)
SERIES_LEGEND = {"orient": "top", "direction": "horizontal"}  # above: in view on a phone


def line_chart(
    frame: pd.DataFrame,
    *,
    x: str,
    y: str,
    series: str | None,
    title: str,
    x_title: str,
    y_title: str,
    description: str | None = None,
    width: int = theme.BAR_WIDTH,
) -> Spec:
    """Curves (loss, accuracy) from a long-form frame; the legend above the plot, where it
    stays in view on a narrow screen."""
    encoding: dict[str, Any] = {
        "x": {"field": x, "type": "quantitative", "title": x_title},
        "y": {
            "field": y,
            "type": "quantitative",
            "title": y_title,
            "axis": dict(charts.Y_TITLE_ABOVE),
        },
        "tooltip": [
            {"field": x, "type": "quantitative", "title": x_title},
            {"field": y, "type": "quantitative", "title": y_title, **charts.tooltip_format()},
        ],
    }
    if series:
        encoding["color"] = {
            "field": series,
            "type": "nominal",
            "title": None,
            "legend": SERIES_LEGEND,
        }
    name, records = charts.frame_records(frame)
    xs = frame[x].to_numpy(dtype=float) if len(frame) else np.zeros(1)
    ys = frame[y].to_numpy(dtype=float) if len(frame) else np.zeros(1)
    text = description or (
        f"{title} — {x_title} {charts.number(xs.min(), 'g')} … {charts.number(xs.max(), 'g')}, "
        f"{y_title} {charts.number(ys.min())} … {charts.number(ys.max())}"
    )
    return Spec(
        {
            **charts.base(title, text, width + theme.LABEL_ROOM),
            "datasets": {name: records},
            "data": {"name": name},
            "mark": {"type": "line"},
            "encoding": encoding,
            "width": width,
            "height": LINE_HEIGHT,
        }
    )


def grouped_bars(
    frame: pd.DataFrame,
    *,
    title: str,
    label_title: str,
    value_title: str,
    description: str | None = None,
    width: int = theme.BAR_WIDTH,
) -> Spec:
    """Long-form (word id, value, series) -> bars per word, one colour per series (named
    above the plot)."""
    ids = [str(i) for i in dict.fromkeys(frame["word"])]
    series = [str(s) for s in dict.fromkeys(frame["series"])]
    name, records = charts.frame_records(frame)
    text = description or f"{title} — {label_title}: {len(ids)}, {' / '.join(series)}"
    axis = charts.ids_axis(ids, BAR_GROUP_STEP * max(len(series), 1))
    return charts.bar_spec(
        title,
        text,
        (name, records),
        y={"field": "word", "sort": ids, "title": label_title, "axis": axis},
        value_title=value_title,
        color={"field": "series", "type": "nominal", "title": None, "legend": SERIES_LEGEND},
        first_tip={"field": "series", "type": "nominal", "title": None},
        width=width,
        step=BAR_GROUP_STEP,
        extra={"yOffset": {"field": "series", "type": "nominal"}},
    )
