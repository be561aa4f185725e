"""The two lesson kinds on SmolLM2, a real generative model (lessons/kinds.py): `next_word`
(which word it finds most likely next) and `story_head` (which earlier word the last word looks
at most in STORY_HEAD). Each answer and each stated rank is checked against numbers computed
here from the model's own logits and weights; the forward passes are shared by every test (one
per distinct prompt, cached by ui/compute)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from core import questions
from core.models.smollm2 import STORY_HEAD, next_tokens
from core.questions import Candidate
from lessons import kinds, lesson
from lessons.kinds import KINDS
from lessons.lesson_file import parse
from tests.test_lesson import predict_language
from ui import compute
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXTS

LANGS = ("en", "zh")
ENGLISH = DEFAULT_TEXTS["en"]  # "The black cat drank the milk"
PROMPT = "The black cat drank the"  # ENGLISH without its last word: what next_word reads
SENTENCES = (ENGLISH, DEFAULT_TEXTS["zh"], "I like to eat…", "cat")
REPEATS = "The dog saw the cat and the dog ran"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module", autouse=True)
def weights_here() -> None:
    assert compute.smollm2_ready(), (
        "SmolLM2's arrays are missing: .venv/bin/python -m tools.fetch_models"
    )


def ask(kind: str, sentence: str, lang: str = "en"):
    with predict_language(lang):
        return KINDS[kind].build(lesson.class_pipeline(sentence, lang))


def whole_words(logits: np.ndarray) -> list[tuple[int, int]]:
    """(rank from 1, token id) of every token that starts a new word of letters, most likely
    first, read from the logits with numpy (a stable sort, as next_tokens sorts)."""
    tokenizer = compute.smollm2().tokenizer
    order = np.argsort(-logits.astype(np.float64), kind="stable")[: kinds.CANDIDATES]
    found = []
    for rank, token in enumerate(order.tolist(), start=1):
        raw = tokenizer.entry_bytes(token)
        if raw[:1] == b" " and raw[1:].isalpha():
            found.append((rank, token))
    return found


def offerable(logits: np.ndarray) -> list[tuple[int, int]]:
    """The first whole word, then those MiniLM's vocabulary file lists (read here)."""
    vocab = set((ROOT / "models" / "minilm" / "vocab.txt").read_text(encoding="utf-8").split())
    tokenizer = compute.smollm2().tokenizer
    words = whole_words(logits)
    known = [(r, i) for r, i in words[1:] if tokenizer.entry_bytes(i)[1:].decode().lower() in vocab]
    return words[:1] + known


# ---- next_word ------------------------------------------------------------------------------


def test_next_word_reads_the_sentence_without_its_last_word():
    assert kinds.prompt_of(ENGLISH) == kinds.Prompt(PROMPT, "milk", False)
    assert kinds.prompt_of("The black cat drank the milk.") == kinds.Prompt(PROMPT, "milk", False)
    assert kinds.prompt_of("I like to eat…") == kinds.Prompt("I like to eat", None, False)
    assert kinds.prompt_of("I like to eat...") == kinds.Prompt("I like to eat", None, False)
    assert kinds.prompt_of("cat") == kinds.Prompt("cat", None, False)
    assert kinds.prompt_of(DEFAULT_TEXTS["zh"]) == kinds.Prompt(PROMPT, "milk", True)


def test_next_word_answer_is_the_models_first_whole_word():
    logits = compute.smollm2_run(PROMPT).logits
    first = whole_words(logits)[0][1]
    asked = ask("next_word", ENGLISH)
    assert asked.answer.correct == {str(first)}
    top = next(t for t in next_tokens(logits, count=kinds.CANDIDATES) if t.id == first)
    assert f"“{asked.labels[str(first)]}”, {100 * top.probability:.1f} %." in asked.because


