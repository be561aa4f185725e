"""Chart builders: arrays and labels in, a Vega-Lite spec (a plain dict) out. They never call st.*.

The specs are written directly as dicts: Altair's objects and schema validation cost tens of
milliseconds per chart, these a fraction of one. Sizes, fonts and text colours are worked out
here from the data, so every chart fits its width and every printed number can be read.
"""

from __future__ import annotations

import hashlib
import math
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import Any

import numpy as np
import pandas as pd

from ui import theme

SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json"
SELECTION = "cell"  # name of the click selection on selectable heatmaps
_ID_PREFIX = 4  # "007|" in front of every label keeps repeated words apart
_LABEL_EXPR = f"substring(datum.value, {_ID_PREFIX})"
_SAMPLES = 2000  # points along a colour scheme when finding where light text reads better
_NO_LINE_START = set("，。、；：！？）」』》,.;:!?)")  # punctuation kept with the word before it
# Chinese words a chart title never splits (a line may break between any other two characters):
# units and terms that read as nonsense in halves
_CJK_WHOLE = ("比特", "温度", "词元", "权重", "分数", "输出", "随机")
_MINUS = "\u2212"  # Vega prints negative numbers with a real minus sign
WRAPPED_TITLES = 1024  # title and subtitle lines remembered across runs (each a few hundred bytes)
# A title given as one string with "\n" between its lines is drawn as those lines (Vega's text
# `lineBreak`, set through the title's mark style) while staying a plain string in the spec.
_LINE_BREAKS = {
    "style": {"group-title": {"lineBreak": "\n"}, "group-subtitle": {"lineBreak": "\n"}}
}


Spec = dict[str, Any]  # a Vega-Lite spec: a plain, JSON-ready dict
# A heatmap or bar chart says in its spec ("usermeta", which Vega ignores) how wide (px) it is
# drawn at its own size: `fitted` shows it that wide, or as wide as its column when that is less.
FIT_WIDTH = "fit_width"
_BAND = "bandwidth('x')"  # a column's width (px) as drawn, in a Vega expression
# A heatmap whose columns are drawn at least this share of the builder's width is shown as
# built (fonts and label angles): its width in the spec is an estimate of what Vega draws.
_SQUEEZE_TOLERANCE = 0.9


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


def _records(
    m: np.ndarray, rows: Sequence[str], cols: Sequence[str], row_ids: list[str], col_ids: list[str]
) -> list[dict[str, Any]]:
    """One record per cell, row by row: row id, column id, the two labels and the value."""
    values = m.tolist()
    return [
        {"row": rid, "col": cid, "row_label": r, "col_label": c, "value": v}
        for rid, r, row in zip(row_ids, rows, values, strict=True)
        for cid, c, v in zip(col_ids, cols, row, strict=True)
    ]


def dataset_name(*parts: object) -> str:
    """A name that changes with the data, so the front end never keeps a stale dataset."""
    digest = hashlib.blake2b(digest_size=16)
    for part in parts:
        digest.update(part.tobytes() if isinstance(part, np.ndarray) else repr(part).encode())
        digest.update(b"\0")
    return f"data-{digest.hexdigest()}"


def number(v: float, fmt: str = ".2f") -> str:
    return format(v, fmt).replace("-", _MINUS)


# ---- text sizes and wrapping -----------------------------------------------------------------


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def text_width(text: str, size: float) -> float:
    """Approximate drawn width in px of `text` at font `size` (CJK characters count double)."""
    return sum(theme.WIDE_CHAR_EM if _wide(ch) else theme.CHAR_EM for ch in text) * size


def _pieces(text: str) -> list[str]:
    """Units a line may break after: words with their trailing spaces, or single CJK characters
    (or a word of _CJK_WHOLE)."""
    pieces: list[str] = []
    i = 0
    while i < len(text):
        ch = next((w for w in _CJK_WHOLE if text.startswith(w, i)), text[i])
        attach = ch.isspace() or ch in _NO_LINE_START
        after = pieces[-1][-1] if pieces else " "
        starts = not pieces or (not attach and (_wide(ch[0]) or _wide(after) or after.isspace()))
        if starts:
            pieces.append(ch)
        else:
            pieces[-1] += ch
        i += len(ch)
    return pieces


def wrap(text: str, width: float, size: float) -> list[str]:
    """`text` split at word boundaries (CJK: between characters) into lines about `width` px wide.

    Nothing is cut: a single word wider than `width` gets a line of its own. Joined back, the
    lines give `text` again (spaces stay at the line ends, where they are invisible).
    """
    return list(_wrapped(text, width, size))


@lru_cache(maxsize=WRAPPED_TITLES)
def _wrapped(text: str, width: float, size: float) -> tuple[str, ...]:
    """wrap's lines, remembered: a page re-run wraps the same titles again (a fifth of the
    time spent building its charts before)."""
    lines: list[str] = []
    line, drawn = "", 0.0  # drawn: the width of `line` without its trailing spaces
    for piece in _pieces(text):
        body = piece.rstrip()
        tail = text_width(line[len(line.rstrip()) :], size) if body else 0.0  # spaces between
        grown = drawn + tail + text_width(body, size)
        if line and grown > width:
            lines.append(line)
            line, drawn = piece, text_width(body, size)
        else:
            line, drawn = line + piece, grown if body else drawn
    return (*lines, line) if line else tuple(lines)


