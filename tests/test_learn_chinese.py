"""Page 7's model and Chinese: its corpus is written in Chinese too (core/learning/corpus.py:
那只 黑 猫 喝 了 奶 is "the black cat drank the milk"), so a Chinese sentence of those words is
one it saw, and only a word outside the corpus is one it "never saw" (ui/layout's notice)."""

from __future__ import annotations

import numpy as np
import pytest

from core.learning.corpus import cut_chinese, in_english
from core.learning.task import TrainSettings, initial_model
from core.models.trained import TrainedHead
from core.tokenize import tokenize
from tests.apptest_utils import open_page, page_file
from ui.i18n import TEXTS

SEEN = "那只黑猫喝了奶"  # the default probe in Chinese: every word is in the corpus
UNSEEN = "那只黑猫喝了咖啡"  # 咖啡 (coffee) is no word of the corpus


@pytest.fixture(scope="module")
def model():
    return initial_model(TrainSettings())  # unknown words do not depend on training


def test_a_chinese_sentence_of_the_corpus_has_no_word_the_model_never_saw(model):
    characters = list(tokenize(SEEN).tokens)  # as the notice cuts it: one a character
    assert characters == ["那", "只", "黑", "猫", "喝", "了", "奶"]
    assert model.unknown(characters) == [False] * 7
    words = cut_chinese(characters)
    assert words == ["那只", "黑", "猫", "喝", "了", "奶"]
    assert model.unknown(words) == [False] * 6
    assert in_english(words) == ["the", "black", "cat", "drank", "the", "milk"]


def test_a_word_outside_the_corpus_is_one_it_never_saw(model):
    characters = list(tokenize(UNSEEN).tokens)
    unknown = [c for c, u in zip(characters, model.unknown(characters), strict=True) if u]
    assert unknown == ["咖", "啡"]
    assert model.unknown(["那", "只", "黑", "色"]) == [False, False, False, True]  # 黑色: no


def test_the_trained_head_reads_a_chinese_sentence_as_its_english_one(model):
    head = TrainedHead(model)
    chinese, english = head.encode(SEEN), head.encode("the black cat drank the milk")
    assert chinese.tokens == ("那只", "黑", "猫", "喝", "了", "奶")
    np.testing.assert_array_equal(chinese.x, english.x)
    unseen = head.encode(UNSEEN)
    assert unseen.tokens[-2:] == ("咖", "啡") and not unseen.embedding[-2:].any()


@pytest.mark.parametrize(
    ("text", "named"), [(SEEN, None), (UNSEEN, "“咖”、“啡”")], ids=["seen", "unseen"]
)
def test_the_notice_names_only_words_outside_the_corpus(text, named):
    at = open_page(page_file("rows"), {"lang": "zh", "src": "trained", "text": text})
    assert not at.exception
    notice = TEXTS["trained_unknown"]["zh"].split("{")[0]
    said = [c.value for c in at.caption if c.value.startswith(notice)]
    if named is None:
        assert said == []
    else:
        assert said == [TEXTS["trained_unknown"]["zh"].format(words=named)]
