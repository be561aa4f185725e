"""The embedding-source switch on the concept pages and the real-model page.

Page 7 and the "Trained" source are tested in tests/test_learning.py.
"""

import base64
import io

import numpy as np
import pytest

from core.attention import AttentionSettings
from core.models import MiniLMHead
from core.pipeline import pipeline
from core.pretrained import MiniLM
from tests.apptest_utils import (
    ALL_PARAMS,
    all_text,
    chart_records,
    chart_titles,
    default_model,
    open_page,
    open_share_panel,
    page_file,
)
from ui import thumbs as ui_thumbs
from ui.i18n import TEXTS

CONCEPT_PAGES = [
    page_file("input"),
    page_file("rows"),
    page_file("weights"),
    page_file("score"),
    page_file("roles"),
    page_file("dot"),
    page_file("summary"),
]


@pytest.fixture(scope="module")
def minilm():
    return MiniLM.load()


@pytest.mark.parametrize("page", CONCEPT_PAGES)
def test_pretrained_source_on_every_concept_page(page, minilm):
    at = open_share_panel(open_page(page, {"src": "pretrained", "layer": "3", "head": "7"}))
    assert not at.exception, [e.value for e in at.exception]
    assert at.segmented_control(key="src").value == "pretrained"
    assert at.number_input(key="layer").value == 3
    # what the page shows (and exports) is MiniLM's layer 3, head 7, on MiniLM's tokens
    shown = at.session_state["_shown_pipeline"]
    assert (shown.model.kind, shown.model.layer, shown.model.head) == ("minilm", 3, 7)
    run = minilm.run("The black cat drank the milk")
    assert shown.tokens == tuple(run.tokens)
    np.testing.assert_allclose(shown.attention.weights, run.weights[3, 7], atol=1e-5)
    if page not in (page_file("dot"), page_file("weights"), page_file("roles")):
        # (pages 3, 5 and 6 open on W_Q, a bar chart and two vectors: not one row per token)
        labels = [str(r["row_label"]) for r in chart_records(at, "")]  # the first chart
        assert labels[0] == "[CLS]", labels[:3]
    if page == page_file("score"):
        # the softmax-on weights shown are the real head's weights, recomputed by our attend()
        records = chart_records(at, TEXTS["m_weights_soft"]["en"])
        n = int(np.sqrt(len(records)))
        labels = [r["row_label"] for r in records[::n]]
        assert labels[0] == "[CLS]" and labels[-1] == "[SEP]"
        reference = minilm.run("The black cat drank the milk").weights[3, 7]
        np.testing.assert_allclose([r["value"] for r in records], reference.ravel(), atol=1e-5)


def test_pretrained_pipeline_equals_the_model_with_defaults(minilm):
    p = pipeline(MiniLMHead(minilm, 4, 2), "Attention is all you need.")
    r = minilm.run("Attention is all you need.")
    np.testing.assert_allclose(p.attention.weights, r.weights[4, 2], atol=1e-5)
    np.testing.assert_allclose(p.attention.scores, r.scores[4, 2], atol=1e-4)
    off = pipeline(
        MiniLMHead(minilm, 4, 2), "Attention is all you need.", AttentionSettings(use_softmax=False)
    )
    np.testing.assert_allclose(
        off.attention.output, r.scores[4, 2] @ r.v[4, 2], rtol=1e-4, atol=1e-4
    )


def test_real_model_page_grid_and_click_state():
    at = open_page(page_file("real_model"), {"layer": "0", "head": "2", "nospecial": "1"})
    at = open_share_panel(at)  # every tab built
    assert not at.exception
    titles = chart_titles(at)
    grid_title = TEXTS["real_grid"]["en"].format(model="all-MiniLM-L6-v2")
    assert grid_title in titles
    grid = next(c for c in at.get("vega_lite_chart") if grid_title in c.proto.spec)
    assert grid.proto.spec.count("data:image/png;base64,") == 0  # images travel as datasets
    body = all_text(at)
    assert "L0 H2" in body  # the previous-word head of MiniLM, measured on the sentence
    assert TEXTS["specials_hidden_renorm"]["en"].format(start="[CLS]", end="[SEP]") in body
    records = chart_records(at, TEXTS["m_weights_soft"]["en"])
    assert {r["row_label"] for r in records} == {"the", "black", "cat", "drank", "milk"}
    # with [CLS]/[SEP] hidden, each softmax row is renormalised over the words left
    sums: dict[str, float] = {}
    for r in records:
        sums[r["row"]] = sums.get(r["row"], 0.0) + r["value"]
    np.testing.assert_allclose(list(sums.values()), 1.0, atol=1e-6)


def test_compare_default_sentences_draw_a_difference_aligned_by_position():
    """The default pair differs in its third word: the map is drawn, that word labelled a/b."""
    at = open_page(page_file("compare"))
    assert not at.exception
    assert len(at.get("vega_lite_chart")) == 3  # A, B and B − A
    a = pipeline(default_model(), "The black cat drank the milk").attention.weights
    b = pipeline(default_model(), "The black dog drank the milk").attention.weights
    diff = chart_records(at, "B − A")
    np.testing.assert_allclose([r["value"] for r in diff], (b - a).ravel(), atol=1e-12)
    assert [r["row_label"] for r in diff[::6]] == [
        "the",
        "black",
        "cat/dog",
        "drank",
        "the",
        "milk",
    ]


