"""The query–key map, the head atlas and change one word: AppTest in both languages, and every
number printed checked against core (hostile sentences: tests/test_hostile.py)."""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest

from app_pages.atlas.charts import BEHAVIOUR_COLORS, atlas_grid
from app_pages.qk_map.charts import (
    LINKS_MARK,
    QK_LABEL_FONT,
    QK_LEGEND_ROOM,
    QK_MAP_SIZE,
    QK_MAP_SIZE_PHONE,
    QK_MARGIN,
    qk_scatter,
)
from app_pages.variant.params import DEFAULT_VARIANT_TEXT
from core import variant as core_variant
from core.atlas import (
    BEHAVIOURS,
    MIXED,
    SENTENCES,
    atlas,
    cjk_characters,
    strongest_head,
    unknown_pieces,
)
from core.learning.task import TrainSettings, train
from core.models import MiniLMHead, TrainedHead
from core.models.e5 import load_e5
from core.pipeline import pipeline
from core.pretrained import MiniLM
from core.qkmap import QKMap, qk_map, spearman, top_keys
from core.wordpiece import UNK, WordPieceTokenizer
from tests.apptest_utils import (
    all_text,
    chart_records,
    chart_specs,
    default_model,
    open_page,
    open_share_panel,
    page_file,
    unfold,
)
from ui import charts, theme
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXT, DEFAULT_TEXTS

QK, ATLAS, VARIANT = page_file("qk_map"), page_file("atlas"), page_file("variant")
EXPLORE = [QK, ATLAS, VARIANT]
TITLES = {QK: "nav_qk_map", ATLAS: "nav_atlas", VARIANT: "nav_variant"}


@pytest.fixture(scope="module")
def minilm() -> MiniLM:
    return MiniLM.load()


@functools.cache
def wordpieces() -> WordPieceTokenizer:
    return MiniLM.load().tokenizer


def tr(key: str, lang: str = "en", **kwargs: object) -> str:
    text = TEXTS[key][lang]
    return text.format(**kwargs) if kwargs else text


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def layer_data(spec: dict, mark: str) -> list[list[dict]]:
    """The data of every layer drawn with this mark type (its own named dataset)."""
    found = []
    for layer in spec["layer"]:
        kind = layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"]
        if kind == mark and "data" in layer:
            found.append(spec["datasets"][layer["data"]["name"]])
    return found


# ---- the query–key map ---------------------------------------------------------------------


def core_map(p) -> QKMap:
    a = p.attention
    return qk_map(a.scores, a.weights, a.mask)


def map_points(spec: dict, kind: str) -> np.ndarray:
    """[n, 2] the chart's queries or keys (the last point layer holds both)."""
    points = layer_data(spec, "point")[-1]
    return np.array([[r["x"], r["y"]] for r in points if r["kind"] == kind])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_qk_map_numbers_are_core_numbers(lang: str) -> None:
    at = open_page(QK, {"lang": lang})
    p = pipeline(default_model(), DEFAULT_TEXTS[lang])
    m = core_map(p)
    last = len(p.tokens) - 1  # the chosen query defaults to the last token
    shown = metrics(at)
    assert shown[tr("qk_rank_label", lang)] == f"{m.agreement:.3f}"
    row_label = tr("qk_row_label", lang, token=p.tokens[last])
    assert shown[row_label] == f"{m.row_agreement[last]:.3f}"
    assert shown[tr("qk_explained_label", lang)] == f"{m.kept.sum():.0%}"
    (spec,) = chart_specs(at)
    queries = map_points(spec, tr("qk_queries", lang))
    keys = map_points(spec, tr("qk_keys", lang))
    np.testing.assert_allclose(queries, m.query_points)
    # what the chart draws is what the page claims: its dot products are the scores less each
    # query's mean, as closely as two directions allow, and they give the agreement shown
    np.testing.assert_allclose(queries @ keys.T, m.map_scores, atol=1e-9)
    centred = p.attention.scores - p.attention.scores.mean(axis=1, keepdims=True)
    assert np.linalg.norm(queries @ keys.T - centred) ** 2 == pytest.approx(
        (1 - m.kept.sum()) * np.linalg.norm(centred) ** 2
    )
    rows = [spearman(queries[i] @ keys.T, p.attention.weights[i]) for i in range(len(p.tokens))]
    assert shown[tr("qk_rank_label", lang)] == f"{np.mean(rows):.3f}"
    # the dashed lines go from the chosen query's top 3 keys to their feet on its arrow's line
    links = layer_data(spec, "rule")[3]  # after the two lines through (0, 0) and the arrow's
    row = p.attention.weights[last]
    expected = top_keys(row, 3)
    assert [r["token"] for r in links] == [p.tokens[j] for j in expected]
    np.testing.assert_allclose([r["weight"] for r in links], row[expected])
    direction = queries[last] / np.linalg.norm(queries[last])
    for r in links:
        foot, key = np.array([r["x2"], r["y2"]]), np.array([r["x"], r["y"]])
        assert abs((key - foot) @ direction) < 1e-9  # at a right angle to the arrow
        assert abs(foot[0] * direction[1] - foot[1] * direction[0]) < 1e-9  # on its line


