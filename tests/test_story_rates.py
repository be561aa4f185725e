"""The story, never claimed beyond what holds: the verb and object found in a typed sentence, the
verdict on one sentence, and the rates the app states, checked on sentences never measured."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from core import chinese_forms, sentence_forms
from core.models import DistilledHead
from core.models.distilled import STORY_RATES
from core.models.e5 import E5_STORY_HEAD, E5_STORY_RATES, E5Head, load_e5
from core.pipeline import pipeline
from core.story_rates import FORMS_BY_LANGUAGE, GENERATORS, holds_on, measure
from core.verb_object import VERBS_FILE, find, known_verbs
from core.word_rows import letters_span, story_verdict, token_spans
from tests.apptest_utils import all_text, open_page, page_file
from tools import make_verbs

SEED = 3  # never the seed the stated rates were measured on (11)
RATE_SLACK = 0.16  # two standard deviations of a share of 40 sentences near 50 %


def words(sentence, index: int) -> str:
    start, end = letters_span(sentence, index)
    return sentence.text[start:end]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_verb_and_object_are_found_on_every_form_or_not_guessed(lang: str) -> None:
    for form in FORMS_BY_LANGUAGE[lang]:
        counts = Counter()
        for s in GENERATORS[lang](form, 16, seed=SEED):
            found = find(s.text)
            if found is None:
                counts["none"] += 1
                continue
            right = words(found, found.verb) == words(s, s.verb) and words(s, s.object).endswith(
                words(found, found.object)
            )
            counts["right" if right else "wrong"] += 1
        assert counts["right"] >= 14, (lang, form, counts)  # 88 %; seen 92-100 %
        assert counts["wrong"] <= 2, (lang, form, counts)  # 把: jieba glues 树种 (seed), once


def test_the_finder_on_sentences_people_type() -> None:
    cases = {
        "The black cat drank the milk": ("drank", "milk"),
        "She reads books every day.": ("reads", "books"),
        "The students asked the teacher a question.": ("asked", "teacher"),
        "My sister bought a new car yesterday.": ("bought", "car"),
        "我喜欢吃苹果": ("吃", "苹果"),
        "小明把作业写完了吗？": ("写", "作业"),
        "他给了我一本书": ("给", "书"),
        "老师被学生问了一个问题": ("问", "老师"),
    }
    for text, (verb, obj) in cases.items():
        found = find(text)
        assert found is not None, text
        assert (words(found, found.verb), words(found, found.object)) == (verb, obj), text
    for text in ("Hello there", "The quick brown fox jumps over the lazy dog.", "今天天气很好"):
        assert find(text) is None, text  # no object: the app says it cannot tell


def test_token_spans_read_each_models_marks() -> None:
    text = "The Café drank"
    assert token_spans(text, ["[CLS]", "the", "cafe", "dr", "##ank", "[SEP]"]) == [
        (0, 0), (0, 3), (4, 8), (9, 11), (11, 14), (14, 14),
    ]  # fmt: skip
    assert token_spans(text, ["<s>", "\u2581The", "\u2581Café", "\u2581drank", "</s>"])[1:4] == [
        (0, 3),
        (4, 8),
        (9, 14),
    ]
    assert token_spans("黑猫喝了牛奶", ["黑", "猫", "喝", "了", "牛奶"])[-1] == (4, 6)


def test_the_verdict_on_one_sentence_in_each_language() -> None:
    head = DistilledHead.load()
    shows = pipeline(head, "The black cat drank the milk")
    v = story_verdict(shows.key_side.text, shows.tokens, shows.attention.weights)
    assert v is not None and v.holds and v.top_word == v.sentence.verb
    row = shows.attention.weights[5]  # milk's row; every word is one token
    assert v.ratio == pytest.approx(row[3] / np.delete(row, 3).max())

    fails = pipeline(head, "小明把作业写完了吗？")
    v = story_verdict(fails.key_side.text, fails.tokens, fails.attention.weights)
    assert v is not None and not v.holds
    assert words(v.sentence, v.top_word) == "把" and words(v.sentence, v.sentence.verb) == "写"

    e5 = E5Head(load_e5(), *E5_STORY_HEAD)
    holds_zh = pipeline(e5, "小明把作业写完了吗？")
    v = story_verdict(holds_zh.key_side.text, holds_zh.tokens, holds_zh.attention.weights)
    assert v is not None and v.holds  # the real model's story head shows it on this one


def test_the_page_says_what_this_sentence_shows_in_both_languages() -> None:
    at = open_page(page_file("rows"), {"text": "小明把作业写完了吗？", "lang": "zh"})
    assert "宾语“作业”最关注的是“把”，而不是它的动词“写”" in all_text(at)
    at = open_page(page_file("summary"), {"text": "Hello there"})
    assert "cannot tell which word of this sentence is the verb" in all_text(at)


def test_the_default_models_stated_rates_hold_on_other_sentences() -> None:
    found = measure(DistilledHead.load(), 40, seed=SEED)
    off = {
        k: (round(found[k], 2), v) for k, v in STORY_RATES.items() if abs(found[k] - v) > RATE_SLACK
    }
    assert not off, off
    assert set(found) == set(STORY_RATES)


@pytest.mark.parametrize(
    "lang, form", [("en", "question"), ("en", "imperative"), ("zh", "measure"), ("zh", "ba")]
)
def test_the_real_models_story_head_holds_where_the_default_does_not(lang: str, form: str) -> None:
    head = E5Head(load_e5(), *E5_STORY_HEAD)
    made = GENERATORS[lang](form, 10, seed=SEED)
    rate = sum(holds_on(head, s) for s in made) / len(made)
    assert rate >= E5_STORY_RATES[(lang, form)] - 0.25
    assert rate > STORY_RATES[(lang, form)]


def test_the_home_page_states_the_measured_rates_and_no_more() -> None:
    text = all_text(open_page(page_file("home")))
    assert "any sentence" not in text
    best = max((r, f) for (lang, f), r in STORY_RATES.items() if lang == "en")
    assert f"{best[0]:.0%}" in text
    text = all_text(open_page(page_file("home"), {"lang": "zh"}))
    assert "无论你输入什么句子" not in text
    worst = min((r, f) for (lang, f), r in STORY_RATES.items() if lang == "zh")
    assert f"{worst[0]:.0%}" in text


def test_the_forms_of_both_generators_are_the_rates_keys() -> None:
    keys = {("en", f) for f in sentence_forms.FORMS} | {("zh", f) for f in chinese_forms.FORMS}
    assert set(STORY_RATES) == keys == set(E5_STORY_RATES)


def test_the_verb_list_is_what_its_tool_makes() -> None:
    lines = VERBS_FILE.read_text(encoding="utf-8").splitlines()
    assert lines[1:] == make_verbs.verbs()
    assert {"drink", "paint", "buy"} <= known_verbs()
