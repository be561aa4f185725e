"""Page 7's own charts: relevance as grouped bars (its curves: ui/charts.line_chart)."""

from __future__ import annotations

import pandas as pd

from ui import charts, theme
from ui.charts import Spec

BAR_GROUP_STEP = 12  # px: one bar inside a group (before / after / target)


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
        color={"field": "series", "type": "nominal", "title": None, "legend": charts.SERIES_LEGEND},
        first_tip={"field": "series", "type": "nominal", "title": None},
        width=width,
        step=BAR_GROUP_STEP,
        extra={"yOffset": {"field": "series", "type": "nominal"}},
    )