def test_qk_map_trust_line_follows_the_agreement() -> None:
    text = "The cat drank the milk because it was hungry"
    at = open_page(QK, {"text": text})
    r = core_map(pipeline(default_model(), text)).agreement
    assert metrics(at)[tr("qk_rank_label")] == f"{r:.3f}"
    if r >= 0.7:
        assert tr("qk_trust_high", high=0.7) in all_text(at)
    elif r >= 0.4:
        assert tr("qk_trust_some", some=0.4, high=0.7) in all_text(at)
    else:
        assert tr("qk_trust_low", some=0.4) in all_text(at)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_qk_map_says_when_the_chosen_query_is_ordered_less_well(lang: str) -> None:
    """黑猫喝了牛奶: the map orders one query's keys less well than the others' (猫: 0.6 against
    0.88 on average), and the page says so under it; the best-ordered query gets no such line."""
    p = pipeline(default_model(), DEFAULT_TEXTS["zh"])
    m = core_map(p)
    worst, best = int(np.argmin(m.row_agreement)), int(np.argmax(m.row_agreement))
    assert m.row_agreement[worst] < 0.7 <= m.agreement <= m.row_agreement[best]
    base = {"lang": lang, "text": DEFAULT_TEXTS["zh"]}
    at = open_page(QK, base | {"qkq": str(worst)})
    assert tr("qk_row_off", lang, token=p.tokens[worst]) in all_text(at)
    at = open_page(QK, base | {"qkq": str(best)})
    assert tr("qk_row_off", lang, token=p.tokens[best]) not in all_text(at)


def test_qk_map_one_token_has_no_agreement() -> None:
    at = open_page(QK, {"text": "hello"})
    assert metrics(at)[tr("qk_rank_label")] == tr("qk_undefined")
    assert tr("qk_trust_none") in all_text(at)


