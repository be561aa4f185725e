"""Honest pictures (issue 18, item 3), read from the chart specs the builders and pages make:
signed bars label their zero, charts that are compared share one scale, every legend names
what is drawn, the head atlas's colours differ, and the sidebar draws only what a page uses."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from app_pages.atlas.charts import ATLAS_MIN_OPACITY, BEHAVIOUR_COLORS, UNFADED, atlas_grid
from core.compare import shared_range
from tests.apptest_utils import chart_specs, open_page, open_share_panel, page_file, unfold
from ui import charts, theme
from ui.controls import PE_FIXED
from ui.i18n import TEXTS
from ui.settings import K

MIN_DELTA_E = 14.0  # CIE76: two atlas labels at any strength differ at least this much


def _en(key: str, **values: object) -> str:
    return TEXTS[key]["en"].format(**values)


def _title(spec: dict) -> str:
    title = spec.get("title", "")
    text = title.get("text", "") if isinstance(title, dict) else title
    return " ".join(line.strip() for line in str(text).split("\n"))  # wrapped at spaces


def _layers(spec: dict) -> list[dict]:
    return spec.get("layer", [spec])


def _zero_rule(spec: dict) -> bool:
    """A rule at x = 0 and a "0" written at it."""
    marks = [(layer["mark"]["type"], layer) for layer in _layers(spec)]
    rule = any(kind == "rule" and layer["encoding"]["x"].get("datum") == 0 for kind, layer in marks)
    label = any(
        kind == "text"
        and layer["mark"].get("text") == "0"
        and layer["encoding"]["x"].get("datum") == 0
        for kind, layer in marks
    )
    return rule and label


def _bar_domain(spec: dict) -> list[float]:
    return _layers(spec)[0]["encoding"]["x"]["scale"]["domain"]


# ---- signed bars label their zero --------------------------------------------------------


def test_signed_bars_draw_a_labelled_zero_line() -> None:
    spec = charts.bars(
        np.array([-1.8, 0.3, 1.1]), ["the", "cat", "milk"], title="t", label_title="k",
        value_title="score",
    )  # fmt: skip
    assert _zero_rule(spec)
    kinds = [layer["mark"]["type"] for layer in spec["layer"]]
    assert kinds[0] == "bar"  # bars first, the line drawn over them


def test_bars_that_cannot_be_negative_have_no_zero_line() -> None:
    spec = charts.bars(
        np.array([0.2, 0.8]), ["a", "b"], title="t", label_title="k", value_title="w"
    )
    assert not _zero_rule(spec)


def test_page_5_score_bars_label_their_zero() -> None:
    """On page 5 the scores of the query word (some negative) are drawn with a line at 0."""
    at = open_page(page_file("roles"), {"text": "The black cat drank the milk"})
    assert not at.exception
    word = "milk"
    (spec,) = [s for s in chart_specs(at) if _title(s).startswith(_en("roles_scores", word=word))]
    values = [r["value"] for r in next(iter(spec["datasets"].values()))]
    assert min(values) < 0  # the picture the issue saw: the longest bar is the lowest score
    assert _zero_rule(spec)


# ---- one scale for charts that are compared ----------------------------------------------


def test_shared_range_is_the_min_and_max_of_all() -> None:
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=(3, 4)), rng.normal(size=7) * 5
    lo, hi = shared_range(a, b)
    assert lo == min(a.min(), b.min()) and hi == max(a.max(), b.max())
    assert shared_range(np.array([0.2, 0.5]), np.array([0.1]), zero=True) == (0.0, 0.5)
    assert shared_range(np.array([-2.0, -1.0]), zero=True) == (-2.0, 0.0)
    assert shared_range(np.zeros(0), np.array([3.0])) == (3.0, 3.0)
    assert shared_range() == (0.0, 0.0)


def test_bars_given_a_domain_draw_it() -> None:
    spec = charts.bars(
        np.array([0.1, 0.2]), ["a", "b"], title="t", label_title="k", value_title="w",
        domain=(0.0, 0.9),
    )  # fmt: skip
    assert _bar_domain(spec) == [0.0, 0.9]


@pytest.mark.parametrize("page", ["roles", "dot", "summary"])
def test_learned_and_random_bars_share_one_axis(page: str) -> None:
    """Pages 5, 6 and 8: the trained model's row and the random one's, on the same x axis,
    from 0 to the larger of the two rows' largest weights."""
    at = unfold(open_page(page_file(page), {"text": "The black cat drank the milk"}), "learned")
    assert not at.exception
    prefixes = (_en("learned_trained", word="milk"), _en("learned_random", word="milk"))
    found = [s for s in chart_specs(at) if _title(s).startswith(prefixes)]
    assert len(found) == 2, [_title(s) for s in chart_specs(at)]
    rows = [np.array([r["value"] for r in next(iter(s["datasets"].values()))]) for s in found]
    expected = [0.0, max(float(r.max()) for r in rows)]
    assert _bar_domain(found[0]) == _bar_domain(found[1]) == pytest.approx(expected)
    assert rows[0].max() != pytest.approx(rows[1].max())  # two rows: the shared axis matters


