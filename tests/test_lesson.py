"""The lesson (lessons/lesson.py), read by presenter mode and class mode: its times,
every step's expected answer checked against numbers computed here with numpy, speaker notes
that never reach the projector or a phone, Ask first that shows no answer before the reveal,
and old presenter links that still open."""

from __future__ import annotations

import numpy as np
import pytest

from app_pages.present.params import OLD_STEPS, lesson_step_of
from core.attention import AttentionSettings
from core.learning.task import train
from core.pipeline import pipeline, with_random_weights
from core.pretrained import MiniLM
from core.story import TEACHER_HEADS, TEACHER_LAYER
from lessons import lesson
from lessons.lesson import STEPS
from tests.apptest_utils import all_text, chart_specs, default_model, open_page, page_file
from ui import predict
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXTS
from ui.texts import PIPELINE_STEPS

LANGS = ("en", "zh")


def test_the_lesson_has_at_most_twelve_steps_in_about_45_minutes():
    assert 1 < len(STEPS) <= 12
    assert sum(step.minutes for step in STEPS) == 45
    assert [s.id for s in STEPS] == [
        "dot",
        "factor",
        "softmax",
        "out",
        "train",
        "random",
        "real",
        "own",
        "recap",
    ]
    assert STEPS[-1].question is not None and STEPS[-2].sentences and STEPS[4].training
    for step in STEPS:
        for part in ("step", "short", "point", "notes"):
            assert all(TEXTS[f"cls_{part}_{step.id}"][lg].strip() for lg in LANGS)


def _top_other(row: np.ndarray, query: int, skip: set[int] = frozenset()) -> int:
    """The key with the largest entry, the query and `skip` left out (numpy only)."""
    masked = np.array(row, dtype=float)
    masked[[query, *skip]] = -np.inf
    return int(np.argmax(masked))


def _right(question) -> set[str]:
    return set(question.answer.correct)


@pytest.mark.parametrize("lang", LANGS)
def test_every_answer_is_the_computation_on_the_class_sentence(lang):
    """Each step's expected answer, recomputed here from the model's arrays with numpy."""
    sentence = DEFAULT_TEXTS[lang]
    p = lesson.class_pipeline(sentence, lang)
    mine = pipeline(default_model(), sentence)  # the same model and switches, without the app
    np.testing.assert_allclose(p.attention.weights, mine.attention.weights)
    last = len(mine.key_side.tokens) - 1
    asked = {step.id: lesson.asked(step, p) for step in STEPS}
    assert asked["own"] is None and all(a is not None for k, a in asked.items() if k != "own")

    q, k = mine.query_side.q, mine.key_side.k
    factor = q @ k.T  # [n, n]
    assert _right(asked["dot"]) == {str(_top_other(factor[last], last))}
    assert _right(asked["factor"]) == {"yes" if np.allclose(factor, factor.T) else "no"}
    i, j = asked["factor"].answer.words
    assert asked["factor"].answer.numbers == pytest.approx((factor[i, j], factor[j, i]))

    off = pipeline(default_model(), sentence, AttentionSettings(use_softmax=False))
    sums = off.attention.weights.sum(axis=1)
    assert _right(asked["softmax"]) == {"yes" if np.allclose(sums, 1) else "no"}

    terms = mine.attention.weights[last][:, None] * mine.key_side.v  # [n_k, d_v]
    assert _right(asked["out"]) == {str(int(np.argmax(np.linalg.norm(terms, axis=1))))}

    run = train(lesson.TRAINING)
    watched = run.probe_weights[run.watch_row]
    assert _right(asked["train"]) == {str(_top_other(watched, run.watch_row))}

    top = _top_other(mine.attention.weights[last], last)
    seeds = range(lesson.RANDOM_SEED, lesson.RANDOM_SEED + 20)
    kept = sum(
        _top_other(with_random_weights(mine, s).attention.weights[last], last) == top for s in seeds
    )
    assert _right(asked["random"]) == {"mostly" if kept >= 16 else "chance"}

    # the heads the default model learned from, each over the words only, then their mean
    heads = MiniLM.load().run(sentence).weights[TEACHER_LAYER, list(TEACHER_HEADS)]
    inner = heads[:, 1:-1, 1:-1]  # [h, n, n]: [CLS] and [SEP] left out
    words = (inner / inner.sum(axis=-1, keepdims=True)).mean(axis=0)
    n = len(words)  # the example sentences end in a word
    assert _right(asked["real"]) == {str(_top_other(words[n - 1], n - 1))}

    rows = {
        "scale": pipeline(default_model(), sentence, AttentionSettings(scale=False)),
        "softmax": off,
        "random": with_random_weights(mine, lesson.RANDOM_SEED),
    }
    moved = {
        name: _top_other(other.attention.weights[last], last) != top for name, other in rows.items()
    }
    assert not moved["scale"] and not moved["softmax"]  # monotone: they never move the top
    assert _right(asked["recap"]) == ({"random"} if moved["random"] else {"none"})


def test_a_random_model_step_still_asks_when_the_sentence_is_one_word():
    p = lesson.class_pipeline("cat", "en")
    for step in STEPS:
        lesson.asked(step, p)  # no error; questions that need two words say they do not fit
    assert lesson.asked(STEPS[0], p) is None


def _notes(lang: str) -> list[str]:
    return [TEXTS[f"cls_notes_{step.id}"][lang] for step in STEPS]


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
        assert TEXTS[f"cls_step_{step.id}"][lang] in before, step.id
        assert not any(n in before for n in _notes(lang)), step.id
        point = TEXTS[f"cls_point_{step.id}"][lang]
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
        assert TEXTS[f"cls_point_{step.id}"]["en"] in all_text(at)
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
        assert TEXTS[f"cls_notes_{step.id}"][lang] in shown, step.id
        others = set(_notes(lang)) - {TEXTS[f"cls_notes_{step.id}"][lang]}
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
    assert TEXTS[f"cls_step_{STEPS[wanted].id}"]["en"] in all_text(at)


def test_every_old_step_maps_to_a_lesson_step():
    assert set(OLD_STEPS) == set(PIPELINE_STEPS)
    assert {OLD_STEPS[name] for name in PIPELINE_STEPS} <= {s.id for s in STEPS}
    assert lesson_step_of(PIPELINE_STEPS.index("factor")) == 1
    assert lesson_step_of(PIPELINE_STEPS.index("out")) == 3
