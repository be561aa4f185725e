"""The class page's own chart: the votes, as the projector shows them after a reveal.

One group of bars per option, in the order the students saw the options; one bar per round
inside a group; each bar labelled with its count and its share of that round's answers. The
computed answer's group stands on a light band and its label carries a ✓ (a mark that does not
depend on colour), in bold. Sizes are for a 1280×720 projector read from the back of a room.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ui import charts, theme
from ui.charts import Spec

VOTES_WIDTH = theme.MAIN_WIDTH - 2 * theme.CHART_PADDING - theme.SAFE_MARGIN  # px: the plot
VOTES_HEIGHT = 300  # px: the whole chart, under a question on a 720 px screen
OPTION_FONT = 24  # px: the options' labels under their groups
BAR_FONT = 22  # px: count and share over each bar
LEGEND_FONT = 22  # px: the rounds' names (and the ✓ entry) above the plot
LEGEND_SYMBOL = LEGEND_FONT**2  # px²: a legend square as tall as its text
LEGEND_ROOM = 44  # px: the legend above the plot, with its gap
OPTION_LINES = 2  # lines an option's label may wrap to under its group (the rest is cut)
OPTION_LABEL_PAD = 8  # px: between the baseline and the options' labels
VERTICAL_LABEL_LIMIT = 140  # px: an option label turned on its side is cut at this length
LINE_EM = 1.2  # height of a line of bar or option text, in font sizes
BAR_LABEL_GAP = 4  # px: between a bar's top and its label
GROUP_GAP = 0.25  # share of a group's width left free between groups
ROUND_GAP = 0.06  # share of a bar's width left free between the rounds of a group
MIN_BAR_SPAN = 40  # px: the tallest bar is at least this tall, whatever its label takes
# Rounds in one hue, light (the first) to dark (the latest), from the app's probability
# scheme; the lightest still contrasts about 3:1 with the white page.
ROUND_SCHEME = theme.PROBABILITY_SCHEME
ROUND_SHADES = (0.55, 1.0)  # where on that scheme the first and the latest round sit
RIGHT_BAND = "#d5f0dc"  # light green behind the computed answer's group
RIGHT_COLOR = "#1e7b3c"  # its label (bold, with ✓) and the outline of its bars
RIGHT_OUTLINE = 3  # px
RIGHT_MARK = "✓"
BASELINE_COLOR = theme.ZERO_COLOR  # the line the bars stand on: a 0 bar is a label on it
BASELINE_WIDTH = 2  # px


def vote_shares(counts: Sequence[int]) -> tuple[float, ...]:
    """[n] answer counts -> each one's share of their total (all 0.0 when nobody answered)."""
    values = [int(c) for c in counts]
    if any(c < 0 for c in values):
        raise ValueError(f"vote counts cannot be negative; got {values}")
    total = sum(values)
    return tuple(c / total if total else 0.0 for c in values)


def round_colors(n: int) -> tuple[str, ...]:
    """n rounds' colours: evenly spaced shades, the latest round the darkest."""
    lo, hi = ROUND_SHADES
    if n == 1:
        return (theme.scheme_color(ROUND_SCHEME, hi),)
    return tuple(theme.scheme_color(ROUND_SCHEME, lo + (hi - lo) * i / (n - 1)) for i in range(n))


