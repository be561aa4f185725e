"""Chart builders, checked on the Vega-Lite dicts they return."""

import json
import math

import numpy as np
import pandas as pd
import pytest

from app_pages.learn.charts import grouped_bars
from ui import theme
from ui.charts import (
    bars,
    fitted,
    head_image_grid,
    heatmap,
    id_index,
    label_ids,
    line_chart,
    text_width,
    wrap,
)


def _spec(**kw):
    m = kw.pop("matrix", np.array([[0.5, -2.0, 1.0], [0.0, 3.0, -1.0]]))
    rows = kw.pop("rows", ["the", "cat"])
    cols = kw.pop("cols", ["the", "cat", "the"])
    kw.setdefault("title", "T")
    spec = heatmap(m, rows, cols, row_title="query", col_title="key", value_title="v", **kw)
    assert type(json.loads(json.dumps(spec))) is dict  # plain JSON, no Altair objects
    return spec


def _data(spec):
    (values,) = spec["datasets"].values() if len(spec["datasets"]) == 1 else [None]
    return values


def test_repeated_words_stay_separate():
    spec = _spec()
    layer = spec["layer"][0]
    assert layer["encoding"]["x"]["sort"] == ["000|the", "001|cat", "002|the"]
    assert layer["encoding"]["y"]["sort"] == ["000|the", "001|cat"]
    assert "substring(datum.value, 4)" in layer["encoding"]["x"]["axis"]["labelExpr"]
    records = _data(spec)
    assert len(records) == 6
    assert {r["col"] for r in records} == {"000|the", "001|cat", "002|the"}
    assert [r["value"] for r in records] == [0.5, -2.0, 1.0, 0.0, 3.0, -1.0]


def test_signed_scale_is_diverging_and_symmetric():
    scale = _spec()["layer"][0]["encoding"]["color"]["scale"]
    assert scale["scheme"] == theme.DIVERGING_SCHEME
    assert scale["domain"] == [-3.0, 3.0] and scale["domainMid"] == 0


def test_probability_scale_is_zero_to_one():
    spec = _spec(matrix=np.array([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0]]), signed=False)
    scale = spec["layer"][0]["encoding"]["color"]["scale"]
    assert scale["scheme"] == theme.PROBABILITY_SCHEME and scale["domain"] == [0, 1.0]


def test_tooltip_has_both_words_and_value():
    tooltip = _spec()["layer"][0]["encoding"]["tooltip"]
    assert [t["field"] for t in tooltip] == ["row_label", "col_label", "value"]
    assert [t["title"] for t in tooltip] == ["query", "key", "v"]


def test_numbers_layer_and_highlight_and_selection():
    plain = _spec()
    assert len(plain["layer"]) == 1
    spec = _spec(show_numbers=True, highlight_row=1, selectable=True)
    marks = [layer["mark"]["type"] for layer in spec["layer"]]
    assert marks == ["rect", "rect", "text"]
    assert spec["layer"][2]["encoding"]["text"]["format"] == theme.NUMBER_FORMAT
    assert "opacity" in spec["layer"][0]["encoding"]
    assert any(p.get("name") == "cell" for p in spec.get("params", []))


def test_cell_size_adapts_to_length():
    small = _spec()
    big = heatmap(
        np.zeros((64, 64)),
        [str(i) for i in range(64)],
        [str(i) for i in range(64)],
        title="T",
        row_title="q",
        col_title="k",
        value_title="v",
    )
    assert small["width"]["step"] > big["width"]["step"] >= theme.CELL_MIN
    assert small["autosize"]["type"] == "pad"


def test_bad_input_is_refused_with_a_clear_error():
    with pytest.raises(ValueError, match="does not match"):
        heatmap(
            np.zeros((2, 2)),
            ["a"],
            ["a", "b"],
            title="",
            row_title="",
            col_title="",
            value_title="",
        )
    with pytest.raises(ValueError, match="finite"):
        heatmap(
            np.array([[np.nan]]), ["a"], ["b"], title="", row_title="", col_title="", value_title=""
        )


def test_ids_round_trip():
    ids = label_ids(["a", "b|c", "a"])
    assert ids == ["000|a", "001|b|c", "002|a"]
    assert [id_index(i) for i in ids] == [0, 1, 2]


