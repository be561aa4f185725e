"""The head atlas: MiniLM's 72 heads as one clickable grid, coloured by what each does."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ui import charts, theme
from ui.charts import SELECTION, Spec

# Head atlas: one colour per behaviour label (core.atlas). A behaviour's heads are paler the
# weaker they are; "mixed" (no behaviour) is a darker grey drawn unfaded, so no pale behaviour
# reads as mixed (a pale brown [SEP] and a pale grey mixed looked alike: CIE76 ΔE 2.6). Every
# two labels differ by ΔE ≥ 14 at any strength (tests/test_honest_charts.py).
BEHAVIOUR_COLORS = {
    "previous": "#4e79a7",
    "next": "#59a14f",
    "self": "#f28e2b",
    "cls": "#b07aa1",
    "sep": "#edc948",
    "same_word": "#e15759",
    "broad": "#76b7b2",
    "mixed": "#8c8c8c",
}
UNFADED = ("mixed",)  # labels drawn at full opacity whatever their strength
ATLAS_CELL = 50  # px: one head in the atlas grid, which fills a projector's column
ATLAS_CELL_PHONE = 20  # px: on a phone, so 12 heads and the legend fit 390 px
ATLAS_MIN_OPACITY = 0.45  # a head of strength 0; strength 1 is fully opaque


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
    cell: int = ATLAS_CELL,
) -> Spec:
    """[L][H] behaviour labels and [L, H] strengths -> a clickable grid of heads, coloured by
    label (`names`: label -> shown name, in legend order), opacity = strength (0..1). Cells are
    `cell` px wide, and as high while the grid fits theme.HEAD_GRID_HEIGHT (e5's 12 layers are
    flatter)."""
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
            "shade": 1.0 if labels[layer][head] in UNFADED else float(s[layer, head]),
        }
        for layer in range(n_layers)
        for head in range(n_heads)
    ]
    big_labels = {"labelFontSize": theme.MAIN_LABEL_FONT}  # the page's main chart
    x_axis = {"orient": "top", "labelAngle": 0, **big_labels}
    x = {"field": "col", "type": "ordinal", "title": col_title, "axis": x_axis}
    y_axis = {**charts.Y_TITLE_ABOVE, **big_labels}  # 层 level, not on its side
    y = {"field": "row", "type": "ordinal", "title": row_title, "axis": y_axis}
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
                        "range": [BEHAVIOUR_COLORS[n] for n in order],
                    },
                    # small cells (a phone): the legend goes under the grid
                    **(
                        {"legend": {"orient": "bottom", "direction": "horizontal", "columns": 2}}
                        if cell < ATLAS_CELL
                        else {}
                    ),
                },
                "opacity": {
                    "field": "shade",
                    "type": "quantitative",
                    "title": strength_title,
                    "scale": {"domain": [0, 1], "range": [ATLAS_MIN_OPACITY, 1]},
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
    name = charts.dataset_name(records)
    text = f"{title} — {row_title} × {col_title}: {n_layers} × {n_heads}"
    return Spec(
        {
            **charts.base(title, text, cell * n_heads + theme.LABEL_ROOM),
            "datasets": {name: records},
            "data": {"name": name},
            "width": {"step": cell},
            "height": {"step": min(cell, theme.HEAD_GRID_HEIGHT // n_layers)},
            "layer": layers,
        }
    )