def votes_chart(
    options: Sequence[str],
    correct: Collection[int],
    rounds: Mapping[str, Sequence[int]],
    *,
    right_label: str,
    count_label: str,
    width: int = VOTES_WIDTH,
    height: int = VOTES_HEIGHT,
) -> Spec:
    """The class's votes as grouped bars; a Vega-Lite spec (show it with figures.show_spec).

    options: the options' plain labels, in screen order. correct: positions in `options` of
    the computed answer. rounds: each round's name as shown ("Round 1") -> its counts, one per
    option in the same order, drawn in the mapping's order (pass a round nobody answered as
    zeros). right_label: the legend's name for ✓ ("Computed answer"); count_label: what the
    numbers count ("answers"), for screen readers. width (px): the plot; height (px): the
    whole chart.
    """
    labels = [str(option) for option in options]
    _check(labels, correct, rounds)
    counts = {str(name): [int(c) for c in values] for name, values in rounds.items()}
    names = list(counts)
    right = frozenset(int(i) for i in correct)
    ids = charts.label_ids(labels)
    shares = {name: vote_shares(counts[name]) for name in names}
    texts = {
        name: [_count_text(c, s) for c, s in zip(counts[name], shares[name], strict=True)]
        for name in names
    }

    group = width / len(labels)  # px: one option's group
    bar = group * (1 - GROUP_GAP) / len(names)  # px: one round's bar in it
    layout, label_room = _bar_label_layout(texts, bar)
    lines, vertical = _option_lines(labels, right, group * (1 - GROUP_GAP / 2))
    option_room = OPTION_LABEL_PAD + (
        min(VERTICAL_LABEL_LIMIT, max(charts.text_width(line[0], OPTION_FONT) for line in lines))
        if vertical
        else max(len(line) for line in lines) * OPTION_FONT * LINE_EM
    )
    plot = max(round(height - LEGEND_ROOM - option_room - 2 * theme.CHART_PADDING), MIN_BAR_SPAN)
    most = max((c for name in names for c in counts[name]), default=0)
    # the y scale reaches past the tallest bar by its label's height: every label stays inside
    top = max(most, 1) * plot / max(plot - label_room, MIN_BAR_SPAN)

    records = [
        {
            "option": ids[i],
            "label": labels[i],
            "round": name,
            "count": counts[name][i],
            "share": shares[name][i],
            "text": texts[name][i],
            "share_text": _percent(shares[name][i]),
            "right": i in right,
        }
        for i in range(len(labels))
        for name in names
    ]
    data_name = charts.dataset_name(labels, sorted(right), names, counts)
    right_entry = f"{RIGHT_MARK} {right_label}"
    color_domain = [*names, *([right_entry] if right else [])]
    color_range = [*round_colors(len(names)), *([RIGHT_BAND] if right else [])]
    x = {
        "field": "option",
        "type": "nominal",
        "sort": ids,
        "title": None,
        "scale": {"paddingInner": GROUP_GAP, "paddingOuter": GROUP_GAP / 2},
        "axis": _option_axis(ids, lines, right, vertical, group),
    }
    x_offset = {
        "field": "round",
        "type": "nominal",
        "sort": names,
        "scale": {"paddingInner": ROUND_GAP},
    }
    color = {
        "field": "round",
        "type": "nominal",
        "title": None,
        "scale": {"domain": color_domain, "range": color_range},
        "legend": {
            "orient": "top",
            "direction": "horizontal",
            "labelFontSize": LEGEND_FONT,
            "symbolType": "square",
            "symbolSize": LEGEND_SYMBOL,
            "symbolStrokeWidth": 0,
            "labelLimit": 0,
            "columnPadding": LEGEND_FONT,
        },
    }
    y = {
        "field": "count",
        "type": "quantitative",
        "title": count_label,
        "axis": None,  # every bar says its count
        "scale": {"domain": [0, top], "nice": False, "zero": True},
    }
    is_right = {"field": "right", "equal": True}
    bars = {
        "mark": {"type": "bar", "strokeWidth": RIGHT_OUTLINE},
        "encoding": {
            "x": x,
            "xOffset": x_offset,
            "y": y,
            "color": color,
            "stroke": {"condition": {"test": is_right, "value": RIGHT_COLOR}, "value": None},
        },
    }
    numbers = [
        {
            "mark": {
                "type": "text",
                "fontSize": BAR_FONT,
                "fontWeight": "bold",
                "color": theme.TEXT_DARK,
                "aria": False,  # the description says every count
                **mark,
            },
            "encoding": {"x": x, "xOffset": x_offset, "y": y, "text": {"field": field}},
        }
        for field, mark in _LABEL_MARKS[layout]
    ]
    baseline = {
        "mark": {
            "type": "rule",
            "color": BASELINE_COLOR,
            "strokeWidth": BASELINE_WIDTH,
            "aria": False,
        },
        "encoding": {"y": {"datum": 0, "type": "quantitative", "scale": y["scale"]}},
    }
    layers = [bars, *numbers, baseline]
    if right:
        band = {
            "data": {"values": [{"option": ids[i], "key": right_entry} for i in sorted(right)]},
            "mark": {"type": "rect", "aria": False},
            "encoding": {"x": x, "color": {"field": "key", "type": "nominal"}},
        }
        layers.insert(0, band)
    drawn = width + 2 * theme.CHART_PADDING
    return Spec(
        {
            "$schema": charts.SCHEMA,
            "description": _description(labels, right, names, texts, right_label, count_label),
            "autosize": {"type": "pad"},
            "datasets": {data_name: records},
            "data": {"name": data_name},
            "layer": layers,
            "width": width,
            "height": plot,
            "view": {"stroke": None},
            "usermeta": {charts.FIT_WIDTH: drawn},
        }
    )


def _check(
    labels: list[str], correct: Collection[int], rounds: Mapping[str, Sequence[int]]
) -> None:
    if not labels:
        raise ValueError("votes_chart needs at least one option")
    if not rounds:
        raise ValueError("votes_chart needs at least one round; pass a round nobody answered as 0s")
    for name, counts in rounds.items():
        if len(counts) != len(labels):
            raise ValueError(
                f"round {name!r} has {len(counts)} counts for {len(labels)} options: "
                "give one count per option, in the options' order (0 for none)"
            )
    outside = sorted(int(i) for i in correct if not 0 <= int(i) < len(labels))
    if outside:
        raise ValueError(
            f"correct holds positions {outside} outside the {len(labels)} options (0-based)"
        )


