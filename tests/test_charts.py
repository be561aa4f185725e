"""Chart builders, checked through chart.to_dict()."""

import numpy as np
import pytest

from ui import theme
from ui.charts import bars, heatmap, id_index, label_ids, long_form


def _spec(**kw):
    m = kw.pop("matrix", np.array([[0.5, -2.0, 1.0], [0.0, 3.0, -1.0]]))
    rows = kw.pop("rows", ["the", "cat"])
    cols = kw.pop("cols", ["the", "cat", "the"])
    chart = heatmap(
        m, rows, cols, title="T", row_title="query", col_title="key", value_title="v", **kw
    )
    return chart.to_dict()


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
    ).to_dict()
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
        long_form(np.array([[np.nan]]), ["a"], ["b"])


def test_ids_round_trip():
    ids = label_ids(["a", "b|c", "a"])
    assert ids == ["000|a", "001|b|c", "002|a"]
    assert [id_index(i) for i in ids] == [0, 1, 2]


def test_bars_colour_by_sign():
    spec = bars(
        np.array([1.0, -1.0]), ["x", "x"], title="t", label_title="k", value_title="v"
    ).to_dict()
    assert spec["encoding"]["y"]["sort"] == ["000|x", "001|x"]
    assert "condition" in spec["encoding"]["color"]