def test_bars_colour_by_sign():
    spec = bars(np.array([1.0, -1.0]), ["x", "x"], title="t", label_title="k", value_title="v")
    encoding = spec["layer"][0]["encoding"]
    assert encoding["y"]["sort"] == ["000|x", "001|x"]
    assert "condition" in encoding["color"]


def _holds(test, record):
    """Evaluate a Vega-Lite predicate (the kinds the builders write) on one data record."""
    if "and" in test:
        return all(_holds(t, record) for t in test["and"])
    if "or" in test:
        return any(_holds(t, record) for t in test["or"])
    if "not" in test:
        return not _holds(test["not"], record)
    v = record[test["field"]]
    if "equal" in test:
        return v == test["equal"]
    if "lt" in test:
        return v < test["lt"]
    if "gt" in test:
        return v > test["gt"]
    if "range" in test:
        return test["range"][0] <= v <= test["range"][1]
    raise AssertionError(f"unknown predicate {test}")


def _ink(encoding, record):
    color = encoding["color"]
    conditions = color.get("condition", [])
    for c in conditions if isinstance(conditions, list) else [conditions]:
        if _holds(c["test"], record):
            return c["value"]
    return color["value"]


def _numbers(spec):
    (layer,) = [la for la in spec["layer"] if la["mark"]["type"] == "text"]
    return layer


def test_cell_text_contrasts_with_its_own_cell():
    m = np.array([[3.0, 2.4, 1.2, 0.0, -1.2, -2.4, -3.0]])
    cols = [str(i) for i in range(7)]
    spec = _spec(matrix=m, rows=["a"], cols=cols, show_numbers=True, span=2000)
    layer = _numbers(spec)
    inks = [_ink(layer["encoding"], r) for r in _data(spec)]
    # the fill Vega draws: reversed redblue on [-3, 3]; +3 is the dark red end, 0 near white
    assert inks[0] == theme.TEXT_LIGHT and inks[-1] == theme.TEXT_LIGHT
    assert inks[3] == theme.TEXT_DARK
    for value, ink in zip(m[0], inks, strict=True):
        fill = theme.scheme_color("redblue", 1 - (value + 3) / 6)
        best = max((theme.TEXT_LIGHT, theme.TEXT_DARK), key=lambda c: theme.contrast_ratio(c, fill))
        assert ink == best, (value, fill)
        assert theme.contrast_ratio(ink, fill) >= 4.5


def test_probability_text_turns_light_on_dark_blue():
    m = np.array([[1.0, 0.05]])
    spec = _spec(matrix=m, rows=["a"], cols=["a", "b"], signed=False, show_numbers=True)
    layer = _numbers(spec)
    records = _data(spec)
    assert [_ink(layer["encoding"], r) for r in records] == [theme.TEXT_LIGHT, theme.TEXT_DARK]


def test_dimmed_rows_dim_their_numbers_and_pick_ink_for_the_faded_cell():
    m = np.array([[3.0, -3.0], [3.0, 0.0]])
    spec = _spec(matrix=m, rows=["a", "b"], cols=["a", "b"], show_numbers=True, highlight_row=1)
    layer = _numbers(spec)
    records = _data(spec)
    inks = {(r["row"], r["col"]): _ink(layer["encoding"], r) for r in records}
    assert inks[("001|b", "000|a")] == theme.TEXT_LIGHT  # chosen row, dark red cell
    faded = theme.mix(theme.scheme_color("redblue", 0.0), theme.DIMMED_OPACITY)
    assert theme.text_color(faded) == theme.TEXT_DARK
    assert inks[("000|a", "000|a")] == theme.TEXT_DARK  # same red, faded: dark text
    opacity = layer["encoding"]["opacity"]
    assert opacity["value"] == theme.DIMMED_TEXT_OPACITY
    assert opacity["condition"]["test"] == {"field": "row", "equal": "001|b"}


