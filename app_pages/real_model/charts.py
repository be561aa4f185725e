"""The real model's head grid: one thumbnail per head, clickable."""

from __future__ import annotations

from collections.abc import Sequence

from ui import charts, theme
from ui.charts import Spec

THUMB_SIZE = 56  # px: a head's thumbnail in MiniLM's 6 x 12 grid (e5's 12 layers: flatter)
HEAD_PICKERS_WIDTH = 360  # px: layer and head side by side above the real model's grid
THUMB_STOPS = ("#f7fbff", "#c6dbef", "#6baed6", "#2171b5", "#08306b")  # 0 -> 1, like "blues"
THUMB_SIZE_PHONE = 20  # px: a head's thumbnail on a phone, so 12 heads fit across


def image_grid(
    urls: Sequence[str],
    rows: int,
    cols: int,
    *,
    chosen: tuple[int, int],
    size: int,
    height: int | None = None,
    row_title: str,
    col_title: str,
    title: str,
    tooltip_title: str,
    description: str | None = None,
) -> Spec:
    """rows × cols images (row-major URLs), clickable; the chosen one outlined. Each is `size`
    px wide and `height` px high (default: square; flatter, a grid of many layers still fits a
    screen's height while it fills the width)."""
    high = size if height is None else height
    if len(urls) != rows * cols:
        raise ValueError(f"need {rows * cols} images for a {rows} x {cols} grid; got {len(urls)}")
    records = [
        {"row": r, "col": c, "url": urls[r * cols + c], "label": f"{r} · {c}"}
        for r in range(rows)
        for c in range(cols)
    ]
    name = charts.dataset_name(list(urls), rows, cols)
    x = {
        "field": "col",
        "type": "ordinal",
        "title": col_title,
        "axis": {"orient": "top", "labelAngle": 0, "labelFontSize": theme.MAIN_LABEL_FONT},
    }
    y_axis = {**charts.Y_TITLE_ABOVE, "labelFontSize": theme.MAIN_LABEL_FONT}
    y = {"field": "row", "type": "ordinal", "title": row_title, "axis": y_axis}
    step, step_down = size + 6, high + 6
    images = {
        "name": "images",
        # One pixel per cell in each image (ui/thumbs.py): scaled up without smoothing, cells
        # stay crisp squares.
        "mark": {
            "type": "image",
            "width": size,
            "height": high,
            "aspect": False,  # fill the cell: a flat cell draws its square matrix flatter
            "smooth": False,
        },
        "encoding": {
            "x": x,
            "y": y,
            "url": {"field": "url", "type": "nominal"},
            "tooltip": [{"field": "label", "type": "nominal", "title": tooltip_title}],
        },
    }
    outline = {
        "data": {"name": name},
        "transform": [
            {
                "filter": {
                    "and": [
                        {"field": "row", "equal": chosen[0]},
                        {"field": "col", "equal": chosen[1]},
                    ]
                }
            }
        ],
        "mark": {"type": "rect", "fill": None, "stroke": theme.HIGHLIGHT_COLOR, "strokeWidth": 3},
        "encoding": {"x": x, "y": y},
    }
    text = description or f"{title} — {row_title} × {col_title}: {rows} × {cols}"
    return Spec(
        {
            **charts.base(title, text, step * cols + theme.LABEL_ROOM),
            "datasets": {name: records},
            "data": {"name": name},
            "layer": [images, outline],
            "params": [charts.click(["row", "col"], "images")],
            "width": {"step": step},
            "height": {"step": step_down},
        }
    )