def test_each_offered_guess_is_stated_with_its_rank_in_the_models_distribution():
    logits = compute.smollm2_run(PROMPT).logits
    probs = np.exp(logits - logits.max()) / np.exp(logits - logits.max()).sum()  # [vocab]
    words = offerable(logits)
    wanted = {str(words[n - 1][1]): words[n - 1][0] for n in questions.WORD_PICKS}
    asked = ask("next_word", ENGLISH)
    assert set(asked.answer.options) == set(wanted)  # the 1st, 2nd, 3rd, 5th, 10th, 100th words
    for option, rank in wanted.items():
        pct = kinds.percent(float(probs[int(option)]))
        with predict_language("en"):
            nth = kinds.ordinal(rank)
        if asked.answer.is_right(option):
            assert rank == 1 and f"“{asked.labels[option]}”, {pct} %." in asked.because
        else:
            assert f"“{asked.labels[option]}” {nth} ({pct} %)" in asked.because, option
    labels = [asked.labels[o] for o in asked.answer.options]
    assert labels == sorted(labels, key=str.casefold)  # alphabetical: no hint of the ranks


def test_the_options_are_the_same_for_the_same_prompt_in_every_language():
    built = [ask("next_word", s, lang) for s in (ENGLISH, DEFAULT_TEXTS["zh"]) for lang in LANGS]
    assert len({a.answer.options for a in built}) == 1
    assert len({a.answer.correct for a in built}) == 1
    assert len(built[0].answer.options) == len(questions.WORD_PICKS)


def test_the_reveal_charts_the_top_ten_as_percent_labels():
    logits = compute.smollm2_run(PROMPT).logits
    top = next_tokens(logits, count=kinds.TOP_SHOWN)
    (fig,) = ask("next_word", ENGLISH).figures
    assert fig.kind == "bars" and len(fig.rows) == kinds.TOP_SHOWN
    np.testing.assert_allclose(fig.matrix[:, 0], [t.probability for t in top])
    assert all(
        row.endswith(f" {100 * t.probability:.1f} %") for row, t in zip(fig.rows, top, strict=True)
    )


def test_a_chinese_sentence_is_replaced_by_an_english_prompt_and_the_question_says_so():
    zh = ask("next_word", DEFAULT_TEXTS["zh"], "zh")
    assert "只读英文" in zh.question and PROMPT in zh.question
    en = ask("next_word", DEFAULT_TEXTS["zh"], "en")
    assert "only English" in en.question
    story = ask("story_head", DEFAULT_TEXTS["zh"], "zh")
    assert "只读英文" in story.question and ENGLISH in story.question
    assert "only English" in ask("story_head", DEFAULT_TEXTS["zh"], "en").question


def test_next_word_offers_only_whole_words():
    def c(i: int, text: str | None, p: float) -> Candidate:
        return Candidate(i, text, i + 1, p)

    found = [c(0, ",", 0.3), c(1, " milk", 0.2), c(2, "ing", 0.1), c(3, None, 0.1), c(4, " ", 0.05),
             c(5, " Water", 0.04), c(6, " 42", 0.03), c(7, " tea", 0.02)]  # fmt: skip
    answer = questions.next_word(found, picks=(1, 2, 3, 5))
    assert answer.options == ("1", "7", "5")  # milk, tea, Water: alphabetical, the 5th missing
    assert answer.correct == {"1"} and answer.numbers == (0.2, 2.0)
    assert questions.next_word(found[:2]) is None  # one word: nothing to choose between
    known = questions.next_word(found, picks=(1, 2, 3), known=lambda w: w != "tea")
    assert known.options == ("1", "5")  # milk, then Water; tea is not in the dictionary
    first_unknown = questions.next_word(found, picks=(1, 2), known=lambda w: w == "tea")
    assert first_unknown.correct == {"1"}  # the first word is the answer whatever it is


def test_rank_of_agrees_with_next_tokens():
    logits = compute.smollm2_run(PROMPT).logits
    for rank, token in enumerate(next_tokens(logits, count=12), start=1):
        assert questions.rank_of(logits, token.id) == (rank, pytest.approx(token.probability))


# ---- story_head -----------------------------------------------------------------------------


def _story_top(text: str) -> tuple[int, int]:
    """The last word's position and its top earlier token in STORY_HEAD (⟨start⟩ and the word
    itself left out), from the forward pass's weights with numpy."""
    layer, head = STORY_HEAD
    run = compute.smollm2_run(text)
    n = len(run.ids)
    last = n - 1  # the sentences here end in a word
    row = np.asarray(run.weights[layer, head, last])  # [n]
    return last, 1 + int(np.argmax(row[1:last]))


@pytest.mark.parametrize("lang", LANGS)
def test_story_head_answer_is_the_heads_largest_weight_on_an_earlier_word(lang):
    for sentence in (ENGLISH, REPEATS):
        last, top = _story_top(sentence)
        asked = ask("story_head", sentence, lang)
        assert asked.answer.correct == {str(top)}
        assert asked.answer.options == tuple(str(i) for i in range(1, last))  # not ⟨start⟩