def test_numbers_too_wide_for_the_cell_are_not_drawn():
    m = np.array([[-19.59, 3.0], [1.0, 0.5]])
    wide = _spec(matrix=m, rows=["a", "b"], cols=["a", "b"], show_numbers=True)
    assert _numbers(wide)["encoding"]["text"]["format"] == ".2f"
    fmt, size = _numbers(wide)["encoding"]["text"]["format"], _numbers(wide)["mark"]["fontSize"]
    step = wide["width"]["step"]
    assert len("−19.59") * theme.CHAR_EM * size + 2 * theme.CELL_TEXT_PAD <= step, fmt
    narrow = _spec(
        matrix=m,
        rows=["a", "b"],
        cols=["a", "b"],
        show_numbers=True,
        max_width=104,
        numbers_note="too small",
    )
    # big enough for numbers in general, too narrow for "−19.6" even at the smallest font
    assert (
        theme.NUMBERS_MIN_CELL <= narrow["width"]["step"] < 5 * theme.CHAR_EM * theme.FONT_MIN + 4
    )
    assert [la["mark"]["type"] for la in narrow["layer"]] == ["rect"]
    assert narrow["title"]["subtitle"][-1] == "too small"


def test_precision_drops_before_numbers_are_hidden():
    m = np.array([[-19.59, 3.0]])
    spec = _spec(matrix=m, rows=["a"], cols=["a", "b"], show_numbers=True, max_width=180)
    text = _numbers(spec)
    step, size = spec["width"]["step"], text["mark"]["fontSize"]
    chars = len(format(-19.59, text["encoding"]["text"]["format"]))
    assert chars * theme.CHAR_EM * size + 2 * theme.CELL_TEXT_PAD <= step


@pytest.mark.parametrize("n", [11, 30, 45, 64])
@pytest.mark.parametrize("span", [theme.SPAN_FULL, theme.SPAN_HALF, theme.SPAN_QUARTER])
def test_axis_labels_never_overlap(n, span):
    words = [f"w{i}" for i in range(n)]
    for col_min in (theme.CELL_MIN, theme.CELL_MIN_WIDTH):
        spec = _spec(matrix=np.zeros((n, n)), rows=words, cols=words, span=span, col_min=col_min)
        x, y = (spec["layer"][0]["encoding"][k] for k in ("x", "y"))
        for enc, step in ((x, spec["width"]["step"]), (y, spec["height"]["step"])):
            axis = enc["axis"]
            shown = axis.get("values", enc["sort"])
            every = enc["sort"].index(shown[1]) if len(shown) > 1 else 1
            spacing = step * every
            if axis.get("labelAngle") == -45:
                spacing *= 0.7071
            if enc is x and axis.get("labelAngle") == 0:  # level: each label within its column
                assert max(text_width(w, axis["labelFontSize"]) for w in words) < step
            assert axis["labelFontSize"] + 1 <= spacing, (n, span, axis)
            assert axis["labelFontSize"] >= theme.AXIS_LABEL_FONT_MIN
        assert "values" not in y["axis"]  # every word keeps its row label
        if col_min == theme.CELL_MIN:
            assert "values" not in x["axis"]  # and its column label


def test_long_titles_wrap_at_words_and_are_never_cut():
    title = "a term is red when A and B agree on a dimension, blue when they disagree"
    spec = _spec(title=title)
    lines = spec["title"]["text"].split("\n")
    assert len(lines) > 1 and " ".join(lines) == title and "…" not in spec["title"]["text"]
    assert spec["title"].get("limit", 0) == 0  # Vega never cuts it
    width = spec["width"]["step"] * 3 + theme.LABEL_ROOM
    assert all(text_width(line, theme.TITLE_FONT) <= width for line in lines)
    assert all(line.split(" ")[-1] in title.split(" ") for line in lines)
    assert spec["config"]["style"]["group-title"]["lineBreak"] == "\n"


def test_cjk_titles_wrap_between_characters():
    lines = wrap("注意力分数：每个查询词与每个键词的点积，再除以根号", 100, 16)
    assert len(lines) > 1 and "".join(lines) == "注意力分数：每个查询词与每个键词的点积，再除以根号"
    assert all(text_width(line, 16) <= 100 for line in lines)
    assert not any(line.startswith(("，", "：")) for line in lines)


