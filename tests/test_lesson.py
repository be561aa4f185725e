"""The lessons (lessons/builtin/*.toml through lessons/lesson.py) and the question kinds they are
made of (lessons/kinds.py): every step of every built-in lesson run on English and Chinese
sentences, each answer checked against numbers computed here with numpy; the built-in lesson
asks why; speaker notes that never reach the projector or a phone; Ask first that shows no
answer before the reveal; old presenter links that still open."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
import streamlit as st

from app_pages.present.params import OLD_STEPS, lesson_step_of
from core.attention import AttentionSettings
from core.learning.task import train
from core.models.e5 import E5_STORY_HEAD, load_e5
from core.models.smollm2 import STORY_HEAD
from core.pipeline import Pipeline, pipeline, with_random_weights
from core.pretrained import MiniLM
from core.story import TEACHER_HEADS, TEACHER_LAYER
from core.word_rows import word_view
from lessons import kinds, lesson
from lessons.kinds import KINDS
from tests.apptest_utils import all_text, chart_specs, default_model, open_page, page_file
from ui import compute, predict
from ui.i18n import TEXTS
from ui.markdown import escape_md
from ui.session import last_word
from ui.settings import DEFAULT_TEXTS
from ui.texts import PIPELINE_STEPS

LANGS = ("en", "zh")
STEPS = lesson.default().steps
SENTENCES = {  # the default sentence and one of another shape, in each language
    "en": (DEFAULT_TEXTS["en"], "a small dog chased the red ball."),
    "zh": (DEFAULT_TEXTS["zh"], "小狗追着红色的球。"),
}
WHY_KINDS = {  # the "why" questions, each a kind
    "query_match",  # which word a learned query aligns with
    "training_row",  # what training changes in one row
    "learned_vs_random",  # learned against random
    "real_head",  # what a real head attends to among the words
    "one_word_changes",  # what moves when one word changes
}


def test_the_built_in_lessons_fit_their_time_and_ask_why():
    long, short = (lesson.builtin(name) for name in lesson.BUILTIN)
    assert (long.minutes, short.minutes) == (45, 20)
    for each in (long, short):
        assert 1 < len(each.steps) <= 12
        mechanics = [step.id for step in each.steps if not step.kind.why]
        assert len(mechanics) <= 2, mechanics
        assert all(step.point and step.notes and step.title for step in each.steps)
    ids = [step.id for step in long.steps]
    assert WHY_KINDS <= set(ids)
    assert "own_sentences" in ids and ids[-1] == "what_moves"
    (training,) = [step for step in long.steps if step.training]
    assert training.question is not None  # it asks before it trains


def test_at_least_twelve_kinds_each_naming_what_it_teaches_in_both_languages():
    assert len(KINDS) >= 12
    assert WHY_KINDS <= {name for name, kind in KINDS.items() if kind.why}
    for name in KINDS:
        for part in ("title", "short", "teaches"):
            assert all(TEXTS[f"kind_{part}_{name}"][lg].strip() for lg in LANGS), (name, part)


@contextmanager
def predict_language(lang: str) -> Iterator[None]:
    """Questions asked in `lang` outside a page (ui/i18n reads the session's language)."""
    before = st.session_state.get("lang", "en")
    st.session_state["lang"] = lang
    try:
        yield
    finally:
        st.session_state["lang"] = before


def _top_other(row: np.ndarray, query: int, skip: set[int] = frozenset()) -> int:
    """The key with the largest entry, the query and `skip` left out (numpy only)."""
    masked = np.array(row, dtype=float)
    masked[[query, *skip]] = -np.inf
    return int(np.argmax(masked))


def _kept(mine: Pipeline, last: int, first_seed: int) -> str:
    top = _top_other(mine.attention.weights[last], last)
    seeds = range(first_seed, first_seed + kinds.SEEDS_TRIED)
    kept = sum(
        _top_other(with_random_weights(mine, s).attention.weights[last], last) == top for s in seeds
    )
    return "mostly" if kept >= 0.8 * len(seeds) else "chance"


def _swapped_text(tokens: tuple[str, ...], position: int, lang: str) -> str:
    first, second = kinds.SWAP_WORD[lang]
    words = list(tokens)
    words[position] = second if words[position] == first else first
    return ("" if lang == "zh" else " ").join(words)


def expected(kind: str, sentence: str, lang: str) -> set[str] | None:
    """The right options of `kind` on `sentence`, from the model's arrays with numpy."""
    model = default_model()
    mine = pipeline(model, sentence)  # the same model and switches, without the app
    last = last_word(mine.key_side.tokens)  # not a final punctuation mark
    q, k, v = mine.query_side.q, mine.key_side.k, mine.key_side.v
    factor = q @ k.T  # [n, n]
    weights = mine.attention.weights
    top = _top_other(weights[last], last)
    if kind == "query_match":
        return {str(_top_other(factor[last], last))}
    if kind == "top_weight":
        return {str(top)}
    if kind == "dot_sign":
        return {"positive" if q[last] @ k[0] > 0 else "negative"}
    if kind == "query_width":
        return {str(q.shape[1])}
    if kind == "repeat_rows":
        x, tokens = mine.key_side.x, mine.key_side.tokens
        repeated = [(i, j) for i in range(len(tokens)) for j in range(i + 1, len(tokens))
                    if tokens[i] == tokens[j]]  # fmt: skip
        if not repeated:
            return None
        i, j = repeated[0]
        return {"yes" if np.array_equal(x[i], x[j]) else "no"}
    if kind == "factor_symmetric":
        return {"yes" if np.allclose(factor, factor.T) else "no"}
    if kind == "softmax_sums":
        off = pipeline(model, sentence, AttentionSettings(use_softmax=False))
        return {"yes" if np.allclose(off.attention.weights.sum(axis=1), 1) else "no"}
    if kind == "scale_order":
        root = np.sqrt(q.shape[1])
        same = np.array_equal(
            np.argsort(factor, axis=1, kind="stable"),
            np.argsort(factor / root, axis=1, kind="stable"),
        )
        return {"no" if same else "yes"}
    if kind == "longest_term":
        terms = weights[last][:, None] * v  # [n_k, d_v]
        return {str(int(np.argmax(np.linalg.norm(terms, axis=1))))}
    if kind == "training_row":
        run = train(kinds.TRAINING)
        return {str(_top_other(run.probe_weights[run.watch_row], run.watch_row))}
    if kind == "learned_vs_random":
        return {_kept(mine, last, kinds.RANDOM_SEED)}
    if kind == "larger_max":
        other = with_random_weights(mine, kinds.RANDOM_SEED).attention.weights
        return {"a" if weights.max() > other.max() else "b"}
    if kind == "real_head" and any("\u4e00" <= c <= "\u9fff" for c in sentence):  # e5, over words
        run = load_e5().run(sentence, max_tokens=64)
        view = word_view(sentence, run.tokens, run.weights[E5_STORY_HEAD])
        n = len(view.words)
        return {str(_top_other(view.weights[n - 1], n - 1))}
    if kind == "real_head":
        # the heads the default model learned from, each over the words only, then their mean
        heads = MiniLM.load().run(sentence).weights[TEACHER_LAYER, list(TEACHER_HEADS)]
        inner = heads[:, 1:-1, 1:-1]  # [h, n, n]: [CLS] and [SEP] left out
        words = (inner / inner.sum(axis=-1, keepdims=True)).mean(axis=0)
        n = len(words)  # the sentences here end in a word
        return {str(_top_other(words[n - 1], n - 1))}
    if kind == "one_word_changes":
        other = pipeline(model, _swapped_text(mine.key_side.tokens, top, lang))
        if len(other.key_side.tokens) != len(mine.key_side.tokens):
            return None
        moves = np.abs(other.attention.weights - weights).sum(axis=1)  # [n]
        return {str(_top_other(moves, top))}
    if kind == "what_moves":
        rows = {
            "scale": pipeline(model, sentence, AttentionSettings(scale=False)),
            "softmax": pipeline(model, sentence, AttentionSettings(use_softmax=False)),
            "random": with_random_weights(mine, kinds.RANDOM_SEED),
        }
        moved = {n: _top_other(o.attention.weights[last], last) != top for n, o in rows.items()}
        assert not moved["scale"] and not moved["softmax"]  # monotone: they never move the top
        return {"random"} if moved["random"] else {"none"}
    if kind == "next_word":  # SmolLM2's first whole word after the sentence cut before its last
        logits = compute.smollm2_run(kinds.prompt_of(sentence).text).logits
        tokenizer = compute.smollm2().tokenizer
        for token in np.argsort(-logits.astype(np.float64), kind="stable").tolist():
            raw = tokenizer.entry_bytes(token)
            if raw[:1] == b" " and raw[1:].isalpha():
                return {str(token)}
    if kind == "story_head":  # SmolLM2's STORY_HEAD: the last word's top word before it
        english = kinds.in_english(sentence)[0]  # a Chinese sentence: the English default
        end = last_word(kinds.story_pipeline(english).key_side.tokens)
        row = np.asarray(compute.smollm2_run(english).weights[STORY_HEAD][end])  # [n]
        return {str(1 + int(np.argmax(row[1:end])))}  # ⟨start⟩ and the word itself left out
    assert kind == "own_sentences", f"no numpy check for the kind {kind}"
    return None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", lesson.BUILTIN)
def test_every_step_of_every_built_in_lesson_is_the_computation(name, lang):
    """Each step's expected answer on each sentence, recomputed here with numpy."""
    for sentence in SENTENCES[lang]:
        p = lesson.class_pipeline(sentence, lang)
        mine = pipeline(default_model(), sentence)
        np.testing.assert_allclose(p.attention.weights, mine.attention.weights)
        with predict_language(lang):
            for step in lesson.builtin(name).steps:
                asked = lesson.asked(step, lesson.step_pipeline(step, sentence, lang))
                right = expected(step.id, sentence, lang)
                if right is None:
                    assert asked is None or step.id == "one_word_changes", step.id
                    continue
                assert asked is not None, (step.id, sentence)
                assert set(asked.answer.correct) == right, (step.id, sentence)
                assert lesson.charts(step, p), step.id


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_is_the_computation(lang):
    """The kinds no built-in lesson uses, too: a teacher's file may name any of them."""
    sentence = SENTENCES[lang][0]
    p = lesson.class_pipeline(sentence, lang)
    with predict_language(lang):
        for kind in KINDS.values():
            right = expected(kind.name, sentence, lang)
            asked = kind.build(p) if kind.build else None
            assert (asked is None) == (right is None), kind.name
            if asked is not None:
                assert set(asked.answer.correct) == right, kind.name


def test_a_random_model_step_still_asks_when_the_sentence_is_one_word():
    p = lesson.class_pipeline("cat", "en")
    for step in STEPS:
        lesson.asked(step, p)  # no error; questions that need two words say they do not fit
    assert lesson.asked(STEPS[0], p) is None


def _md(text: str) -> str:
    """A lesson file's text as the page writes it into its Markdown: made inert."""
    return escape_md(text, len(text))


def _notes(lang: str) -> list[str]:
    return [_md(step.notes_texts[lang]) for step in STEPS]


@pytest.mark.parametrize("lang", LANGS)
def test_present_with_ask_first_shows_no_answer_before_the_reveal(lang):
    """Every step: its title and question, but no point, no answer and no chart; after the
    reveal, the answer with its reason (the one found before the reveal nowhere) and its charts."""
    sentence = DEFAULT_TEXTS[lang]
    p = lesson.class_pipeline(sentence, lang)
    for i, step in enumerate(STEPS):
        params = {"lesson": str(i), "lang": lang, "text": sentence}
        at = open_page(page_file("present"), params)
        assert not at.exception, step.id
        before = all_text(at)
        assert _md(TEXTS[f"kind_title_{step.id}"][lang]) in before, step.id
        assert not any(n in before for n in _notes(lang)), step.id
        point = _md(step.point_texts[lang])
        if step.question is None:
            assert point in before, step.id
            continue
        assert point not in before and chart_specs(at) == [], step.id
        answer = lesson.asked(step, p).answer  # option ids: the same in every language
        right = next(o for o in answer.options if answer.is_right(o))
        radio = next(r for r in at.radio if r.key.startswith(predict.RADIO))
        radio.set_value(right).run()
        next(b for b in at.button if b.key.startswith("reveal_")).click().run()
        assert not at.exception, step.id
        verdict = next(m.value for m in at.markdown if m.value.startswith("✅"))
        because = verdict.split("** ", 1)[1]  # after "✅ **Right!**": the answer and its reason
        assert len(because) > 40 and because not in before, step.id
        assert chart_specs(at), step.id
        assert not any(n in all_text(at) for n in _notes(lang)), step.id


def test_present_without_asking_shows_each_point_and_chart_and_never_the_notes():
    for i, step in enumerate(STEPS):
        at = open_page(page_file("present"), {"lesson": str(i), "ask": "0"})
        assert not at.exception, step.id
        assert _md(step.point_texts["en"]) in all_text(at)
        assert chart_specs(at), step.id
        assert not any(n in all_text(at) for n in _notes("en")), step.id


@pytest.mark.parametrize("lang", LANGS)
def test_present_speaker_notes_show_only_when_the_teacher_turns_them_on(lang):
    """Off by default (the tests above); on, each step shows its own notes and no other step's,
    and the switch never enters the link (a copied link cannot open them on the projector)."""
    for i, step in enumerate(STEPS):
        at = open_page(page_file("present"), {"lesson": str(i), "lang": lang})
        at.toggle(key="present_notes").set_value(True).run()
        assert not at.exception, step.id
        shown = [box.value for box in at.info]
        assert _md(step.notes_texts[lang]) in shown, step.id
        others = set(_notes(lang)) - {_md(step.notes_texts[lang])}
        assert not others & set(shown), step.id
        assert "present_notes" not in at.query_params, step.id


def test_present_links_to_class_mode():
    at = open_page(page_file("present"))
    (link,) = at.get("page_link")
    assert (link.proto.page, link.proto.label) == ("class", TEXTS["present_class"]["en"])


@pytest.mark.parametrize("old", range(len(PIPELINE_STEPS)))
def test_an_old_presenter_link_opens_the_lesson_step_that_shows_its_part(old):
    at = open_page(page_file("present"), {"step": str(old), "ask": "0"})
    assert not at.exception
    wanted = [s.id for s in STEPS].index(OLD_STEPS[PIPELINE_STEPS[old]])
    assert lesson_step_of(old) == wanted
    assert at.session_state["lesson"] == wanted
    assert "step" not in at.query_params  # read once, then the lesson's own parameter
    if wanted:
        assert at.query_params["lesson"] in (str(wanted), [str(wanted)])
    assert _md(TEXTS[f"kind_title_{STEPS[wanted].id}"]["en"]) in all_text(at)


def test_every_old_step_maps_to_a_lesson_step():
    assert set(OLD_STEPS) == set(PIPELINE_STEPS)
    assert {OLD_STEPS[name] for name in PIPELINE_STEPS} <= {s.id for s in STEPS}
    assert lesson_step_of(PIPELINE_STEPS.index("factor")) == 0  # Q·Kᵀ: the dot products
    assert lesson_step_of(PIPELINE_STEPS.index("out")) == 2


def test_the_presenter_types_the_rooms_sentence_at_the_own_sentences_step():
    """No phones needed: the sentence typed on the step is the one its chart shows."""
    own = str([step.id for step in STEPS].index("own_sentences"))
    at = open_page(page_file("present"), {"lesson": own})
    assert not at.exception
    at.text_input(key="present_own").input("a bird sang").run()
    assert not at.exception
    (spec,) = chart_specs(at)
    (rows,) = spec["datasets"].values()
    words = pipeline(default_model(), "a bird sang").key_side.tokens
    assert {row["row_label"] for row in rows} == set(words)  # the typed sentence's words
    assert "a bird sang" in all_text(at)  # said once above the chart


def test_the_presenter_picks_the_20_minute_lesson():
    short = lesson.builtin("lesson_20")
    at = open_page(page_file("present"), {"ask": "0"})
    label = TEXTS["lesson_builtin"]["en"].format(title=short.title, m=short.minutes)
    at.selectbox(key="present_lesson_choice").set_value(label).run()
    assert not at.exception
    counter = TEXTS["present_counter"]["en"].format(number=1, n=len(short.steps))
    assert counter in all_text(at)
    assert _md(short.steps[0].point_texts["en"]) in all_text(at)


def test_a_chinese_sentence_meets_the_real_head_in_e5_over_its_words() -> None:
    """Issue 37: MiniLM reads most Chinese characters as [UNK], so on a Chinese sentence the
    real-head step asks about multilingual-e5-small's story head read over the sentence's
    words (as the app splits Chinese); its answer is that view's, from core."""
    text = "小明把作业写完了吗？"
    with predict_language("zh"):
        asked = KINDS["real_head"].build(lesson.class_pipeline(text, "zh"))
    assert asked is not None
    run = load_e5().run(text, max_tokens=64)
    view = word_view(text, run.tokens, run.weights[E5_STORY_HEAD])
    assert view.words == ("小明", "把", "作业", "写", "完", "了", "吗")
    q = last_word(view.words)
    assert asked.answer.words == (q, _top_other(view.weights[q], q))
    labels = set(asked.labels.values())
    assert "[UNK]" not in str(labels) and labels <= {escape_md(w) for w in view.words}
    assert "multilingual-e5-small" in asked.question and "[UNK]" not in asked.question
    raw, over_words = asked.figures
    np.testing.assert_allclose(over_words.matrix, view.weights, atol=1e-5)
    assert raw.rows[0] == "<s>" and raw.rows[-1] == "</s>"
