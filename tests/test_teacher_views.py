"""The real model tells the default model's story honestly (issue 28, items 2 and 3): the
real-model page and the lesson open on the heads the default model learned from, each beside a
words-only view with a sentence on where the rest of the weight went; MiniLM pages say plainly
that MiniLM reads English when the sentence is Chinese. Every expected number is computed here
with numpy from MiniLM's own run."""

from __future__ import annotations

import re

import numpy as np
import pytest

from core.pretrained import MiniLM
from core.story import TEACHER_HEADS, TEACHER_LAYER
from core.wordpiece import UNK
from lessons import lesson
from tests.apptest_utils import all_text, chart_specs, open_page, open_tab, page_file
from ui.i18n import TEXTS

ARTICLE = "The black cat drank the milk"
HEADS_EN = " and ".join(str(h) for h in TEACHER_HEADS)  # "0 and 3", as the page writes it


def tr(key: str, lang: str = "en", **values: object) -> str:
    return TEXTS[key][lang].format(**values)


def md(text: str) -> str:
    """`text` as the app escapes it for Markdown (brackets of [CLS], [UNK])."""
    return text.replace("[", "\\[").replace("]", "\\]")


@pytest.fixture(scope="module")
def minilm() -> MiniLM:
    return MiniLM.load()


def words_only(weights: np.ndarray) -> np.ndarray:
    """[..., n + 2, n + 2] -> [..., n, n]: [CLS] and [SEP] left out, rows summing to 1 again."""
    inner = np.asarray(weights, dtype=float)[..., 1:-1, 1:-1]
    return inner / inner.sum(axis=-1, keepdims=True)


def chart_records(at, title: str) -> list[dict]:
    """The data rows of the first chart whose title reads `title`, however it is wrapped."""
    squeezed = "".join(title.split())
    for spec in chart_specs(at):
        shown = re.sub(r"\\\\n|\\n|\s", "", str(spec.get("title", "")))
        if squeezed in shown and spec.get("datasets"):
            return next(iter(spec["datasets"].values()))
    raise AssertionError(f"no chart titled {title!r}")


def values_of(records: list[dict], n: int) -> np.ndarray:
    return np.array([r["value"] for r in records], dtype=float).reshape(n, n)


def test_the_real_model_page_opens_on_the_teacher_beside_its_words(minilm: MiniLM) -> None:
    at = open_page(page_file("real_model"), {"text": ARTICLE})
    assert not at.exception, [e.value for e in at.exception]
    head = TEACHER_HEADS[0]
    assert at.number_input(key="layer").value == TEACHER_LAYER
    assert at.number_input(key="head").value == head
    assert next(s.value for s in at.subheader) == tr("real_head", layer=TEACHER_LAYER, head=head)
    body = all_text(at)
    assert tr("real_teacher_head", layer=TEACHER_LAYER, heads=HEADS_EN) in body

    # the first tab: the teacher, the mean of heads 0 and 3, as it is and over the words only
    run = minilm.run(ARTICLE)
    tokens = list(run.tokens)
    heads = np.asarray(run.weights[TEACHER_LAYER, list(TEACHER_HEADS)], dtype=float)
    raw = heads.mean(axis=0)  # [n + 2, n + 2]
    shown_raw = chart_records(at, tr("minilm_teacher_raw"))
    assert [r["row_label"] for r in shown_raw[:: len(tokens)]] == tokens  # [CLS] ... [SEP]
    np.testing.assert_allclose(values_of(shown_raw, len(tokens)), raw, atol=1e-5)

    words = tokens[1:-1]
    shown_words = chart_records(at, tr("minilm_teacher_words"))
    assert [r["row_label"] for r in shown_words[:: len(words)]] == words  # no [CLS], no [SEP]
    np.testing.assert_allclose(
        values_of(shown_words, len(words)), words_only(heads).mean(0), atol=1e-5
    )

    # where the rest went: the last word's row, [CLS] and [SEP] against the words
    q = len(tokens) - 2  # "milk"
    sink, rest = raw[q, 0] + raw[q, -1], raw[q, 1:-1].sum()
    assert tr("minilm_sink_mean", word=tokens[q], sink=sink, rest=rest) in body

    # the next tab: this head itself, with softmax on
    at = open_tab(at, "real_model", tr("real_tab_weights"))
    own = np.asarray(run.weights[TEACHER_LAYER, head], dtype=float)
    np.testing.assert_allclose(
        values_of(chart_records(at, tr("m_weights_soft")), len(tokens)), own, atol=1e-5
    )


