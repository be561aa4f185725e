"""Every page through AppTest, in both languages; the controls, the link and what pages show.

Bad input (strange sentences, nonsense links) is in tests/test_hostile.py."""

import json

import numpy as np
import pytest

from core.attention import AttentionSettings
from core.pipeline import pipeline, with_random_weights
from lessons import lesson
from tests.apptest_utils import (
    MENU,
    PAGES,
    all_text,
    chart_records,
    chart_specs,
    chart_titles,
    default_model,
    half_width_next_to_cjk,
    open_page,
    open_share_panel,
    page_file,
    unfold,
)
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXTS


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("page", PAGES)
def test_every_page_default(page, lang):
    at = open_page(page, {"lang": lang})
    assert not at.exception, [e.value for e in at.exception]
    no_chart = ("glossary", "present", "learn", "classroom", "join")  # a start form: no chart yet
    if page not in [page_file(name) for name in no_chart]:
        assert chart_specs(at), "every page draws at least one chart"
    spec = next(p for p in MENU if p.script == page)
    if spec.sidebar:
        assert at.text_area(key="text").value == DEFAULT_TEXTS[lang]  # the reader's language
    else:  # a class page: no sidebar (nothing there changes a class), its own language switch
        assert not (*at.sidebar.text_area, *at.sidebar.radio, *at.sidebar.toggle)
        assert at.session_state["lang"] == lang
        if page == page_file("classroom"):
            assert at.text_input(key="class_sentence_box").value == DEFAULT_TEXTS[lang]
    assert at.title, "every page has a title"
    label_key = next(p.label_key for p in MENU if p.script == page)
    assert at.title[0].value == TEXTS[label_key][lang], "a page's title is its menu label"
    if lang == "zh":  # all the page prints, lists joined in code included: full-width punctuation
        assert not unfold(open_share_panel(at)).exception  # every tab and folded part built
        titles = [json.dumps(spec.get("title", ""), ensure_ascii=False) for spec in chart_specs(at)]
        mistakes = half_width_next_to_cjk("\n".join([all_text(at), *titles]))
        assert not mistakes, mistakes


def test_url_parameters_set_the_controls():
    at = open_page(
        page_file("input"),
        {"lang": "zh", "text": "a b a", "d_model": "6", "d_k": "3", "seed": "5", "pe": "0"},
    )
    assert not at.exception
    assert not any(TEXTS["url_rejected_title"]["zh"] in w.value for w in at.warning)
    assert at.text_area(key="text").value == "a b a"
    assert at.number_input(key="d_model").value == 6
    assert at.toggle(key="pe").value is False
    assert at.title[0].value == TEXTS["nav_input"]["zh"]
    # positional encoding off + a repeated word: the page says rows 0 and 2 are identical
    assert "0–2" in "\n".join(w.value for w in at.warning)


def test_browser_locale_picks_chinese():
    at = open_page(page_file("home"), locale="zh-CN")
    assert at.radio(key="lang").value == "zh"
    assert at.title[0].value == TEXTS["nav_home"]["zh"]
    at = open_page(page_file("home"), {"lang": "en"}, locale="zh-CN")
    assert at.radio(key="lang").value == "en"


def test_switching_language_keeps_the_sentence():
    at = open_page(page_file("score"), {"text": "my own words"})
    at.radio(key="lang").set_value("zh").run()
    assert at.title[0].value == TEXTS["nav_score"]["zh"]
    assert at.text_area(key="text").value == "my own words"
    at.switch_page(page_file("roles")).run()
    assert at.text_area(key="text").value == "my own words"
    assert at.title[0].value == TEXTS["nav_roles"]["zh"]


def test_score_page_numbers_are_the_core_numbers():
    at = unfold(open_page(page_file("score")), "row_sums")
    expected_on = pipeline(default_model(), "The black cat drank the milk")
    expected_off = pipeline(
        default_model(), "The black cat drank the milk", AttentionSettings(use_softmax=False)
    )
    sums = at.dataframe[0].value
    np.testing.assert_allclose(sums.iloc[:, 2].to_numpy(), 1.0)
    np.testing.assert_allclose(sums.iloc[:, 1].to_numpy(), expected_off.attention.weights.sum(1))
    values = [r["value"] for r in chart_records(at, TEXTS["m_weights_soft"]["en"])]
    np.testing.assert_allclose(values, expected_on.attention.weights.ravel())


def test_softmax_switch_changes_what_pages_show():
    at = open_page(page_file("summary"))
    assert TEXTS["m_weights_soft"]["en"] in chart_titles(at)
    at.toggle(key="softmax").set_value(False).run()
    assert TEXTS["m_weights_raw"]["en"] in chart_titles(at)
    assert TEXTS["m_weights_soft"]["en"] not in chart_titles(at)


