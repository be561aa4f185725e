"""The next-word page's own chart and sizes: every head of SmolLM2 as one clickable grid."""

from __future__ import annotations

from collections.abc import Sequence

from ui import charts, theme
from ui.charts import Spec

# The ten candidates: bars as tall as fit this height (px, title to value axis), labels at
# presenter size (theme.BIG_LABEL), so the chart reads from the back of a room and, under the
# prompt, stays on a 1280×720 projector's first screen.
CANDIDATES_HEIGHT = 400
CANDIDATE_LABEL_LIMIT = 260  # px: a candidate's label ("understanding 12.3 %") is never cut
PICKERS_WIDTH = 360  # px: layer and head side by side above the head's weights
# The atlas of 270 heads: on a projector 30 layers across and 9 heads down, so the whole grid
# fits the first screen when its box is opened; on a phone turned, 9 heads across.
THUMB_SIZE = 19  # px: one head's thumbnail, layers across
THUMB_SIZE_PHONE = 27  # px: layers down, 9 heads across 390 px
THUMB_GAP = 5  # px between thumbnails
THUMB_CELLS = 32  # a thumbnail's cells a side at most (a longer prompt's blocks are averaged)
THUMB_STOPS = ("#f7fbff", "#c6dbef", "#6baed6", "#2171b5", "#08306b")  # weight 0 -> 1, "blues"
FUTURE_RGB = (255, 255, 255)  # a thumbnail's cells above the diagonal: the masked future


def head_atlas(
    urls: Sequence[str],
    layers: int,
    heads: int,
    *,
    chosen: tuple[int, int],
    size: int,
    layers_across: bool,
    title: str,
    layer_title: str,
    head_title: str,
    tooltip_title: str,
) -> Spec:
    """One image per head (`urls` layer-major: layer 0's heads first), clickable, the chosen
    (layer, head) outlined; layers across (a projector) or down (a phone)."""
    if len(urls) != layers * heads:
        raise ValueError(f"need {layers * heads} images for {layers} x {heads} heads")
    records = [
        {"layer": ly, "head": hd, "url": urls[ly * heads + hd], "label": f"{ly} · {hd}"}
        for ly in range(layers)
        for hd in range(heads)
    ]
    name = charts.dataset_name(list(urls), layers, heads)
    font = theme.MAIN_LABEL_FONT
    layer_axis = {"field": "layer", "type": "ordinal", "title": layer_title}
    head_axis = {"field": "head", "type": "ordinal", "title": head_title}
    across, down = (layer_axis, head_axis) if layers_across else (head_axis, layer_axis)
    x = {**across, "axis": {"orient": "top", "labelAngle": 0, "labelFontSize": font}}
    y = {**down, "axis": {**charts.Y_TITLE_ABOVE, "labelFontSize": font}}
    images = {
        "name": "images",
        "mark": {"type": "image", "width": size, "height": size, "smooth": False},
        "encoding": {
            "x": x,
            "y": y,
            "url": {"field": "url", "type": "nominal"},
            "tooltip": [{"field": "label", "type": "nominal", "title": tooltip_title}],
        },
    }
    picked = [{"field": "layer", "equal": chosen[0]}, {"field": "head", "equal": chosen[1]}]
    outline = {
        "data": {"name": name},
        "transform": [{"filter": {"and": picked}}],
        "mark": {"type": "rect", "fill": None, "stroke": theme.HIGHLIGHT_COLOR, "strokeWidth": 3},
        "encoding": {"x": x, "y": y},
    }
    step = size + THUMB_GAP
    n_across = layers if layers_across else heads
    return Spec(
        {
            **charts.base(
                title,
                f"{title} — {layer_title} × {head_title}: {layers} × {heads}",
                step * n_across + theme.LABEL_ROOM,
            ),
            "datasets": {name: records},
            "data": {"name": name},
            "layer": [images, outline],
            "params": [charts.click(["layer", "head"], "images")],
            "width": {"step": step},
            "height": {"step": step},
        }
    )