def test_cjk_wrapping_keeps_units_whole():
    text = "MiniLM · 平均 JS 0.1234 比特"
    for width in range(60, 300, 4):  # wherever the line breaks, never between 比 and 特
        lines = wrap(text, width, 12)
        assert "".join(lines) == text and not any(line.startswith("特") for line in lines)


def test_a_phone_chart_prints_readable_numbers_or_none_and_keeps_its_rows_tall():
    rng = np.random.default_rng(0)
    words = ["the", "black", "cat", "drank"]
    q = rng.uniform(-3, 3, (4, 8))  # Q: 8 dimensions, numbers like −2.71
    cols = [str(i) for i in range(8)]
    grid = {"span": theme.SPAN_QUARTER, "show_numbers": True, "max_width": 340}  # a grid cell
    spec = _spec(matrix=q, rows=words, cols=cols, phone=True, **grid)
    assert _numbers(spec)["mark"]["fontSize"] >= theme.PHONE_FONT_MIN
    on_a_phone = spec["width"]["step"]
    in_a_column = _spec(matrix=q, rows=words, cols=cols, **grid)["width"]["step"]
    assert on_a_phone > in_a_column  # the phone's whole width, not half a row
    x = rng.uniform(-1, 1, (4, 16))  # X: 16 dimensions squeezed to 18 px columns
    spec = _spec(
        matrix=x,
        rows=words,
        cols=[str(i) for i in range(16)],
        max_width=340,
        phone=True,
        show_numbers=True,
        numbers_note="tap",
    )
    assert spec["width"]["step"] < theme.PHONE_ROW <= spec["height"]["step"]
    assert [la["mark"]["type"] for la in spec["layer"]] == ["rect"]  # too small for numbers
    desktop = _spec(matrix=x, rows=words, cols=[str(i) for i in range(16)], max_width=700)
    assert desktop["height"]["step"] <= desktop["width"]["step"]  # square or flatter elsewhere


def test_max_width_fits_a_phone_with_the_legend_underneath():
    words = [f"w{i}" for i in range(30)]
    spec = _spec(matrix=np.ones((30, 30)), rows=words, cols=words, max_width=358)
    color = spec["layer"][0]["encoding"]["color"]
    assert color["legend"]["orient"] == "bottom" and color["legend"]["direction"] == "horizontal"
    label_room = theme.AXIS_LABEL_PAD + text_width("w29", theme.AXIS_LABEL_FONT)
    assert label_room + 30 * spec["width"]["step"] + theme.SAFE_MARGIN <= 358
    assert spec["layer"][0]["encoding"]["x"]["axis"]["labelAngle"] == -90
    wide = _spec(matrix=np.ones((30, 30)), rows=words, cols=words)
    assert wide["width"]["step"] > spec["width"]["step"]


@pytest.mark.parametrize("max_width", [358, None])
def test_column_labels_that_fit_their_column_stay_level(max_width):
    """Chinese characters on their side cannot be read: a label that fits its column is level,
    on a phone as on a projector; one that does not is slanted or vertical."""
    zh = ["[CLS]", "黑", "猫", "喝", "水", "[SEP]"]
    spec = _spec(matrix=np.ones((6, 6)), rows=zh, cols=[*zh[1:5], "。", "了"], max_width=max_width)
    assert spec["layer"][0]["encoding"]["x"]["axis"]["labelAngle"] == 0
    words = "the animal did not cross the street because it was too tired".split()
    spec = _spec(matrix=np.ones((12, 12)), rows=words, cols=words, max_width=max_width)
    axis, step = spec["layer"][0]["encoding"]["x"]["axis"], spec["width"]["step"]
    fits = text_width("because", axis["labelFontSize"]) <= step - theme.LEVEL_LABEL_GAP
    assert axis["labelAngle"] == (0 if fits else -90 if max_width else -45)
    assert max_width is None or not fits  # 22 px columns on a phone: vertical