def test_a_repeated_word_is_named_by_its_place_never_its_position():
    asked = ask("story_head", REPEATS)
    labels = [asked.labels[o] for o in asked.answer.options]
    assert labels == ["The", "the 1st “dog”", "saw", "the 1st “the”", "cat", "and",
                      "the 2nd “the”", "the 2nd “dog”"]  # fmt: skip
    zh = ask("story_head", REPEATS, "zh")
    assert zh.labels["8"] == "第 2 个“dog”"


def test_the_reason_states_the_heads_measured_rate_for_the_sentences_form(monkeypatch):
    monkeypatch.setattr(kinds, "STORY_RATES", {})
    unknown = ask("story_head", ENGLISH)
    monkeypatch.setattr(kinds, "STORY_RATES", {"plain": 0.873, "question": 0.5})
    known = ask("story_head", ENGLISH)
    assert "held-out" not in unknown.because
    assert "held-out sentences like “The farmer painted the fence.”" in known.because
    assert "in 87.3 % of them" in known.because
    with predict_language("zh"):
        assert "87.3%" in KINDS["story_head"].build(lesson.class_pipeline(ENGLISH, "zh")).because
    monkeypatch.setattr(kinds, "STORY_RATES", {"plain": 0.995, "passive": 0.0})
    assert "in 99.5 % of them" in ask("story_head", ENGLISH).because  # never rounded to 100
    with predict_language("en"):
        passive = kinds.rate_line("The fence was painted by the farmer.")
    assert "in 0 % of them" in passive and "cannot look ahead" in passive


def test_story_head_shows_the_heads_causal_weights():
    (fig,) = ask("story_head", ENGLISH).figures
    layer, head = STORY_HEAD
    weights = compute.smollm2_run(ENGLISH).weights[layer, head]  # [n, n]
    np.testing.assert_allclose(fig.matrix, weights, rtol=1e-5, atol=1e-7)  # float32 in the model
    assert fig.rows[0] == "⟨start⟩" and not np.triu(fig.matrix, k=1).any()  # causal


# ---- both kinds, in a lesson ----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_both_kinds_build_in_both_languages(lang):
    for name in ("next_word", "story_head"):
        kind = KINDS[name]
        assert kind.why and kind.question is not None
        assert all(TEXTS[f"kind_{part}_{name}"][lang] for part in ("title", "short", "teaches"))
        for sentence in SENTENCES:
            asked = ask(name, sentence, lang)
            if asked is None:  # one word: no earlier word to look at
                assert (name, sentence) == ("story_head", "cat")
                continue
            assert asked.question and asked.because and asked.figures
            assert set(asked.labels) == set(asked.answer.options)
            assert asked.answer.correct <= set(asked.answer.options)
            with predict_language(lang):
                assert lesson.charts(
                    lesson.Step(kind, 1, {}, {}), lesson.class_pipeline(sentence, lang)
                )


def test_the_built_in_lesson_uses_both_kinds_and_still_fits_45_minutes():
    long = lesson.builtin("lesson_45")
    ids = [step.id for step in long.steps]
    assert {"next_word", "story_head"} <= set(ids)
    assert long.minutes == 45
    assert ids.index("next_word") == ids.index("training_row") + 1
    assert ids.index("story_head") == ids.index("real_head") + 1
    for step in long.steps:
        assert step.point_texts["en"] and step.point_texts["zh"] and step.notes_texts["zh"]


def test_a_lesson_file_may_name_either_kind():
    text = b"""title.en = "Real models"
languages = ["en"]
[[steps]]
kind = "next_word"
minutes = 3
sentence = "I like to eat..."
point.en = "p"
notes.en = "n"
[[steps]]
kind = "story_head"
minutes = 3
point.en = "p"
notes.en = "n"
"""
    checked = parse(text, KINDS)
    assert [s.kind for s in checked.steps] == ["next_word", "story_head"]
    read = lesson.read(text)
    step = read.steps[0]
    asked = lesson.asked(step, lesson.step_pipeline(step, ENGLISH, "en"))
    assert "“I like to eat …”" in asked.question  # the step's own sentence, read as it is