@pytest.mark.parametrize(
    ("params", "layer", "head"),
    [
        ({"layer": "4", "head": "9"}, 4, 9),
        ({"layer": "0", "head": "0"}, 0, 0),
        ({"layer": "3"}, 3, 0),  # head 0 was, and is, the default
        ({"head": "5"}, 0, 5),  # a link made when layer 0 was the default named only the head
    ],
)
def test_a_link_that_names_a_head_opens_on_it(params: dict, layer: int, head: int) -> None:
    at = open_page(page_file("real_model"), params)
    assert not at.exception
    assert next(s.value for s in at.subheader) == tr("real_head", layer=layer, head=head)
    assert tr("real_teacher_elsewhere", layer=TEACHER_LAYER, heads=HEADS_EN) in all_text(at)
    # the link it writes names both, so it means the same whatever the defaults
    assert (at.query_params["layer"], at.query_params["head"]) == (str(layer), str(head))


def test_the_link_names_no_head_when_the_page_shows_the_teacher() -> None:
    at = open_page(page_file("real_model"))
    assert "layer" not in at.query_params and "head" not in at.query_params


def test_the_lesson_asks_about_the_teacher_over_the_words(minilm: MiniLM) -> None:
    p = lesson.class_pipeline(ARTICLE, "en")
    asked = lesson.asked(next(s for s in lesson.default().steps if s.id == "real_head"), p)
    assert asked is not None
    run = minilm.run(ARTICLE)
    words = list(run.tokens)[1:-1]
    teacher = words_only(run.weights[TEACHER_LAYER, list(TEACHER_HEADS)]).mean(axis=0)
    q = len(words) - 1  # "milk"
    row = teacher[q].copy()
    row[q] = -np.inf  # apart from itself
    top = int(np.argmax(row))
    assert asked.answer.correct == {str(top)}
    assert words[top] == "drank"  # the article's answer, on MiniLM's own heads
    assert set(asked.labels) == {str(j) for j in range(len(words)) if j != q}  # words only
    # its charts: the teacher as it is, [CLS] and [SEP] included, beside its words-only view
    as_is, over_words = asked.figures
    assert as_is.rows[0] == "[CLS]" and as_is.rows[-1] == "[SEP]"
    np.testing.assert_allclose(over_words.matrix, teacher, atol=1e-6)
    heads = run.weights[TEACHER_LAYER, list(TEACHER_HEADS)]  # [h, n + 2, n + 2]
    sink = float((heads[:, q + 1, 0] + heads[:, q + 1, -1]).mean())
    rest = float(heads[:, q + 1, 1:-1].sum(axis=-1).mean())
    assert tr("minilm_sink_mean", word="milk", sink=sink, rest=rest) in asked.because


# ---- MiniLM reads English ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("page", "params"),
    [
        ("real_model", {"real": "minilm"}),  # Chinese opens on e5: MiniLM chosen
        ("atlas", {"real": "minilm"}),
        ("variant", {"real": "minilm"}),
        ("rows", {"src": "pretrained"}),  # the sidebar's source set to MiniLM
    ],
)
def test_minilm_pages_say_what_minilm_reads_of_chinese(
    minilm: MiniLM, page: str, params: dict
) -> None:
    text = "黑猫喝水"  # 水 is one of the few characters MiniLM knows
    at = open_page(page_file(page), {"lang": "zh", "text": text, **params})
    assert not at.exception, [e.value for e in at.exception]
    tokens = list(minilm.run(text).tokens)
    characters = len(tokens) - 2  # MiniLM reads each Chinese character as one token
    assert characters == len(text.strip())
    unknown = tokens.count(UNK)
    assert 0 < unknown < characters  # the example has both kinds: the notice names both
    notice = tr(
        "minilm_reads_unk",
        "zh",
        unknown=unknown,
        characters=characters,
        tokens=md(" ".join(tokens)),
    )
    assert notice in [i.value for i in at.info]


def test_a_chinese_sentence_minilm_knows_still_says_it_reads_characters(minilm: MiniLM) -> None:
    known = [c for c in "水大人中" if minilm.run(c).tokens[1] != UNK]  # single characters it has
    assert len(known) >= 2
    text = "".join(known[:2])
    at = open_page(page_file("real_model"), {"lang": "zh", "real": "minilm", "text": text})
    tokens = " ".join(minilm.run(text).tokens)
    assert tr("minilm_reads_chars", "zh", characters=2, tokens=md(tokens)) in [
        i.value for i in at.info
    ]


def test_an_english_sentence_gets_no_chinese_notice() -> None:
    at = open_page(page_file("real_model"), {"text": ARTICLE})
    assert not [i for i in at.info if "MiniLM" in i.value]