def title_params(
    title: str | Sequence[str],
    subtitle: Sequence[str],
    width: float,
    big: bool,
) -> dict[str, Any]:
    """Title params with long lines wrapped to `width` px; a one-line title stays a string."""
    size = theme.BIG_TITLE if big else theme.TITLE_FONT
    sub_size = theme.BIG_LABEL if big else theme.SUBTITLE_FONT
    text = [line for part in _lines(title) for line in wrap(part, width, size)]
    sub = [line.rstrip() for part in subtitle for line in wrap(part, width, sub_size)]
    if len(sub) > theme.SUBTITLE_LINES:  # run the parts on, as few lines as they fill
        sub = [line.rstrip() for line in wrap(theme.SUBTITLE_JOIN.join(subtitle), width, sub_size)]
    params: dict[str, Any] = {
        "text": "\n".join(line.rstrip() for line in text),  # "\n" -> " " gives `title` back
        "anchor": "start",
        "limit": 0,  # never cut with "…": the lines above are already wrapped
        "fontSize": size,
        "subtitleFontSize": sub_size,
    }
    if sub:
        params["subtitle"] = sub
    return params


def _flat(title: str | Sequence[str]) -> str:
    return " ".join(_lines(title))


def _title_extent(params: dict[str, Any]) -> float:
    """About how wide (px) the longest line of a title made by `title_params` is drawn."""
    lines = [(line, params["fontSize"]) for line in str(params["text"]).split("\n")]
    lines += [(line, params["subtitleFontSize"]) for line in params.get("subtitle", [])]
    return max((text_width(line, size) for line, size in lines), default=0.0)


# ---- axes --------------------------------------------------------------------------------------

Y_TITLE_ABOVE = {  # horizontal, above the labels: no rotated (CJK) text
    "titleAngle": 0,
    "titleAlign": "right",
    "titleBaseline": "bottom",
    "titleX": -theme.AXIS_TITLE_GAP,
    "titleY": -theme.AXIS_TITLE_GAP,
}


def _band_labels(ids: list[str], spacing: float, font: int) -> dict[str, Any]:
    """Label font (and, if needed, every k-th label only) so labels `spacing` px apart never
    overlap: a label needs its font size plus 1 px."""
    size = int(min(font, spacing - 1))
    if size >= theme.AXIS_LABEL_FONT_MIN:
        return {"labelFontSize": size}
    every = math.ceil((theme.AXIS_LABEL_FONT_MIN + 1) / spacing)
    return {"labelFontSize": theme.AXIS_LABEL_FONT_MIN, "values": ids[::every]}


def _x_band_axis(labels: Sequence[str], step: float, font: int, narrow: bool) -> dict[str, Any]:
    """Column labels on top: level when each fits its column (a Chinese character always does,
    and it is unreadable on its side), else slanted when there is room, else vertical (and
    thinned if need be). `narrow`: a phone's width, where slanted labels take too much height,
    unless Chinese stands among them (beside `</s>`, say): slanted, it can still be read."""
    if len(labels) <= 1 or _label_width(labels, font) <= step - theme.LEVEL_LABEL_GAP:
        return {"labelAngle": 0, "labelFontSize": font}
    slanted = step * math.sin(math.pi / 4)  # distance between neighbouring slanted labels
    chinese = any(_wide(ch) for label in labels for ch in str(label))
    if (chinese or not narrow) and slanted >= font + 1:
        return {"labelAngle": -45, "labelFontSize": font}
    return {"labelAngle": -90, **_band_labels(label_ids(labels), step, font)}


def _label_width(labels: Sequence[str], font: int, limit: int = theme.LABEL_LIMIT) -> float:
    widest = max((text_width(str(label), font) for label in labels), default=0.0)
    return min(float(limit), widest)


# ---- cell text ----------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _light_spans(scheme: str, reverse: bool, opacity: float) -> tuple[tuple[float, float], ...]:
    """Where on the colour scale (0 = domain start, 1 = end) light text contrasts more with the
    cell than dark text; `opacity` < 1 for cells drawn faded over the background."""
    spans: list[tuple[float, float]] = []
    start: float | None = None
    step = 1.0 / _SAMPLES
    for i in range(_SAMPLES + 1):
        t = i * step
        fill = theme.mix(theme.scheme_color(scheme, 1 - t if reverse else t), opacity)
        light = theme.text_color(fill) == theme.TEXT_LIGHT
        if light and start is None:
            start = 0.0 if i == 0 else t - step / 2
        if not light and start is not None:
            spans.append((start, t - step / 2))
            start = None
    if start is not None:
        spans.append((start, 1.0))
    return tuple(spans)


def light_text_test(
    scheme: str, reverse: bool, domain: tuple[float, float], opacity: float = 1.0
) -> dict[str, Any] | None:
    """A Vega-Lite predicate on `value` that is true where cell text should be light."""
    lo, hi = domain
    tests: list[dict[str, Any]] = []
    for a, b in _light_spans(scheme, reverse, opacity):
        va, vb = lo + a * (hi - lo), lo + b * (hi - lo)
        if a <= 0.0 and b >= 1.0:
            return {"field": "value", "valid": True}
        if a <= 0.0:
            tests.append({"field": "value", "lt": vb})
        elif b >= 1.0:
            tests.append({"field": "value", "gt": va})
        else:
            tests.append({"field": "value", "range": [va, vb]})
    if not tests:
        return None
    return tests[0] if len(tests) == 1 else {"or": tests}