def test_qk_map_of_a_minilm_head(minilm: MiniLM) -> None:
    at = open_page(QK, {"src": "pretrained", "layer": "2", "head": "5", "qkq": "3"})
    assert not at.exception
    p = pipeline(MiniLMHead(minilm, 2, 5), DEFAULT_TEXT)
    assert metrics(at)[tr("qk_rank_label")] == f"{core_map(p).agreement:.3f}"
    assert at.selectbox(key="qkq").value == 3
    links = layer_data(chart_specs(at)[0], "rule")[3]
    assert [r["token"] for r in links] == [p.tokens[j] for j in top_keys(p.attention.weights[3], 3)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_qk_map_trained_before_and_after(lang: str) -> None:
    """The page-7 run, before its first step and after its last: the class sees the map move."""
    at = open_page(
        QK, {"src": "trained", "lseed": "3", "lsteps": "20", "lang": lang, "text": DEFAULT_TEXT}
    )
    assert not at.exception, [e.value for e in at.exception]
    result = train(TrainSettings(seed=3, steps=20))
    titles = [s["title"]["text"] for s in chart_specs(at)]
    assert titles == [TEXTS["qk_before"][lang], TEXTS["qk_after"][lang]]
    shown = [m.value for m in at.metric if m.label == TEXTS["qk_rank_label"][lang]]
    expected = []
    for model in (result.model_before, result.model):
        p = pipeline(TrainedHead(model), DEFAULT_TEXT)
        expected.append(f"{core_map(p).agreement:.3f}")
    assert shown == expected


# ---- the head atlas ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_atlas_table_and_lines_are_core_numbers(minilm: MiniLM, lang: str) -> None:
    """English opens on MiniLM (6 × 12 heads), Chinese on e5 (12 × 12)."""
    text = "The dog chased the dog"
    at = unfold(open_page(ATLAS, {"lang": lang, "text": text}), "atlas_table")
    assert not at.exception
    model = minilm if lang == "en" else load_e5()
    expected = atlas(model, (*SENTENCES, text))
    n_heads = 72 if lang == "en" else 144
    assert expected.scores.shape[:2] == ((6, 12) if lang == "en" else (12, 12))
    table = at.dataframe[0].value
    frame = {"cls": "[CLS]", "sep": "[SEP]"} if lang == "en" else {"cls": "<s>", "sep": "</s>"}
    names = {b: frame.get(b) or tr(f"atlas_b_{b}", lang) for b in (*BEHAVIOURS, MIXED)}
    flat = [names[label] for row in expected.labels for label in row]
    assert table[tr("atlas_col_label", lang)].tolist() == flat
    np.testing.assert_allclose(table[tr("atlas_col_strength", lang)], expected.strength.ravel())
    for i, b in enumerate(BEHAVIOURS):
        np.testing.assert_allclose(table[names[b]], expected.scores[..., i].ravel())
    body = all_text(at)
    for b in BEHAVIOURS:
        layer, head, score = strongest_head(expected, b)
        count = len(expected.heads_labelled(b))
        line = tr(
            "atlas_line",
            lang,
            name=names[b],
            count=count,
            n=n_heads,
            layer=layer,
            head=head,
            score=score,
        )
        assert line in body
    assert tr("atlas_pooled", lang, n=len(SENTENCES) + 1) in body
    # the grid: one cell per head, its colour the shown label, its opacity the strength
    (spec,) = chart_specs(at)
    cells = spec["datasets"][spec["data"]["name"]]
    assert [c["label"] for c in cells] == flat
    np.testing.assert_allclose([c["strength"] for c in cells], expected.strength.ravel())


@pytest.mark.parametrize("page", ["atlas", "real_model", "variant"])
def test_minilm_pages_count_unknown_pieces(minilm: MiniLM, page: str) -> None:
    text = "黑猫喝了牛奶"
    at = open_page(page_file(page), {"text": text, "lang": "zh", "real": "minilm"})
    assert not at.exception, [e.value for e in at.exception]
    tokens = minilm.run(text).tokens
    unknown = sum(tok == UNK for tok in tokens)
    assert unknown == 6, "MiniLM's vocabulary holds none of these characters"
    body = all_text(at)
    # said once, by the notice that MiniLM reads English (ui/minilm.py), not again in a caption
    # nor as a repeated token
    assert TEXTS["minilm_reads_unk"]["zh"].split("：")[0] in body
    assert tr("unknown_pieces", "zh", unknown=unknown, pieces=len(tokens) - 2) not in body
    assert tr("repeated_note", "zh", words="“\\[UNK\\]”") not in body
    if page == "atlas":
        assert tr("atlas_unk_note", "zh", cjk=cjk_characters(minilm.tokenizer.vocab)) in body


def test_unknown_pieces_of_english_text_are_counted_in_a_caption(minilm: MiniLM) -> None:
    text = "I love 🍕 and 🍔"
    tokens = minilm.run(text).tokens
    unknown = sum(tok == UNK for tok in tokens)
    assert unknown == 2
    at = open_page(page_file("real_model"), {"text": text})
    assert not at.exception
    assert tr("unknown_pieces", "en", unknown=unknown, pieces=len(tokens) - 2) in all_text(at)


def test_atlas_empty_sentence_uses_built_ins_only() -> None:
    at = unfold(open_page(ATLAS, {"text": "  "}), "atlas_table")
    assert tr("atlas_pooled_builtin", n=len(SENTENCES)) in all_text(at)
    assert len(at.dataframe[0].value) == 72


def test_atlas_marks_the_sidebar_head() -> None:
    at = open_page(ATLAS, {"layer": "4", "head": "9"})
    (spec,) = chart_specs(at)
    outline = spec["layer"][-1]
    assert outline["transform"][0]["filter"] == "datum.row == 4 && datum.col == 9"
    links = [el for el in at.get("page_link")]
    assert links, "a link to the real-model page"


# ---- change one word -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_variant_top_head_is_cores(minilm: MiniLM, lang: str) -> None:
    """English opens on MiniLM, Chinese on e5: each page's numbers are its model's."""
    at = open_page(VARIANT, {"lang": lang, "text": DEFAULT_TEXT, "alt": DEFAULT_VARIANT_TEXT})
    at = open_share_panel(at)  # every tab and folded part built: the maps, the bars, the table
    assert at.text_input(key="alt").value == DEFAULT_VARIANT_TEXT
    model = minilm if lang == "en" else load_e5()
    v = core_variant.variant(model.run(DEFAULT_TEXT), model.run(DEFAULT_VARIANT_TEXT))
    layer, head = v.ranking[0].tolist()
    shown = metrics(at)
    assert shown[tr("variant_top", lang)] == tr("variant_head", lang, layer=layer, head=head)
    assert shown[tr("variant_top_js", lang)] == f"{v.head_scores[layer, head]:.4f}"
    table = at.dataframe[0].value
    np.testing.assert_array_equal(table.iloc[:, 1:3].to_numpy(), v.ranking)
    np.testing.assert_allclose(table.iloc[:, 3], v.head_scores[v.ranking[:, 0], v.ranking[:, 1]])
    # five difference maps, the top heads in order, each B − A over the paired tokens
    specs = chart_specs(at)
    assert len(specs) == 6  # 5 maps and the token bars
    diffs = core_variant.difference_maps(
        model.run(DEFAULT_TEXT).weights, model.run(DEFAULT_VARIANT_TEXT).weights, v.pairs
    )
    for rank, (ly, hd) in enumerate(v.ranking[:5].tolist(), start=1):
        title = tr("variant_map_title", lang, rank=rank, layer=ly, head=hd)
        values = [r["value"] for r in chart_records(at, title)]
        np.testing.assert_allclose(values, diffs[ly, hd].ravel(), atol=1e-6)
    np.testing.assert_allclose(
        diffs[layer, head].sum(axis=1), 0.0, atol=1e-6
    )  # both rows renormalised: the change sums to zero


def test_variant_names_the_tokens_that_moved(minilm: MiniLM) -> None:
    at = open_page(VARIANT)
    v = core_variant.variant(minilm.run(DEFAULT_TEXT), minilm.run(DEFAULT_VARIANT_TEXT))
    top = int(np.argmax(v.token_movement))
    i, j = v.pairs[top]
    assert (v.tokens_a[i], v.tokens_b[j]) == ("milk", "water"), "the changed word moves most"
    assert "“milk→water”" in all_text(at)


def test_variant_sentence_b_follows_the_users_sentence(minilm: MiniLM) -> None:
    at = open_page(VARIANT, {"text": "my dog likes long walks"})
    assert at.text_input(key="alt").value == "my dog likes long walks"
    assert tr("variant_same") in all_text(at)
    at.text_input(key="alt").input("my cat likes long walks").run()
    assert not at.exception
    v = core_variant.variant(
        minilm.run("my dog likes long walks"), minilm.run("my cat likes long walks")
    )
    layer, head = v.ranking[0].tolist()
    assert metrics(at)[tr("variant_top")] == tr("variant_head", layer=layer, head=head)
    # a typed B stays when A changes
    at.text_area(key="text").input("my dog likes short walks").run()
    assert at.text_input(key="alt").value == "my cat likes long walks"


def test_variant_different_lengths_align_on_common_pieces(minilm: MiniLM) -> None:
    a, b = "The cat drank the milk", "The big cat drank the milk"
    at = open_page(VARIANT, {"text": a, "alt": b})
    v = core_variant.variant(minilm.run(a), minilm.run(b))
    assert not v.by_position
    assert tr("variant_by_lcs", m=len(v.pairs), a="–", b="“big”") in all_text(at)


def test_variant_empty_sentence_b_is_explained() -> None:
    at = open_page(VARIANT, {"alt": "   "})
    assert not at.exception
    assert tr("empty_text") in all_text(at)


# ---- the small core helpers and the chart builders -----------------------------------------


def test_difference_maps_are_restricted_rows_b_minus_a() -> None:
    rng = np.random.default_rng(0)
    wa = rng.dirichlet(np.ones(4), size=(2, 3, 4))  # [L, H, 4, 4]
    wb = rng.dirichlet(np.ones(5), size=(2, 3, 5))  # [L, H, 5, 5]
    pairs = np.array([[0, 0], [2, 3], [3, 4]])
    got = core_variant.difference_maps(wa, wb, pairs)
    for ly in range(2):
        for hd in range(3):
            a = wa[ly, hd][np.ix_([0, 2, 3], [0, 2, 3])]
            b = wb[ly, hd][np.ix_([0, 3, 4], [0, 3, 4])]
            expected = b / b.sum(1, keepdims=True) - a / a.sum(1, keepdims=True)
            np.testing.assert_allclose(got[ly, hd], expected)


@pytest.mark.parametrize("page", ["atlas", "real_model", "variant"])
def test_minilm_pages_offer_the_english_example_for_the_chinese_one(page: str) -> None:
    """The Chinese UI's example is [UNK] to MiniLM: its pages offer the English example, and
    one click puts it in the sentence box. The reader's own Chinese is never offered a swap."""
    at = open_page(page_file(page), {"lang": "zh", "real": "minilm"})
    assert at.text_area(key="text").value == DEFAULT_TEXTS["zh"]
    offer = at.button(key="use_english_example")
    assert offer.label == tr("use_english_example", "zh", text=DEFAULT_TEXTS["en"])
    offer.click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_area(key="text").value == DEFAULT_TEXTS["en"]
    why_unknown = TEXTS["minilm_reads_unk"]["zh"].split("：")[0]  # the notice's fixed start
    assert why_unknown in all_text(open_page(page_file(page), {"lang": "zh", "real": "minilm"}))
    assert why_unknown not in all_text(at)
    assert "use_english_example" not in [b.key for b in at.button]
    own = open_page(page_file(page), {"lang": "zh", "real": "minilm", "text": "黑猫喝水"})
    assert "use_english_example" not in [b.key for b in own.button]


def test_strongest_head_and_unknown_pieces(minilm: MiniLM) -> None:
    a = atlas(minilm, SENTENCES[:3])
    for i, b in enumerate(BEHAVIOURS):
        layer, head, score = strongest_head(a, b)
        assert score == a.scores[..., i].max() == a.scores[layer, head, i]
    assert unknown_pieces(["[CLS]", "a", UNK, UNK, "[SEP]"]) == (2, 3)
    assert cjk_characters(["猫", "cat", "猫猫", "##猫", "水"]) == 2


def _plain_scatter(q, k, query_tokens, key_tokens, **options) -> dict:
    """A query-key map with no chosen query, no links and one-letter titles."""
    return qk_scatter(
        q,
        k,
        query_tokens,
        key_tokens,
        chosen=None,
        links=[],
        kind_names=("Q", "K"),
        title="t",
        axis_titles=("x", "y"),
        token_title="",
        weight_title="",
        **options,
    )


def test_qk_scatter_spec() -> None:
    """Query a = (0, 1) is chosen: its arrow runs up the y axis, and key c = (0.5, 0.5) drops
    to its foot (0, 0.5) on that line."""
    q = np.array([[0.0, 1.0], [1.0, 0.0]])
    k = np.array([[0.5, 0.5], [-2.0, 0.0]])
    spec = qk_scatter(
        q,
        k,
        ["a", "b"],
        ["c", "d"],
        chosen=0,
        links=[(0, 0.75)],
        kind_names=("Q", "K"),
        title="t",
        axis_titles=("x", "y"),
        token_title="tok",
        weight_title="w",
    )
    assert spec["width"] == spec["height"] == QK_MAP_SIZE
    m = 2.0 * QK_MARGIN
    x_axis, y_axis, query_line, drops, arrow = layer_data(spec, "rule")
    assert x_axis == [{"x": -m, "y": 0.0, "x2": m, "y2": 0.0}]
    assert y_axis == [{"x": 0.0, "y": -m, "x2": 0.0, "y2": m}]
    assert query_line == [{"x": 0.0, "y": -m, "x2": 0.0, "y2": m}]
    assert drops == [{"x": 0.5, "y": 0.5, "x2": 0.0, "y2": 0.5, "weight": 0.75, "token": "c"}]
    assert arrow == [{"x": 0.0, "y": 0.0, "x2": 0.0, "y2": 1.0}]
    assert [layer.get("name") for layer in spec["layer"]].count(LINKS_MARK) == 1
    domain = spec["layer"][0]["encoding"]["x"]["scale"]["domain"]
    assert domain == pytest.approx([-m, m])
    texts = [layer for layer in spec["layer"] if layer["mark"]["type"] == "text"]
    assert [layer["mark"]["fontSize"] for layer in texts] == [QK_LABEL_FONT] * 2
    assert spec["layer"][0]["encoding"]["x"]["axis"]["labelFontSize"] >= 14
    with pytest.raises(ValueError, match="one token each"):
        _plain_scatter(q, k, ["a"], ["c", "d"])
    nan = np.array([[math.nan, 0.0], [0.0, 0.0]])
    with pytest.raises(ValueError, match="finite"):
        _plain_scatter(nan, k, ["a", "b"], ["c", "d"])


def test_qk_scatter_with_its_query_at_the_origin_draws_no_line() -> None:
    spec = qk_scatter(
        np.zeros((1, 2)),
        np.array([[1.0, 0.0], [0.0, -1.0]]),
        ["a"],
        ["c", "d"],
        chosen=0,
        links=[(0, 0.6), (1, 0.4)],
        kind_names=("Q", "K"),
        title="t",
        axis_titles=("x", "y"),
        token_title="",
        weight_title="",
    )
    rules = layer_data(spec, "rule")  # the lines through (0, 0), the drops, the arrow
    assert len(rules) == 4  # no line through the query: it has no direction
    assert [(r["x2"], r["y2"]) for r in rules[2]] == [(0.0, 0.0), (0.0, 0.0)]


@pytest.mark.parametrize("below", [False, True])
def test_qk_scatter_wraps_its_subtitle_to_the_maps_width(below: bool) -> None:
    # the settings line of a Chinese page, on a phone-sized map: it was one line, wider than
    # a 390 px screen; beside a legend, the title lines may also use the legend's width
    line = "玩具 d_model 8，d_k 4，种子 0，位置编码 开启 · softmax 开启 · ÷√d_k 开启 · 温度 1"
    spec = _plain_scatter(
        np.zeros((2, 2)),
        np.ones((2, 2)),
        ["a", "b"],
        ["c", "d"],
        subtitle=("“猫喝牛奶”", line),
        size=QK_MAP_SIZE_PHONE,
        legend_below=below,
    )
    lines = spec["title"]["subtitle"]
    # the subtitle's parts may run together on one line (to save lines), but none is lost
    whole = ("“猫喝牛奶”" + line).replace(" ", "")
    assert len(lines) >= 2 and "".join(lines).replace(" ", "").replace("·", "") == whole.replace(
        "·", ""
    )
    widths = [charts.text_width(sub, theme.SUBTITLE_FONT) for sub in lines]
    assert max(widths) <= QK_MAP_SIZE_PHONE + (0 if below else QK_LEGEND_ROOM), widths
    assert spec["title"]["limit"] == 0  # wrapped, never cut with "…"
    legend = spec["layer"][-1]["encoding"]["color"]["legend"]
    assert (legend.get("orient") == "bottom") == below


def test_qk_map_subtitle_is_two_lines_on_a_projector() -> None:
    """The default view at 1280 px: the sentence, then the model and switches on one line."""
    (spec,) = chart_specs(open_page(QK))
    assert len(spec["title"]["subtitle"]) == 2, spec["title"]["subtitle"]


def test_atlas_grid_spec() -> None:
    labels = [["previous", "mixed"], ["broad", "cls"]]
    names = {b: b.upper() for b in (*BEHAVIOURS, MIXED)}
    spec = atlas_grid(
        labels,
        np.array([[0.9, 0.1], [0.85, 0.7]]),
        names=names,
        chosen=(1, 0),
        title="t",
        row_title="layer",
        col_title="head",
        label_title="label",
        strength_title="strength",
    )
    cells = spec["datasets"][spec["data"]["name"]]
    assert [(c["row"], c["col"], c["label"]) for c in cells] == [
        (0, 0, "PREVIOUS"),
        (0, 1, "MIXED"),
        (1, 0, "BROAD"),
        (1, 1, "CLS"),
    ]
    colour = spec["layer"][0]["encoding"]["color"]["scale"]
    assert (
        dict(zip(colour["domain"], colour["range"], strict=True))["MIXED"]
        == (BEHAVIOUR_COLORS["mixed"])
    )
    assert spec["layer"][0]["params"][0]["select"]["fields"] == ["row", "col"]
    y_axis = spec["layer"][0]["encoding"]["y"]["axis"]
    assert y_axis["titleAngle"] == 0  # a Chinese axis title (层) stays level
    with pytest.raises(ValueError, match="without a shown name"):
        atlas_grid(
            [["odd"]],
            np.ones((1, 1)),
            names=names,
            chosen=None,
            title="",
            row_title="",
            col_title="",
            label_title="",
            strength_title="",
        )