def test_chinese_column_labels_slant_rather_than_stand_on_their_side():
    """Beside labels too wide for their columns (e5's `<s>` and `</s>`), Chinese characters
    are slanted, even in a narrow chart, where there is room for it; Latin words alone still
    turn vertical there."""
    zh = ["<s>", "▁", "黑", "猫", "喝", "了", "牛奶", "</s>"]
    spec = _spec(matrix=np.ones((8, 8)), rows=zh, cols=zh, max_width=420, big=True)
    axis, step = spec["layer"][0]["encoding"]["x"]["axis"], spec["width"]["step"]
    assert step * math.sin(math.pi / 4) >= theme.BIG_LABEL + 1  # room to slant
    assert axis["labelAngle"] == -45
    words = ["<s>", "a", "small", "dog", "chased", "one", "ball", "</s>"]
    latin = _spec(matrix=np.ones((8, 8)), rows=words, cols=words, max_width=420, big=True)
    assert latin["layer"][0]["encoding"]["x"]["axis"]["labelAngle"] == -90


def test_y_axis_title_is_horizontal_above_the_axis():
    axis = _spec()["layer"][0]["encoding"]["y"]["axis"]
    assert axis["titleAngle"] == 0 and axis["titleY"] < 0


def test_every_chart_describes_itself():
    heat = _spec(title="Scores")
    assert heat["description"] == "Scores — query × key: 2 × 3, v −2.00 … 3.00"
    assert _spec(description="custom")["description"] == "custom"
    bar = bars(np.array([1.0, -1.0]), ["x", "y"], title="t", label_title="k", value_title="v")
    assert bar["description"] == "t — k: 2, v −1.00 … 1.00"
    grid = _head_grid(["u"] * 4, 2, 2, chosen=(0, 1))
    assert grid["description"] == "g — layer × head: 2 × 2"
    assert grid["params"][0]["select"]["fields"] == ["row", "col"]
    frame = pd.DataFrame({"word": ["000|a", "000|a"], "value": [0.2, 0.4], "series": ["x", "y"]})
    grouped = grouped_bars(frame, title="r", label_title="k", value_title="w")
    assert grouped["description"] == "r — k: 1, x / y"
    curves = pd.DataFrame({"step": [0, 10], "value": [2.0, 0.5], "series": ["loss", "loss"]})
    line = line_chart(
        curves, x="step", y="value", series="series", title="c", x_title="s", y_title="v"
    )
    assert line["description"] == "c — s 0 … 10, v 0.50 … 2.00"
    for spec in (heat, bar, grid, grouped, line):
        json.dumps(spec)


def _head_grid(urls, n_layers, n_heads, **kw):
    kw.setdefault("chosen", (0, 0))
    return head_image_grid(
        urls,
        n_layers,
        n_heads,
        size=10,
        layer_title="layer",
        head_title="head",
        title="g",
        tooltip_title="l",
        **kw,
    )


def test_a_head_grid_puts_layers_down_or_across_and_clicks_give_layer_and_head():
    """The same grid of thumbnails on every page that shows every head: a point's `row` is
    its layer and `col` its head (controls.head_grid reads them) whichever way they are
    drawn; a flat cell (`height`) draws its image without keeping its aspect."""
    urls = [f"u{i}" for i in range(6)]  # 2 layers x 3 heads, layer-major
    down = _head_grid(urls, 2, 3, chosen=(1, 2), height=6)
    records = _data(down)
    assert [(r["row"], r["col"], r["url"]) for r in records][-1] == (1, 2, "u5")
    images, outline = down["layer"]
    assert (images["encoding"]["y"]["field"], images["encoding"]["x"]["field"]) == ("row", "col")
    mark = images["mark"]
    assert (mark["width"], mark["height"], mark["aspect"]) == (10, 6, False)
    assert [f["equal"] for f in outline["transform"][0]["filter"]["and"]] == [1, 2]
    assert down["width"]["step"] - 10 == down["height"]["step"] - 6 == theme.THUMB_GAP
    across = _head_grid(urls, 2, 3, layers_across=True)
    x, y = across["layer"][0]["encoding"]["x"], across["layer"][0]["encoding"]["y"]
    assert (x["field"], x["title"], y["field"], y["title"]) == ("row", "layer", "col", "head")
    assert across["params"][0]["select"]["fields"] == ["row", "col"]
    with pytest.raises(ValueError, match="need 6 images"):
        _head_grid(urls[:5], 2, 3)