def test_an_old_compare_link_keeps_the_sentences_it_was_made_with():
    """A link from before links named their model left the old default pair out: it still
    opens on that pair, and the toy it was made with."""
    at = open_page(page_file("compare"), {"d_model": "8"})
    assert not at.exception
    assert at.text_input(key="ca").value == "The cat drank the milk because it was hungry"
    assert at.text_input(key="cb").value == "The cat drank the milk because it was sweet"
    assert at.session_state["src"] == "toy"
    fresh = open_page(page_file("compare"), {"src": "distilled", "d_model": "8"})
    assert fresh.text_input(key="ca").value == "The black cat drank the milk"


def test_a_link_that_gives_only_the_language_opens_on_that_languages_examples():
    """?lang=zh is not an old link: compare opens on the Chinese pair, the sidebar on the
    Chinese sentence, and the model stays the default."""
    at = open_page(page_file("compare"), {"lang": "zh"})
    assert not at.exception
    assert at.text_input(key="ca").value == ALL_PARAMS["ca"].default_in("zh") == "黑猫喝了牛奶"
    assert at.text_input(key="cb").value == ALL_PARAMS["cb"].default_in("zh") == "黑狗喝了牛奶"
    assert at.session_state["text"] == "黑猫喝了牛奶"
    assert at.session_state["src"] == ALL_PARAMS["src"].default


def test_compare_sentences_of_different_lengths_align_the_shorter():
    at = open_page(page_file("compare"), {"ca": "the cat sat", "cb": "the cat sat down"})
    assert not at.exception
    diff = chart_records(at, "B − A")
    assert len(diff) == 9  # 3 × 3: the positions both sentences have
    assert "first 3 tokens" in all_text(at)


def test_compare_never_subtracts_weights_from_scores():
    """Softmax on vs off: weights and raw scores are different kinds: no B − A of them."""
    at = open_page(page_file("compare"), {"cmp": "settings", "cmps": "softmax", "cmpm": "weights"})
    assert not at.exception
    assert len(at.get("vega_lite_chart")) == 2
    assert "different kinds of number" in all_text(at)


def test_compare_settings_draws_the_output_difference():
    at = open_page(page_file("compare"), {"cmp": "settings", "cmps": "softmax", "cmpm": "output"})
    assert not at.exception
    assert len(at.get("vega_lite_chart")) == 3
    on = pipeline(default_model(), "The black cat drank the milk").attention.output
    off = pipeline(
        default_model(), "The black cat drank the milk", AttentionSettings(use_softmax=False)
    ).attention.output
    diff = chart_records(at, "B − A")
    np.testing.assert_allclose([r["value"] for r in diff], (off - on).ravel(), atol=1e-12)
    where = np.unravel_index(np.argmax(np.abs(off - on)), on.shape)[0]
    word = ["The", "black", "cat", "drank", "the", "milk"][where]
    assert f"{np.abs(off - on).max():.4f}, in the row of “{word}”" in all_text(at)


def test_compare_same_sentences_difference_is_zero_and_zh_works():
    text = "the cat sat"
    at = open_page(page_file("compare"), {"ca": text, "cb": text, "lang": "zh"})
    assert not at.exception
    assert at.title[0].value == TEXTS["nav_compare"]["zh"]
    assert TEXTS["cmp_diff_none"]["zh"] in all_text(at)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_glossary_links_every_term(lang):
    from app_pages.glossary.texts import GLOSSARY

    at = open_page(page_file("glossary"), {"lang": lang})
    assert not at.exception
    body = all_text(at)
    for term_id, english, chinese, _ in GLOSSARY:
        assert english in body and chinese in body
        assert TEXTS[f"gloss_{term_id}"][lang] in body


def _pixels(uri: str) -> np.ndarray:
    from PIL import Image

    raw = base64.b64decode(uri.removeprefix("data:image/png;base64,"))
    return np.asarray(Image.open(io.BytesIO(raw)).convert("RGB"))


@pytest.mark.parametrize(("model", "hide"), [("minilm", False), ("minilm", True), ("e5", True)])
def test_head_thumbnails_are_every_head_one_pixel_per_cell(model, hide):
    from app_pages.real_model import thumbs
    from core.heads import keep_words
    from ui.real_models import BY_NAME

    text = "the black cat drank milk" if model == "minilm" else "小明把作业写完了吗？"
    result = BY_NAME[model].run(text)
    uris = thumbs.head_thumbnails(model, text, hide)
    n_layers = 6 if model == "minilm" else 12
    assert len(uris) == n_layers * 12  # every layer's 12 heads, layer-major
    n = len(result.tokens)
    layer, head = 4, 7
    matrix = np.asarray(result.weights[layer][head])  # [n, n] softmax rows
    if hide:
        keep = keep_words(result.tokens)
        assert len(keep) == n - 2  # [CLS] and [SEP], or <s> and </s>
        matrix = matrix[np.ix_(keep, keep)]
        matrix = matrix / matrix.sum(axis=1, keepdims=True)
        n -= 2
    pixels = _pixels(uris[layer * 12 + head])
    assert pixels.shape == (n, n, 3)
    stops = ui_thumbs.stops(ui_thumbs.WEIGHT_STOPS)
    # a weight of 1 is the last colour stop, 0 the first; in between, the straight line
    for (i, j), w in np.ndenumerate(matrix):
        k = min(int(w * (len(stops) - 1)), len(stops) - 2)
        frac = w * (len(stops) - 1) - k
        expected = stops[k] + (stops[k + 1] - stops[k]) * frac
        np.testing.assert_allclose(pixels[i, j], expected, atol=0.51)