def _percent(share: float) -> str:
    return f"{share:.0%}"


def _count_text(count: int, share: float) -> str:
    return f"{count} ({_percent(share)})"


# bar labels, as (field, mark settings) per text layer: "3 (75%)" on one line over each bar;
# the count over the share ("3" over "75%"); or "3 (75%)" on its side, up from the bar's top
_LABEL_MARKS: dict[str, tuple[tuple[str, dict[str, Any]], ...]] = {
    "line": (("text", {"baseline": "bottom", "dy": -BAR_LABEL_GAP}),),
    "stacked": (
        ("count", {"baseline": "bottom", "dy": -BAR_LABEL_GAP - round(BAR_FONT * LINE_EM)}),
        ("share_text", {"baseline": "bottom", "dy": -BAR_LABEL_GAP}),
    ),
    "vertical": (
        ("text", {"angle": 270, "align": "left", "baseline": "middle", "dx": BAR_LABEL_GAP}),
    ),
}


def _bar_label_layout(texts: Mapping[str, list[str]], bar: float) -> tuple[str, float]:
    """How bar labels fit bars `bar` px wide, and the height (px) they take over a bar."""
    every = [text for name in texts for text in texts[name]]
    one_line = max(charts.text_width(text, BAR_FONT) for text in every)
    if one_line <= bar:
        return "line", BAR_FONT * LINE_EM + BAR_LABEL_GAP
    parts = [part.strip("()") for text in every for part in text.split(" ")]
    if max(charts.text_width(part, BAR_FONT) for part in parts) <= bar:
        return "stacked", 2 * BAR_FONT * LINE_EM + BAR_LABEL_GAP
    return "vertical", one_line + BAR_LABEL_GAP


def _option_lines(
    labels: list[str], right: frozenset[int], room: float
) -> tuple[list[list[str]], bool]:
    """Each option's label (✓ in front of the computed answer) in lines at most `room` px
    wide, and whether they must be turned on their side instead (a word wider than `room`)."""
    marked = [f"{RIGHT_MARK} {label}" if i in right else label for i, label in enumerate(labels)]
    lines = [[line.rstrip() for line in charts.wrap(text, room, OPTION_FONT)] for text in marked]
    if any(charts.text_width(line, OPTION_FONT) > room for wrapped in lines for line in wrapped):
        return [[text] for text in marked], True
    # a label longer than OPTION_LINES lines runs on in its last line, cut there with "…"
    return [_first_lines(wrapped) for wrapped in lines], False


def _first_lines(lines: list[str]) -> list[str]:
    """At most OPTION_LINES lines: the rest runs on in the last (the axis cuts it with "…")."""
    if len(lines) <= OPTION_LINES:
        return lines or [""]
    return [*lines[: OPTION_LINES - 1], " ".join(lines[OPTION_LINES - 1 :])]


def _option_axis(
    ids: list[str], lines: list[list[str]], right: frozenset[int], vertical: bool, group: float
) -> dict[str, Any]:
    """The options' labels: looked up by position (a repeated word stays two groups), the
    computed answer's in bold and green."""
    position = f"toNumber(slice(datum.value, 0, {len(ids[0].split('|', 1)[0])}))"
    right_ids = json.dumps([ids[i] for i in sorted(right)])
    is_right = f"indexof({right_ids}, datum.value) >= 0"
    text = json.dumps([line if len(line) > 1 else line[0] for line in lines], ensure_ascii=False)
    return {
        "labelExpr": f"{text}[{position}]",
        "labelFontSize": OPTION_FONT,
        "labelColor": {"expr": f"{is_right} ? '{RIGHT_COLOR}' : '{theme.TEXT_DARK}'"},
        "labelFontWeight": {"expr": f"{is_right} ? 'bold' : 'normal'"},
        "labelAngle": -90 if vertical else 0,
        "labelAlign": "right" if vertical else "center",
        "labelBaseline": "middle" if vertical else "top",
        "labelLimit": VERTICAL_LABEL_LIMIT if vertical else round(group),
        "labelLineHeight": round(OPTION_FONT * LINE_EM),
        "labelOverlap": False,
        "labelPadding": OPTION_LABEL_PAD,
        "ticks": False,
        "domain": False,
    }


def _description(
    labels: list[str],
    right: frozenset[int],
    names: list[str],
    texts: Mapping[str, list[str]],
    right_label: str,
    count_label: str,
) -> str:
    """What the chart shows, for a screen reader: every round's counts, and the ✓ answer."""
    rounds = [
        f"{name}: "
        + ", ".join(f"{label} {text}" for label, text in zip(labels, texts[name], strict=True))
        for name in names
    ]
    answer = ", ".join(labels[i] for i in sorted(right))
    return f"{count_label} — " + "; ".join(rounds) + (f". {right_label}: {answer}" if right else "")