def test_selection_param_is_named_cell_on_the_rect_layer():
    spec = _spec(selectable=True)
    (param,) = spec["params"]
    assert param["name"] == "cell" and param["select"]["fields"] == ["row"]
    assert param["views"] == [spec["layer"][0]["name"]]


def test_a_page_shows_a_heatmap_as_wide_as_its_column_and_never_wider_than_built():
    """Issue 28: a 6-word map was drawn 741 px wide in a phone's 358 px column whenever the
    browser did not say "Mobile". Shown (charts.fitted), it takes its column's width (Vega-Lite
    `width: "container"`) up to its own, its cells at most as wide as built."""
    words = ["the", "black", "cat", "drank", "the", "milk"]
    spec = _spec(matrix=np.ones((6, 6)), rows=words, cols=words, show_numbers=True, main=True)
    built = json.loads(json.dumps(spec))
    shown, width = fitted(spec)
    assert spec == built  # the spec kept for the downloads is not changed
    step = spec["width"]["step"]
    assert isinstance(width, int) and width >= 6 * step  # Streamlit's element: its own width
    assert shown["width"] == "container" and shown["autosize"]["type"] == "fit-x"
    x = shown["layer"][0]["encoding"]["x"]
    assert str(6 * step) in x["scale"]["range"][1]["expr"]  # cells no wider than built
    assert "bandwidth('x')" in x["axis"]["labelAngle"]["expr"]  # vertical once squeezed
    numbers = _numbers(shown)
    assert numbers["mark"]["fontSize"] == _numbers(spec)["mark"]["fontSize"]
    assert str(theme.PHONE_FONT_MIN) in numbers["encoding"]["size"]["value"]["expr"]
    for layer in shown["layer"]:  # every layer on the same columns
        assert layer["encoding"]["x"] == x


def test_bars_fit_their_column_too_and_other_specs_keep_their_own_width():
    spec = bars(np.array([1.0, -1.0]), ["x", "y"], title="t", label_title="k", value_title="v")
    shown, width = fitted(spec)
    assert shown["width"] == "container" and width >= theme.BAR_WIDTH
    plain = {"mark": "point", "width": 300}
    assert fitted(plain) == (plain, "content")


@pytest.mark.parametrize("value_title", ["v", "weight", "difference of softmax weights"])
@pytest.mark.parametrize("word", ["a", "antidisestablishment"])
def test_the_colour_bar_is_under_the_cells_and_within_a_phones_column(value_title, word):
    spec = heatmap(
        np.ones((8, 8)),
        [word] * 8,
        [word] * 8,
        title="T",
        row_title="query",
        col_title="key",
        value_title=value_title,
    )
    legend = spec["layer"][0]["encoding"]["color"]["legend"]
    assert legend["orient"] == "bottom" and legend["direction"] == "horizontal"
    label = min(text_width(word, theme.AXIS_LABEL_FONT), theme.LABEL_LIMIT)  # cut at its limit
    room = theme.AXIS_LABEL_PAD + label + theme.SAFE_MARGIN
    title = text_width(value_title, theme.SUBTITLE_FONT)
    beside = legend.get("titleOrient") == "left"
    width = title + legend["gradientLength"] + 2 * theme.LEGEND_OVERHANG if beside else title
    assert room + width <= theme.PHONE_CHART_WIDTH
    assert legend["gradientLength"] >= theme.LEGEND_LENGTH // 2


def test_presenter_bars_are_as_large_as_its_heatmaps():
    values = np.array([0.5, -1.0, 2.0, 0.1, -0.3, 1.2])
    kw = {"title": "t", "label_title": "key word", "value_title": "score"}
    small = bars(values, list("abcdef"), **kw)
    big = bars(values, list("abcdef"), **kw, big=True, max_height=495, width=1100)
    axis = big["layer"][0]["encoding"]["y"]["axis"]
    assert (
        axis["labelFontSize"]
        == theme.BIG_LABEL
        > small["layer"][0]["encoding"]["y"]["axis"]["labelFontSize"]
    )
    assert big["title"]["fontSize"] == theme.BIG_TITLE
    assert big["height"]["step"] > small["height"]["step"]
    assert 6 * big["height"]["step"] + theme.BIG_BAR_CHROME <= 495