def test_causal_and_cross_attention_on_score_page():
    at = open_page(page_file("score"), {"kind": "causal"})
    records = chart_records(at, TEXTS["m_weights_soft"]["en"])
    for r in records:
        if int(r["col"][:3]) > int(r["row"][:3]):
            assert r["value"] == 0.0
    at = open_page(page_file("score"), {"kind": "cross"})
    assert at.text_input(key="source").value == "The ball is blue"
    assert at.text_input(key="target").value == "La bola es azul"
    factor = chart_specs(at)[0]
    assert factor["layer"][0]["encoding"]["y"]["sort"][0] == "000|la"  # word pieces: lower case
    n_target = len(default_model().encode("La bola es azul").tokens)  # la bo ##la ...
    n_source = len(default_model().encode("The ball is blue").tokens)
    assert len(chart_records(at, TEXTS["m_factor"]["en"])) == n_target * n_source


def test_roles_page_defaults_to_last_word_and_checks_the_sum():
    at = open_page(page_file("roles"), {"text": "The ball is blue"})
    assert at.selectbox(key="query").value == 3
    assert "blue" in chart_titles(at)[0]
    check = next(c.value for c in at.caption if "largest difference" in c.value)
    assert check.endswith("(largest difference 0.0000).")  # equal to rounding, said plainly


def test_rows_page_highlights_the_chosen_word():
    at = open_share_panel(open_page(page_file("rows"), {"word": "2"}))  # every tab built
    assert at.selectbox(key="word").value == 2
    specs = chart_specs(at)
    assert len(specs) == 6
    assert all(len(s["layer"]) >= 2 for s in specs)  # the outline layer of the chosen row
    for chosen in (4, 0):
        at.selectbox(key="word").set_value(chosen).run()
        for spec in chart_specs(at):
            outlined = outlined_rows(spec)
            assert outlined == {f"{chosen:03d}|{TOKENS[chosen]}"}, (chosen, outlined)


TOKENS = ["the", "black", "cat", "drank", "the", "milk"]  # the default model's word pieces


def outlined_rows(spec: dict) -> set[str]:
    """The rows the highlight outline layer (stroke, no fill) keeps: its filter's row ids."""
    rows: set[str] = set()
    for layer in spec["layer"]:
        mark = layer.get("mark", {})
        if isinstance(mark, dict) and "fill" in mark and mark["fill"] is None:
            for step in layer.get("transform", []):
                assert step["filter"]["field"] == "row"
                rows.add(step["filter"]["equal"])
    return rows


def test_roles_page_keeps_its_query_across_pages():
    """The query picked on page 5 survives a visit to another page (it used to reset)."""
    at = open_page(page_file("roles"))
    at.selectbox(key="query").set_value(2).run()
    at.switch_page(page_file("rows")).run()
    at.switch_page(page_file("roles")).run()
    assert not at.exception
    assert at.selectbox(key="query").value == 2


def test_weights_page_two_seeds_differ():
    at = open_page(page_file("weights"))
    assert not at.exception
    change = float(at.metric[0].value)
    p = pipeline(default_model(), "The black cat drank the milk")
    other = with_random_weights(p, 1)  # same X, W from seed 1
    assert change == pytest.approx(
        np.abs(p.attention.weights - other.attention.weights).max(), abs=5e-4
    )
    at = open_page(page_file("weights"), {"src": "toy"})
    at.number_input(key="seed_b").set_value(0).run()  # the toy's own seed: the same weights
    assert float(at.metric[0].value) == 0.0


def test_dot_page_matches_core():
    at = open_page(page_file("dot"), {"a": "5", "b": "3"})
    p = pipeline(default_model(), "The black cat drank the milk")
    q, k = p.key_side.q[5], p.key_side.k[3]
    assert float(at.metric[0].value) == pytest.approx(float(q @ k), abs=5e-5)
    cos = float(q @ k / np.linalg.norm(q) / np.linalg.norm(k))
    assert float(at.metric[1].value) == pytest.approx(cos, abs=5e-5)


def test_presenter_worked_example_and_back():
    at = open_page(page_file("present"), {"text": "my own words here", "numbers": "0"})
    at.button(key="present_example").click().run()
    assert at.text_area(key="text").value == "the cat drank milk"
    assert at.session_state["numbers"] is True
    at.button(key="present_next").click().run()
    assert TEXTS["present_counter"]["en"].format(
        number=2, n=len(lesson.default().steps)
    ) in all_text(at)
    at.button(key="present_restore").click().run()
    assert at.text_area(key="text").value == "my own words here"
    assert at.session_state["numbers"] is False
    assert not at.exception