def test_page_4_outputs_share_one_colour_scale_and_start_level() -> None:
    """Page 4: Z with softmax off and on on one colour scale; the weights off and on beside
    each other have as many title lines, so their plots start at the same height."""
    at = open_page(page_file("score"), {"text": "The black cat drank the milk"})
    at = open_share_panel(at)  # both tabs built: Z off/on (tab 4), weights off/on (tab 3)
    assert not at.exception
    specs = chart_specs(at)

    def by_title(key: str) -> dict:
        (spec,) = [s for s in specs if _title(s).startswith(_en(key))]
        return spec

    z_off, z_on = by_title("out_off"), by_title("out_on")
    values = [r["value"] for s in (z_off, z_on) for r in next(iter(s["datasets"].values()))]
    top = max(abs(v) for v in values)
    domains = [s["layer"][0]["encoding"]["color"]["scale"]["domain"] for s in (z_off, z_on)]
    assert domains[0] == domains[1] == pytest.approx([-top, top])
    off, on = by_title("m_weights_raw"), by_title("m_weights_soft")
    for a, b in ((z_off, z_on), (off, on)):
        assert a["title"]["text"].count("\n") == b["title"]["text"].count("\n")
        assert len(a["title"].get("subtitle", [])) == len(b["title"].get("subtitle", []))


# ---- legends name what is drawn -------------------------------------------------------------


def test_compare_difference_legend_names_a_difference() -> None:
    at = open_page(page_file("compare"))  # opens on the weights of two sentences
    assert not at.exception
    what = _en("cmp_kind_weights")
    (diff,) = [s for s in chart_specs(at) if _title(s).startswith(_en("cmp_diff_title", what=what))]
    color = diff["layer"][0]["encoding"]["color"]
    assert color["title"] == _en("cmp_diff_legend", what=what)
    assert color["title"] != _en("ax_score")


# ---- the head atlas ---------------------------------------------------------------------------


def _lab(color: str) -> np.ndarray:
    rgb = np.array([int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    lin = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    x = xyz @ lin / np.array([0.95047, 1.0, 1.08883])
    f = np.where(x > 0.008856, np.cbrt(x), 7.787 * x + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def test_atlas_colours_differ_at_every_strength() -> None:
    """Each label's cells as drawn (its colour faded by strength, over white) never come near
    another label's: a pale [SEP] head once looked like a 'mixed' one."""
    spec = atlas_grid(
        [["sep", "mixed"]],
        np.array([[0.0, 0.0]]),
        names={label: label for label in BEHAVIOUR_COLORS},
        chosen=None,
        title="",
        row_title="",
        col_title="",
        label_title="behaviour",
        strength_title="strength",
    )
    encoding = spec["layer"][0]["encoding"]
    scale = encoding["color"]["scale"]
    colours = dict(zip(scale["domain"], scale["range"], strict=True))
    lowest = encoding["opacity"]["scale"]["range"][0]
    records = next(iter(spec["datasets"].values()))
    shade = {r["label"]: r[encoding["opacity"]["field"]] for r in records}
    assert shade["mixed"] == 1.0 and shade["sep"] == 0.0  # mixed is never faded
    assert lowest == ATLAS_MIN_OPACITY and "mixed" in UNFADED

    def drawn(label: str) -> list[np.ndarray]:
        opacities = [1.0] if label in UNFADED else np.linspace(lowest, 1.0, 9)
        return [_lab(theme.mix(colours[label], float(o))) for o in opacities]

    for a, b in itertools.combinations(colours, 2):
        closest = min(np.linalg.norm(x - y) for x in drawn(a) for y in drawn(b))
        assert closest >= MIN_DELTA_E, (a, b, closest)
    assert len(set(colours.values())) == len(colours)
    assert encoding["color"]["title"] == "behaviour"  # the legend names each label


# ---- the sidebar draws only the controls the page uses -------------------------------------


def _keys(node: object) -> set[str]:
    """The keys of every widget under an AppTest block."""
    found: set[str] = set()
    for child in getattr(node, "children", {}).values():
        if getattr(child, "key", None):
            found.add(child.key)
        found |= _keys(child)
    return found


def _sidebar_keys(at: AppTest) -> set[str]:
    return _keys(at.sidebar)


@pytest.mark.parametrize("page", ["atlas", "variant"])
def test_minilm_pages_offer_no_source_or_toy_switches(page: str) -> None:
    at = open_page(page_file(page))
    assert not at.exception
    keys = _sidebar_keys(at)
    assert {K.TEXT, K.LAYER, K.HEAD} <= keys
    assert not keys & {K.MODEL, K.D_MODEL, K.D_K, K.SEED, K.PE, K.SCALE, K.SOFTMAX, K.TEMP}


def test_a_page_draws_its_own_controls() -> None:
    at = open_page(page_file("input"))
    keys = _sidebar_keys(at)
    # the default model adds its positions always: its switch is shown on and fixed, apart from
    # the toy's (whose value it keeps)
    assert {K.TEXT, K.MODEL, K.D_MODEL, PE_FIXED, K.NUMBERS} <= keys
    assert not keys & {K.PE, K.SCALE, K.SOFTMAX, K.TEMP}  # page 1 stops before the scores
    assert K.PE in _sidebar_keys(open_page(page_file("input"), {K.MODEL: "toy"}))


def test_charts_made_before_attention_name_only_the_model() -> None:
    """X, Q, K and V do not depend on softmax, scaling or temperature: their subtitles name
    the model alone; the weights, which do, name the switches too (issue 18, item 2)."""
    at = open_share_panel(open_page(page_file("summary")))  # every tab built
    assert not at.exception
    subtitles = {}
    for spec in chart_specs(at):
        title = spec.get("title")
        if isinstance(title, dict):
            subtitles[title["text"].replace("\n", " ")] = " ".join(title.get("subtitle", []))
    before = [TEXTS[key]["en"] for key in ("m_q", "m_k", "m_v")]
    for name in before:
        assert "softmax" not in subtitles[name] and "learned head" in subtitles[name], subtitles
    weights = TEXTS["m_weights_soft"]["en"]
    assert "softmax on" in subtitles[weights], subtitles