def number_fit(
    lo: float,
    hi: float,
    step_x: float,
    step_y: float,
    smallest: int = theme.FONT_MIN,
    biggest: int = theme.FONT_MAX,
) -> tuple[str, int] | None:
    """(format, font size) so that the widest number fits its cell, or None: numbers hidden.

    Two decimals at any font size down to `smallest` first, then one decimal.
    """
    largest = max(smallest, min(biggest, int(min(step_x, step_y) // 3)))
    for fmt in theme.NUMBER_FORMATS:
        chars = max(len(number(lo, fmt)), len(number(hi, fmt)))
        for size in range(largest, smallest - 1, -1):
            wide_enough = chars * theme.CHAR_EM * size + 2 * theme.CELL_TEXT_PAD <= step_x
            if wide_enough and size + 2 * theme.CELL_TEXT_PAD <= step_y:
                return fmt, size
    return None


# ---- heatmap ------------------------------------------------------------------------------------


def color_scale(signed: bool, domain_max: float) -> dict[str, Any]:
    """Diverging and centred on 0 for signed values; 0-1 sequential for probabilities."""
    if signed:
        m = domain_max if domain_max > 0 else 1.0
        return {
            "scheme": theme.DIVERGING_SCHEME,
            "reverse": theme.DIVERGING_REVERSE,
            "domain": [-m, m],
            "domainMid": 0,
        }
    return {"scheme": theme.PROBABILITY_SCHEME, "domain": [0, max(1.0, domain_max)]}


def _steps(
    n_rows: int,
    n_cols: int,
    span: int,
    col_min: int,
    big: bool,
    room: float,
    max_width: int | None,
    phone: bool,
) -> tuple[int, int]:
    """Cell width and height: square if there is room, narrower to fit `max_width`
    (on a phone rows keep up to PHONE_ROW: a few words over many dimensions would be a strip
    of flat cells)."""
    largest = theme.CELL_MAX_BIG if big else theme.CELL_MAX
    step_y = theme.cell_size(n_rows, span, largest=largest)
    step_x = min(step_y, theme.cell_size(n_cols, span, col_min, largest))
    if not big:  # rows no taller than the columns are wide, unless numbers need the height
        step_y = min(step_y, max(step_x, theme.NUMBERS_MIN_CELL))
    if max_width is not None:
        fits = int((max_width - room) // max(n_cols, 1))
        if fits < step_x:
            step_x = max(theme.STEP_MIN, fits)
            tallest = max(step_x, theme.PHONE_ROW) if phone else step_x
            step_y = max(theme.CELL_MIN, min(step_y, tallest))
    return step_x, step_y


def _main_steps(n_rows: int, n_cols: int, room: float, width: int) -> tuple[int, int]:
    """Cell width and height of a main chart: its columns fill `width` (labels beside them
    in `room`), its rows share about MAIN_SPAN_HEIGHT, each row tall enough for its label."""
    step_x = int(min(theme.MAIN_CELL_MAX, (width - room) // max(n_cols, 1)))
    step_x = max(theme.STEP_MIN, step_x)
    tallest = theme.MAIN_ROW_MAX
    step_y = theme.cell_size(n_rows, theme.MAIN_SPAN_HEIGHT, theme.MAIN_LABEL_FONT + 5, tallest)
    return step_x, step_y


def _x_labels_height(labels: Sequence[str], step_x: float, font: int, narrow: bool) -> float:
    """Height (px) of the column labels on top, drawn as `_x_band_axis` draws them."""
    angle = _x_band_axis(labels, step_x, font, narrow).get("labelAngle", 0)
    widest = _label_width(labels, font)
    if angle == 0:  # a level line of text: its line height, not only its font size
        return theme.LINE_EM * font
    if angle == -45:
        return (widest + font) * math.sin(math.pi / 4)
    return widest


def chart_height(
    n_rows: int,
    step_x: float,
    step_y: float,
    title_width: float,
    *,
    cols: Sequence[str],
    title: str | Sequence[str],
    subtitle: Sequence[str],
    big: bool,
    narrow: bool,
    legend: float = theme.LEGEND_BELOW,
) -> float:
    """About how tall (px) a heatmap is drawn: title, column labels and title, cells, and its
    colour bar under them (`legend` px)."""
    size = theme.BIG_TITLE if big else theme.TITLE_FONT
    sub_size = theme.BIG_LABEL if big else theme.SUBTITLE_FONT
    label_font = theme.BIG_LABEL if big else theme.AXIS_LABEL_FONT
    title_lines = sum(len(wrap(part, title_width, size)) for part in _lines(title))
    sub_lines = sum(len(wrap(part, title_width, sub_size)) for part in subtitle)
    heading = theme.LINE_EM * (title_lines * size + sub_lines * sub_size) + theme.TITLE_GAP
    axis = _x_labels_height(cols, step_x, label_font, narrow) + theme.AXIS_CHROME + label_font
    cells = n_rows * step_y
    return heading + axis + cells + legend + 2 * theme.CHART_PADDING


def _title_width(plot_width: float, max_width: int | None, big: bool) -> float:
    """Where a title wraps: at the plot and its labels; a chart given a width (a column's)
    may use all of it."""
    if max_width is None:
        return plot_width + theme.LABEL_ROOM
    return max_width - theme.SAFE_MARGIN


def _fit_height(
    height: Callable[[float, float, float], float],
    n_rows: int,
    n_cols: int,
    step_x: int,
    step_y: int,
    max_width: int | None,
    max_height: int,
    big: bool,
) -> tuple[int, int]:
    """Smaller cells until `height(step_x, step_y, title_width)` fits `max_height` (a narrower
    chart may wrap its title onto more lines, hence a few rounds)."""
    smallest = theme.BIG_LABEL + 1 if big else theme.CELL_MIN  # a row as tall as its label
    for _ in range(4):
        title_width = _title_width(step_x * n_cols, max_width, big)
        over = height(step_x, step_y, title_width) - max_height
        if over <= 0 or step_y <= smallest:
            break
        step_y = max(smallest, step_y - math.ceil(over / max(n_rows, 1)))
        # square cells; in presenter mode up to BIG_CELL_ASPECT wide, filling the width it has
        step_x = min(step_x, math.floor(step_y * (theme.BIG_CELL_ASPECT if big else 1)))
    return step_x, step_y


def _legend_beside_width(title: str, top: float, signed: bool, font: int) -> float:
    """About how wide (px) Vega draws a vertical colour bar right of the cells: its offset,
    then the bar and its end labels, or its title above them when that is wider."""
    end_label = number(-top if signed else max(1.0, top))
    bar = theme.BIG_LEGEND_THICKNESS + theme.LEGEND_LABEL_GAP + text_width(end_label, font)
    return theme.LEGEND_OFFSET + max(bar, text_width(title, font)) + theme.SAFE_MARGIN


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
    main: bool = False,
    max_width: int | None = None,
    max_height: int | None = None,
    description: str | None = None,
    phone: bool = False,
    hidden: Sequence[Sequence[bool]] | np.ndarray | None = None,
) -> Spec:
    """[n_rows, n_cols] matrix -> labelled heatmap with tooltips (and optional cell numbers).

    `max_width` (px): the whole chart, labels and legend included, fits in that width.
    `max_height` (px): the same for its height (cells get smaller, never below CELL_MIN).
    `main`: a page's main chart: as wide as `max_width` (or the main column), numbers and
    labels at least theme.MAIN_FONT. `big` (presenter mode, larger still) overrides `main`.
    `phone`: drawn on a phone (give `max_width` too), where columns stack and the screen is
    held close: rules of theme.PHONE_FONT_MIN and theme.PHONE_ROW.
    `hidden`: [n_rows, n_cols] True where a cell is left empty (no colour, no number): the
    future a causal mask hides.
    """
    main = main and not big
    m = _check(matrix, rows, cols)
    rows, cols = [str(r) for r in rows], [str(c) for c in cols]
    n_rows, n_cols = m.shape
    row_ids, col_ids = label_ids(rows), label_ids(cols)
    lo, hi = (float(m.min()), float(m.max())) if m.size else (0.0, 0.0)
    biggest = max(abs(lo), abs(hi))
    top = biggest if domain_max is None else float(domain_max)
    label_font = (
        theme.BIG_LABEL if big else theme.MAIN_LABEL_FONT if main else theme.AXIS_LABEL_FONT
    )
    narrow = max_width is not None and max_width < theme.NARROW_WIDTH
    if phone:  # a phone stacks columns: a chart meant for half a row has all of max_width
        span = theme.SPAN_FULL
    room = (
        max(
            theme.AXIS_LABEL_PAD + _label_width(rows, label_font),
            text_width(row_title, label_font + 2) + theme.AXIS_TITLE_GAP,
        )
        + theme.SAFE_MARGIN
    )
    # the colour bar under the cells, where a phone's column has room for it, except in
    # presenter mode, whose projector has room beside them and none under them (its steps fit
    # 720 px without scrolling), however narrow its column
    beside_cells = big
    if beside_cells:
        room += _legend_beside_width(value_title, top, signed, label_font)
    if main:
        step_x, step_y = _main_steps(n_rows, n_cols, room, max_width or theme.MAIN_WIDTH)
    else:
        step_x, step_y = _steps(n_rows, n_cols, span, col_min, big, room, max_width, phone)
        if max_width is None and span == theme.SPAN_FULL and not big:  # alone on its row
            step_x = max(step_x, _main_steps(n_rows, n_cols, room, theme.MAIN_WIDTH)[0])
    # the colour bar's title beside it (a line less under the cells) while both fit a phone's
    # column under the cells, the bar shortened to at least half its length if need be
    legend_title = text_width(value_title, theme.SUBTITLE_FONT)
    beside = theme.PHONE_CHART_WIDTH - room - legend_title - 2 * theme.LEGEND_OVERHANG
    title_beside = beside >= theme.LEGEND_LENGTH // 2
    legend_height = theme.LEGEND_BELOW - (theme.LEGEND_TITLE_LINE if title_beside else 0)
    if beside_cells:
        legend_height = 0
    if max_height is not None:
        size = partial(
            chart_height,
            n_rows,
            cols=cols,
            title=title,
            subtitle=_lines(subtitle),
            big=big,
            narrow=narrow,
            legend=legend_height,
        )
        step_x, step_y = _fit_height(
            size, n_rows, n_cols, step_x, step_y, max_width, max_height, big
        )
    plot_width = step_x * n_cols

    fit = None
    if show_numbers and big:  # presenter mode: large numbers first, one decimal if need be
        fit = number_fit(lo, hi, step_x, step_y, theme.FONT_MIN_BIG, theme.FONT_MAX_BIG)
    elif show_numbers and main:  # a projector's main chart: readable numbers or none
        fit = number_fit(lo, hi, step_x, step_y, theme.MAIN_FONT, theme.MAIN_FONT_MAX)
    elif show_numbers:
        fit = number_fit(lo, hi, step_x, step_y, theme.PHONE_FONT_MIN if phone else theme.FONT_MIN)
    if show_numbers and (fit is None or min(step_x, step_y) < theme.NUMBERS_MIN_CELL):
        fit = None
        if numbers_note and not big:  # (presenter mode: fitted to the screen without it)
            subtitle = [*_lines(subtitle), numbers_note]

    axis_font = {"titleFontSize": theme.BIG_LABEL} if big else {}
    x = {
        "field": "col",
        "type": "nominal",
        "sort": col_ids,
        "title": col_title,
        "axis": {
            "labelExpr": _LABEL_EXPR,
            "labelOverlap": False,
            "labelLimit": theme.LABEL_LIMIT,
            "orient": "top",
            **_x_band_axis(cols, step_x, label_font, narrow),
            **axis_font,
        },
    }
    y = {
        "field": "row",
        "type": "nominal",
        "sort": row_ids,
        "title": row_title,
        "axis": {
            "labelExpr": _LABEL_EXPR,
            "labelOverlap": False,
            "labelLimit": theme.LABEL_LIMIT,
            **_band_labels(row_ids, step_y, label_font),
            **Y_TITLE_ABOVE,
            **axis_font,
        },
    }
    tooltip = [
        {"field": "row_label", "type": "nominal", "title": row_title},
        {"field": "col_label", "type": "nominal", "title": col_title},
        {"field": "value", "type": "quantitative", "title": value_title, **tooltip_format()},
    ]
    scale = color_scale(signed, top)
    # under the cells, where it stays in view when a wide matrix scrolls sideways on a phone
    length = min(theme.LEGEND_LENGTH, max(plot_width, theme.LEGEND_LENGTH // 2))
    legend = {
        "orient": "bottom",
        "direction": "horizontal",
        "gradientLength": length,
        "gradientThickness": theme.LEGEND_THICKNESS,
        "offset": theme.LEGEND_GAP,
    }
    if beside_cells:  # a vertical bar right of the cells, its title over it, in large type:
        # the two no taller than the cells
        bar = n_rows * step_y - theme.LINE_EM * label_font - theme.LEGEND_LABEL_GAP
        legend = {
            "gradientLength": int(max(theme.LEGEND_LENGTH // 2, min(bar, theme.LEGEND_BAR_MAX))),
            "labelFontSize": label_font,
            "titleFontSize": label_font,
        }
        legend_width = 0.0
    elif title_beside:
        length = int(min(length, beside))
        legend["gradientLength"] = length
        legend["titleOrient"] = "left"
        legend_width = legend_title + length + 2 * theme.LEGEND_OVERHANG
    else:
        legend_width = max(legend_title, length + theme.LEGEND_OVERHANG)
    color = {
        "field": "value",
        "type": "quantitative",
        "scale": scale,
        "title": value_title,
        "legend": legend,
    }
    records = _records(m, rows, cols, row_ids, col_ids)
    name = dataset_name(m, rows, cols)
    if hidden is not None:
        kept = ~np.asarray(hidden, dtype=bool).reshape(m.shape)
        records = [r for r, keep in zip(records, kept.ravel().tolist(), strict=True) if keep]
        name = dataset_name(m, rows, cols, kept)
    data = {"name": name}
    highlighted = highlight_row is not None and 0 <= highlight_row < n_rows
    chosen = {"field": "row", "equal": row_ids[highlight_row]} if highlighted else None

    rect: dict[str, Any] = {
        "mark": {"type": "rect", "stroke": "white", "strokeWidth": 0.5},
        "encoding": {"x": x, "y": y, "tooltip": tooltip, "color": color},
    }
    if chosen is not None:
        rect["encoding"]["opacity"] = {
            "condition": {"test": chosen, "value": 1.0},
            "value": theme.DIMMED_OPACITY,
        }
    params = []
    if selectable:
        rect["name"] = "cells"
        params.append(click(["row"], "cells"))
    layers = [rect]
    if chosen is not None:
        layers.append(
            {
                "data": data,
                "transform": [{"filter": chosen}],
                "mark": {
                    "type": "rect",
                    "fill": None,
                    "stroke": theme.HIGHLIGHT_COLOR,
                    "strokeWidth": 2.5,
                },
                "encoding": {"x": x, "y": y, "tooltip": tooltip},
            }
        )
    if fit is not None:
        fmt, size = fit
        layers.append(_numbers_layer(x, y, tooltip, scale, chosen, fmt, size))

    text = description or (
        f"{_flat(title)} — {row_title} × {col_title}: {n_rows} × {n_cols}, "
        f"{value_title} {number(lo)} … {number(hi)}"
    )
    title_width = _title_width(plot_width, max_width, big)
    heading = title_params(title, _lines(subtitle), title_width, big)
    drawn = max(room + plot_width, room + legend_width, _title_extent(heading))
    spec = Spec(
        {
            "$schema": SCHEMA,
            "description": text,
            "datasets": {name: records},
            "data": data,
            "title": heading,
            "width": {"step": step_x},
            "height": {"step": step_y},
            "autosize": {"type": "pad"},
            "config": _LINE_BREAKS,
            "layer": layers,
            "usermeta": {FIT_WIDTH: math.ceil(drawn + 2 * theme.CHART_PADDING)},
        }
    )
    if params:
        spec["params"] = params
    return spec


def fitted(spec: Spec) -> tuple[Spec, int | str]:
    """The spec as a page shows it, and the width to give Streamlit's element (px, or "content"
    for a spec that does not say its width).

    A heatmap or bar chart is drawn at its own width when its column has room, and squeezed to
    the column when not (a phone, whatever its browser says; a narrow window): its width is the
    container's (Vega-Lite `width: "container"`, fitted with labels and legend), and Streamlit's
    element is never wider than the chart at its own size; nor are its cells ever wider than
    the builder made them. Squeezed, cell numbers shrink with their columns (left out below
    theme.PHONE_FONT_MIN), column labels that no longer fit level turn vertical, and title
    lines wider than the column are cut. The downloads keep the fixed spec (vl-convert has no
    container to fit).
    """
    width = (spec.get("usermeta") or {}).get(FIT_WIDTH)
    if not isinstance(width, int):
        return spec, "content"
    shown = {**spec, "width": "container", "autosize": {"type": "fit-x", "contains": "padding"}}
    if isinstance(spec.get("title"), dict):
        shown["title"] = _fitted_title(spec["title"])
    if isinstance(spec["width"], dict):  # a heatmap: bands `step` px wide at its own size
        shown["layer"] = _fitted_layers(spec["layer"], spec["width"]["step"])
    return shown, width


def _fitted_title(title: dict[str, Any]) -> dict[str, Any]:
    """Title params whose lines are cut with "…" at the container's width, when it is narrower
    than they are (a title wider than its chart would shrink the chart to make room). On a
    phone that says so, the builder wraps titles at its width (figures.on_phone)."""
    extent = _title_extent(title)
    if extent <= theme.PHONE_CHART_WIDTH - theme.SAFE_MARGIN:
        return title
    # (`width` read too, so that Vega works it out again when the chart is resized)
    room = f"containerSize()[0] - {2 * theme.CHART_PADDING}"
    cut = f"(width > -1 && {room} < {math.ceil(extent)}) ? {room} : 0"
    return {**title, "limit": {"expr": cut}}


def _fitted_layers(layers: list[dict[str, Any]], step: float) -> list[dict[str, Any]]:
    """The heatmap's layers with column labels and cell numbers sized by the columns drawn."""
    x = layers[0]["encoding"]["x"]
    axis = dict(x["axis"])
    font = axis["labelFontSize"]
    labels = [label[_ID_PREFIX:] for label in x["sort"]]
    level = _label_width(labels, font) + theme.LEVEL_LABEL_GAP  # px a level label needs
    # level while the labels fit their columns; the builder's choice at (about) its own width;
    # else vertical, as big as the columns (every k-th one if the builder thinned them) allow
    own = f"{_BAND} >= {step * _SQUEEZE_TOLERANCE}"
    angle = axis.get("labelAngle", 0)
    axis["labelAngle"] = {"expr": f"{_BAND} >= {level} ? 0 : {own} ? {angle} : -90"}
    every = len(x["sort"]) // max(len(axis.get("values", x["sort"])), 1)
    axis["labelFontSize"] = {
        "expr": f"({_BAND} >= {level} || {own}) ? {font} : max({theme.AXIS_LABEL_FONT_MIN}, "
        f"min({font}, floor({_BAND} * {every}) - 1))"
    }
    # columns never wider than the builder's: a title or legend wider than the cells widens
    # the chart, not its columns
    scale = {**x.get("scale", {}), "range": [0, {"expr": f"min(width, {step * len(x['sort'])})"}]}
    fitted_x = {**x, "axis": axis, "scale": scale}
    domain = layers[0]["encoding"]["color"]["scale"]["domain"]
    out = []
    for layer in layers:
        layer = {**layer, "encoding": {**layer["encoding"], "x": fitted_x}}
        mark = layer["mark"]
        if mark.get("type") == "text":  # the cell numbers (their size channel overrides the
            # builder's font size, which stays in the mark)
            fmt = layer["encoding"]["text"]["format"]
            size = _fitted_numbers(mark["fontSize"], fmt, domain, step)
            layer["encoding"] = {**layer["encoding"], "size": {"value": size}}
        out.append(layer)
    return out


def _fitted_numbers(size: int, fmt: str, domain: Sequence[float], step: float) -> dict[str, str]:
    """Cell numbers at the builder's `size` in columns of about its width; in narrower ones as
    big as the widest number of the colour scale's `domain` allows, or none (size 0) below
    theme.PHONE_FONT_MIN."""
    chars = max(len(number(float(v), fmt)) for v in domain)
    fits = f"floor(({_BAND} - {2 * theme.CELL_TEXT_PAD}) / {chars * theme.CHAR_EM})"
    shrunk = f"min({size}, {fits})"
    own = f"{_BAND} >= {step * _SQUEEZE_TOLERANCE}"
    return {"expr": f"{own} ? {size} : {shrunk} >= {theme.PHONE_FONT_MIN} ? {shrunk} : 0"}


def tooltip_format() -> dict[str, str]:
    return {"format": theme.TOOLTIP_FORMAT}


def click(fields: list[str], view: str) -> dict[str, Any]:
    """A click selection named SELECTION on the layer named `view`."""
    return {
        "name": SELECTION,
        "select": {"type": "point", "fields": fields, "on": "click"},
        "views": [view],
    }


def _numbers_layer(
    x: dict[str, Any],
    y: dict[str, Any],
    tooltip: list[dict[str, Any]],
    scale: dict[str, Any],
    chosen: dict[str, Any] | None,
    fmt: str,
    size: int,
) -> dict[str, Any]:
    """The value printed in each cell, light or dark against that cell's colour; in dimmed rows
    chosen against the faded colour and faded too."""
    scheme, reverse = scale["scheme"], bool(scale.get("reverse", False))
    domain = (float(scale["domain"][0]), float(scale["domain"][1]))
    full = light_text_test(scheme, reverse, domain)
    conditions = []
    if chosen is None:
        if full is not None:
            conditions.append({"test": full, "value": theme.TEXT_LIGHT})
    else:
        faded = light_text_test(scheme, reverse, domain, theme.DIMMED_OPACITY)
        if full is not None:
            conditions.append({"test": {"and": [chosen, full]}, "value": theme.TEXT_LIGHT})
        if faded is not None:
            test = {"and": [{"not": chosen}, faded]}
            conditions.append({"test": test, "value": theme.TEXT_LIGHT})
    color: dict[str, Any] = {"value": theme.TEXT_DARK}
    if conditions:
        color = {"condition": conditions, "value": theme.TEXT_DARK}
    encoding = {
        "x": x,
        "y": y,
        "tooltip": tooltip,
        "text": {"field": "value", "type": "quantitative", "format": fmt},
        "color": color,
    }
    if chosen is not None:
        encoding["opacity"] = {
            "condition": {"test": chosen, "value": 1.0},
            "value": theme.DIMMED_TEXT_OPACITY,
        }
    return {"mark": {"type": "text", "fontSize": size}, "encoding": encoding}


# ---- other charts ------------------------------------------------------------------------------


def ids_axis(ids: list[str], step: float, font: int = theme.AXIS_LABEL_FONT) -> dict[str, Any]:
    return {
        "labelExpr": _LABEL_EXPR,
        "labelOverlap": False,
        "labelLimit": theme.LABEL_LIMIT,
        **_band_labels(ids, step, font),
        **Y_TITLE_ABOVE,
    }


def base(title: str, description: str, width: float) -> dict[str, Any]:
    return {
        "$schema": SCHEMA,
        "description": description,
        "title": title_params(title, [], width, big=False),
        "autosize": {"type": "pad"},
        "config": _LINE_BREAKS,
    }


def bars(
    values: np.ndarray,
    labels: Sequence[str],
    *,
    title: str,
    label_title: str,
    value_title: str,
    width: int = theme.BAR_WIDTH,
    description: str | None = None,
    domain: tuple[float, float] | None = None,
    main: bool = False,
    big: bool = False,
    max_height: int | None = None,
    label_limit: int = theme.LABEL_LIMIT,
) -> Spec:
    """[n] values -> one horizontal bar per label, coloured by sign, in the given order.

    Bars with a negative value get a labelled line at 0 (a bar growing left is below zero).
    `domain`: the value axis, shared with the charts this one is compared with.
    `main`: a page's main chart: taller bars, labels at least theme.MAIN_FONT. `big`
    (presenter mode) overrides it: labels as big as a presenter heatmap's, bars as tall as fit
    in `max_height` (px, the whole chart). `label_limit` (px): longer labels are cut with "…".
    """
    v = np.asarray(values, dtype=float)
    if v.shape != (len(labels),):
        raise ValueError(f"need one value per label; got {v.shape} for {len(labels)} labels")
    labels = [str(label) for label in labels]
    ids = label_ids(labels)
    font = theme.BIG_LABEL if big else theme.MAIN_LABEL_FONT if main else theme.AXIS_LABEL_FONT
    if big:
        span = (max_height or theme.SPAN_FULL) - theme.BIG_BAR_CHROME
        step = theme.cell_size(len(labels), span, font + 5, theme.CELL_MAX_BIG)
    elif main:
        step = theme.cell_size(len(labels), theme.MAIN_SPAN_HEIGHT, font + 5, theme.MAIN_ROW_MAX)
    else:
        step = theme.cell_size(len(labels))
    name = dataset_name(v, labels)
    records = [
        {"id": i, "label": label, "value": x}
        for i, label, x in zip(ids, labels, v.tolist(), strict=True)
    ]
    lo, hi = (float(v.min()), float(v.max())) if v.size else (0.0, 0.0)
    text = description or (
        f"{title} — {label_title}: {len(labels)}, {value_title} {number(lo)} … {number(hi)}"
    )
    color = {
        "condition": {"test": {"field": "value", "gte": 0}, "value": theme.POSITIVE_COLOR},
        "value": theme.NEGATIVE_COLOR,
    }
    return bar_spec(
        title,
        text,
        (name, records),
        y={
            "field": "id",
            "sort": ids,
            "title": label_title,
            "axis": {**ids_axis(ids, step, font), "labelLimit": label_limit},
        },
        value_title=value_title,
        color=color,
        first_tip={"field": "label", "type": "nominal", "title": label_title},
        width=width,
        step=step,
        domain=domain,
        zero_rule=lo < 0 or (domain is not None and domain[0] < 0),
        label_font=font,
        big=big,
        label_room=max(
            theme.AXIS_LABEL_PAD + _label_width(labels, font, label_limit),
            text_width(label_title, font + 2) + theme.AXIS_TITLE_GAP,
        )
        + theme.SAFE_MARGIN,
    )


def zero_rule_layers(font: int = theme.AXIS_LABEL_FONT) -> list[dict[str, Any]]:
    """A line at 0 across the bars, and "0" written above it."""
    x = {"datum": 0, "type": "quantitative"}
    rule = {
        "mark": {
            "type": "rule",
            "color": theme.ZERO_COLOR,
            "strokeWidth": theme.ZERO_WIDTH,
            "aria": False,  # the value axis says where 0 is to a screen reader
        },
        "encoding": {"x": x},
    }
    label = {
        "mark": {
            "type": "text",
            "text": "0",
            "baseline": "bottom",
            "dy": -theme.ZERO_LABEL_GAP,
            "color": theme.ZERO_COLOR,
            "fontSize": font,
            "fontWeight": "bold",
            "aria": False,
        },
        "encoding": {"x": x, "y": {"value": 0}},
    }
    return [rule, label]


def bar_spec(
    title: str,
    text: str,
    data: tuple[str, list[dict[str, Any]]],
    *,
    y: dict[str, Any],
    value_title: str,
    color: dict[str, Any],
    first_tip: dict[str, Any],
    width: int,
    step: int,
    extra: dict[str, Any] | None = None,
    domain: tuple[float, float] | None = None,
    zero_rule: bool = False,
    label_font: int = theme.AXIS_LABEL_FONT,
    big: bool = False,
    label_room: float = theme.LABEL_ROOM,
) -> Spec:
    """Horizontal bars: one nominal y field, the value along x, coloured by `color`.

    `domain`: the x axis from and to these values (charts compared share it); `zero_rule`: a
    labelled line at 0 (signed values); `big`: presenter mode's title and axis titles;
    `label_room` (px): the labels (and their axis title) left of the bars."""
    name, records = data
    axis_font = {"titleFontSize": theme.BIG_LABEL} if big else {}
    value_tip = {
        "field": "value",
        "type": "quantitative",
        "title": value_title,
        **tooltip_format(),
    }
    x: dict[str, Any] = {
        "field": "value",
        "type": "quantitative",
        "title": value_title,
        "axis": {"labelFontSize": label_font, **axis_font},
    }
    if domain is not None:
        lo, hi = min(domain[0], 0.0), max(domain[1], 0.0)
        x["scale"] = {"domain": [lo, hi] if hi > lo else [lo, lo + 1.0], "nice": False}
    if big:
        y = {**y, "axis": {**y.get("axis", {}), **axis_font}}
    bars_layer = {
        "mark": {"type": "bar"},
        "encoding": {
            "y": {"type": "nominal", **y},
            **(extra or {}),
            "x": x,
            "color": color,
            "tooltip": [first_tip, value_tip],
        },
    }
    drawn = width + max(label_room, theme.LABEL_ROOM)
    spec = Spec(
        {
            **base(title, text, drawn),
            "datasets": {name: records},
            "data": {"name": name},
            "layer": [bars_layer, *(zero_rule_layers(label_font) if zero_rule else [])],
            "width": width,
            "height": {"step": step},
            "usermeta": {FIT_WIDTH: math.ceil(drawn + 2 * theme.CHART_PADDING)},
        }
    )
    if big:
        spec["title"] = title_params(title, [], drawn, big=True)
    return spec


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
    height: int = LINE_HEIGHT,
    x_domain: tuple[float, float] | None = None,
    y_domain: tuple[float, float] | None = None,
    font: int | None = None,
) -> Spec:
    """Curves (loss, accuracy) from a long-form frame; the legend above the plot, where it
    stays in view on a narrow screen. Fixed domains keep the axes still while a curve grows
    (a training show); `font` sizes its axes (a projector's)."""
    x_field: dict[str, Any] = {"field": x, "type": "quantitative", "title": x_title}
    y_field: dict[str, Any] = {
        "field": y,
        "type": "quantitative",
        "title": y_title,
        "axis": dict(Y_TITLE_ABOVE),
    }
    for field_, domain in ((x_field, x_domain), (y_field, y_domain)):
        if domain is not None:
            field_["scale"] = {"domain": list(domain)}
        if font is not None:  # a projector's: read from the back of the room
            axis = field_.setdefault("axis", {})
            axis |= {"labelFontSize": font, "titleFontSize": font}
    encoding: dict[str, Any] = {
        "x": x_field,
        "y": y_field,
        "tooltip": [
            {"field": x, "type": "quantitative", "title": x_title},
            {"field": y, "type": "quantitative", "title": y_title, **tooltip_format()},
        ],
    }
    if series:
        encoding["color"] = {
            "field": series,
            "type": "nominal",
            "title": None,
            "legend": SERIES_LEGEND,
        }
    name, records = frame_records(frame)
    xs = frame[x].to_numpy(dtype=float) if len(frame) else np.zeros(1)
    ys = frame[y].to_numpy(dtype=float) if len(frame) else np.zeros(1)
    text = description or (
        f"{title} — {x_title} {number(xs.min(), 'g')} … {number(xs.max(), 'g')}, "
        f"{y_title} {number(ys.min())} … {number(ys.max())}"
    )
    heading = {"title": title_params(title, [], width + theme.LABEL_ROOM, big=font is not None)}
    return Spec(
        {
            **base(title, text, width + theme.LABEL_ROOM),
            **(heading if font is not None else {}),  # a projector's: its title large too
            "datasets": {name: records},
            "data": {"name": name},
            "mark": {"type": "line"},
            "encoding": encoding,
            "width": width,
            "height": height,
        }
    )


def head_image_grid(
    urls: Sequence[str],
    n_layers: int,
    n_heads: int,
    *,
    chosen: tuple[int, int],
    size: int,
    height: int | None = None,
    layers_across: bool = False,
    title: str,
    layer_title: str,
    head_title: str,
    tooltip_title: str,
) -> Spec:
    """One image per head (`urls` layer-major: layer 0's heads first), clickable, the chosen
    (layer, head) outlined; layers down, or across (SmolLM2's 30 on a projector). Each image is
    `size` px wide and `height` px high (default: square; flatter, a grid of many layers still
    fits a screen's height). A point's `row` is its layer and its `col` its head, whichever
    way they are drawn (controls.head_grid reads them)."""
    if len(urls) != n_layers * n_heads:
        raise ValueError(
            f"need {n_layers * n_heads} images for {n_layers} x {n_heads} heads; got {len(urls)}"
        )
    records = [
        {"row": ly, "col": hd, "url": urls[ly * n_heads + hd], "label": f"{ly} · {hd}"}
        for ly in range(n_layers)
        for hd in range(n_heads)
    ]
    name = dataset_name(list(urls), n_layers, n_heads)
    font = theme.MAIN_LABEL_FONT
    layer_axis = {"field": "row", "type": "ordinal", "title": layer_title}
    head_axis = {"field": "col", "type": "ordinal", "title": head_title}
    across, down = (layer_axis, head_axis) if layers_across else (head_axis, layer_axis)
    x = {**across, "axis": {"orient": "top", "labelAngle": 0, "labelFontSize": font}}
    y = {**down, "axis": {**Y_TITLE_ABOVE, "labelFontSize": font}}
    high = size if height is None else height
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
    picked = [{"field": "row", "equal": chosen[0]}, {"field": "col", "equal": chosen[1]}]
    outline = {
        "data": {"name": name},
        "transform": [{"filter": {"and": picked}}],
        "mark": {"type": "rect", "fill": None, "stroke": theme.HIGHLIGHT_COLOR, "strokeWidth": 3},
        "encoding": {"x": x, "y": y},
    }
    step = size + theme.THUMB_GAP
    n_across = n_layers if layers_across else n_heads
    return Spec(
        {
            **base(
                title,
                f"{title} — {layer_title} × {head_title}: {n_layers} × {n_heads}",
                step * n_across + theme.LABEL_ROOM,
            ),
            "datasets": {name: records},
            "data": {"name": name},
            "layer": [images, outline],
            "params": [click(["row", "col"], "images")],
            "width": {"step": step},
            "height": {"step": high + theme.THUMB_GAP},
        }
    )


def frame_records(frame: pd.DataFrame) -> tuple[str, list[dict[str, Any]]]:
    records = frame.to_dict("records")
    return dataset_name(frame.to_numpy().tolist(), list(frame.columns)), records
