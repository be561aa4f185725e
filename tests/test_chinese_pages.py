"""The default model's reading of Chinese, as the pages show it: a word's gloss is one click
away (a folded table under the sentence), and the charts show the Chinese words."""

from __future__ import annotations

import pytest

from core.chinese import read_pieces
from core.models import DistilledHead
from tests.apptest_utils import chart_specs, open_page, page_file, unfold
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXTS


def tr(lang: str, key: str, **values: object) -> str:
    return TEXTS[key][lang].format(**values)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_gloss_table_lists_each_chinese_word_and_what_it_is_read_as(lang):
    text = "老渔夫修补了他的破渔网"
    at = open_page(page_file("rows"), {"lang": lang, "text": text})
    assert not at.exception
    heading = tr(lang, "glosses_heading", n=8)
    assert heading in [e.label for e in at.expander]
    assert not at.dataframe or all(
        tr(lang, "glosses_word") not in d.value.columns for d in at.dataframe
    )  # folded: not built
    at = unfold(at, "glosses")
    (table,) = [d.value for d in at.dataframe if tr(lang, "glosses_word") in d.value.columns]
    pieces = read_pieces(DistilledHead.load().tokenizer, text)
    assert list(table[tr(lang, "glosses_word")]) == [p.shown for p in pieces]
    assert list(table[tr(lang, "glosses_read")]) == [p.reads for p in pieces]
    assert "渔网" in list(table[tr(lang, "glosses_word")])


def test_english_has_no_gloss_table_and_the_chinese_default_charts_show_chinese_words():
    at = open_page(page_file("rows"), {})
    assert not at.exception
    assert all("words)" not in e.label for e in at.expander)
    at = open_page(page_file("summary"), {"lang": "zh"})
    labels = {
        str(r.get("row_label"))
        for spec in chart_specs(at)
        for rows in spec.get("datasets", {}).values()
        for r in rows
    }
    words = [p.shown for p in read_pieces(DistilledHead.load().tokenizer, DEFAULT_TEXTS["zh"])]
    assert words == ["黑", "猫", "喝", "了", "牛奶"]
    assert set(words) <= labels


@pytest.mark.parametrize("source", ["distilled", "toy", "pretrained", "trained"])
def test_the_sentence_help_says_how_the_model_shown_cuts_a_sentence(source):
    at = open_page(page_file("rows"), {"src": source, "lang": "zh"})
    assert not at.exception
    help_text = TEXTS["sentence_help_" + source]["zh"].format(max=64)
    assert help_text in [c.value for c in at.sidebar.caption]


@pytest.mark.parametrize("page", ["real_model", "atlas", "variant"])
def test_pages_of_a_real_model_open_on_e5_in_chinese_and_say_how_it_cuts_a_sentence(page):
    """Chinese opens on multilingual-e5-small, the real model that reads it; MiniLM stays one
    click (or a link) away, and the sidebar says how the model shown cuts a sentence."""
    for params, model in (({"lang": "zh"}, "e5"), ({"lang": "zh", "real": "minilm"}, "pretrained")):
        at = open_page(page_file(page), params)
        assert not at.exception
        assert at.segmented_control(key="real").value == ("e5" if model == "e5" else "minilm")
        help_text = TEXTS["sentence_help_" + model]["zh"].format(max=64)
        assert help_text in [c.value for c in at.sidebar.caption]
