"""What the pages that show MiniLM share: the heads the default model learned from (its teacher,
core/story.py), each with and without [CLS]/[SEP], and what MiniLM reads of a Chinese sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import streamlit as st

from core import story
from core.encoding import Embedded
from core.pipeline import Pipeline
from core.tokenize import MAX_TOKENS
from core.wordpiece import CLS, SEP, UNK, basic_tokenize, is_cjk
from ui import compute, figures, session
from ui.figures import Figure
from ui.i18n import t
from ui.markdown import escape_md

TEACHER_TAG = "minilm-l{layer}-h{heads}".format(
    layer=story.TEACHER_LAYER, heads="+".join(map(str, story.TEACHER_HEADS))
)  # the teacher in a download's file name


def is_teacher(layer: int, head: int) -> bool:
    """MiniLM's (layer, head) is one of the heads the default model learned from."""
    return layer == story.TEACHER_LAYER and head in story.TEACHER_HEADS


def teacher_heads() -> str:
    """The teacher's heads as a text: "0 and 3"."""
    heads = [str(h) for h in story.TEACHER_HEADS]
    if len(heads) == 1:
        return heads[0]
    return t("list_sep").join(heads[:-1]) + t("minilm_and") + heads[-1]


@dataclass(frozen=True, eq=False)
class Teacher:
    """The default model's teacher on one sentence, with and without MiniLM's frame."""

    tokens: tuple[str, ...]  # MiniLM's, [CLS] first and [SEP] last: n + 2
    raw: np.ndarray  # [n + 2, n + 2] the mean of the teacher heads' weights, as they are
    words: np.ndarray  # [n, n] the mean of their words-only rows: what the default model learned

    @property
    def word_tokens(self) -> tuple[str, ...]:
        return self.tokens[1:-1]


def teacher(text: str) -> Teacher:
    """The teacher heads on `text` (one MiniLM run, shared with the other MiniLM pages)."""
    run = compute.minilm_run(text)
    weights = np.asarray(run.weights)  # [layers, heads, n + 2, n + 2]
    heads = weights[story.TEACHER_LAYER, list(story.TEACHER_HEADS)]  # [h, n + 2, n + 2]
    with np.errstate(invalid="ignore", divide="ignore"):
        learned = story.teacher_weights(weights)
    return Teacher(
        tuple(run.tokens), heads.mean(axis=0), np.where(np.isfinite(learned), learned, 0)
    )


def over_words(weights: np.ndarray) -> np.ndarray:
    """story.words_only, with a row that gives the words nothing at all (every bit of its
    weight on [CLS] and [SEP], as a very low temperature can make it) left at 0."""
    with np.errstate(invalid="ignore", divide="ignore"):
        words = story.words_only(weights)
    return np.where(np.isfinite(words), words, 0.0)


def empty_rows(weights: np.ndarray, tokens: Sequence[str]) -> str | None:
    """The sentence saying which words' rows the words-only view leaves empty (None: none)."""
    inner = np.asarray(weights)[1:-1, 1:-1]  # [n, n]
    empty = [escape_md(tokens[i + 1]) for i in np.flatnonzero(inner.sum(axis=-1) <= 0)]
    if not empty:
        return None
    return t("minilm_words_empty", words=t("list_sep").join(f"“{w}”" for w in empty))


def has_words(tokens: Sequence[str]) -> bool:
    """MiniLM's tokens hold at least one word between [CLS] and [SEP]."""
    return len(tokens) > 2


def sink_line(raw: np.ndarray, tokens: Sequence[str], mean: bool = False) -> str:
    """Where the last word's weight goes that the words-only view leaves out: how much of its
    row [CLS] and [SEP] take, how much the words share. `mean`: `raw` is a mean of heads."""
    q = session.last_word(tokens)
    row = raw[q]  # [n + 2]
    sink, rest = float(row[0] + row[-1]), float(row[1:-1].sum())
    key = "minilm_sink_mean" if mean else "minilm_sink"
    return t(key, word=escape_md(tokens[q]), sink=sink, rest=rest)


def head_figures(p: Pipeline, **fit: Any) -> tuple[Figure, Figure]:
    """A MiniLM head's softmax weights as they are, and over the words only."""
    tokens = p.key_side.tokens
    raw = figures.word_map(
        p.attention.weights, figures.weights_title(p), p, probabilities=True, **fit
    )
    words = figures.word_map(
        over_words(p.attention.weights),
        t("minilm_words_title"),
        p,
        query_tokens=tokens[1:-1],
        key_tokens=tokens[1:-1],
        probabilities=True,
        **fit,
    )
    return raw, words


def teacher_figures(
    found: Teacher, p: Pipeline, raw: bool = True, **fit: Any
) -> tuple[Figure, ...]:
    """The teacher as it is (`raw`) and over the words only; `p`: a pipeline of the same
    sentence, for its subtitle."""
    heads = teacher_heads()
    model = t("minilm_teacher_ctx", layer=story.TEACHER_LAYER, heads=heads)
    lines = (*figures.context(p)[:1], model)

    def teacher_map(weights: np.ndarray, tokens: Sequence[str], title_key: str, tag: str) -> Figure:
        title = t(title_key, layer=story.TEACHER_LAYER, heads=heads)
        return figures.words_by_words(
            weights, tokens, tokens, title, lines, tag, probabilities=True, **fit
        )

    words = teacher_map(
        found.words, found.word_tokens, "minilm_teacher_words", TEACHER_TAG + "-words"
    )
    if not raw:
        return (words,)
    return teacher_map(found.raw, found.tokens, "minilm_teacher_raw", TEACHER_TAG), words


# ---- what MiniLM reads of Chinese -----------------------------------------------------------


def chinese_read(text: str) -> tuple[int, int]:
    """(characters MiniLM reads as [UNK], Chinese characters) among what it draws of `text`:
    each Chinese character is a word of its own to it, known or [UNK]."""
    tokenizer = compute.minilm().tokenizer
    room = MAX_TOKENS - 2  # word pieces between [CLS] and [SEP]
    unknown = characters = 0
    for word in basic_tokenize(text):
        pieces = tokenizer.wordpiece(word)
        room -= len(pieces)
        if room < 0:
            break
        if len(word) == 1 and is_cjk(word):
            characters += 1
            unknown += pieces == [UNK]
    return unknown, characters


def chinese_line(text: str, tokens: Sequence[str]) -> str | None:
    """Plainly: MiniLM reads English, how many of the sentence's Chinese characters it lacks,
    and what it reads (None when the sentence has no Chinese character)."""
    unknown, characters = chinese_read(text)
    if not characters:
        return None
    read = escape_md(" ".join(tokens))
    if unknown:
        return t("minilm_reads_unk", unknown=unknown, characters=characters, tokens=read)
    return t("minilm_reads_chars", characters=characters, tokens=read)


def chinese_note(encoded: Embedded) -> bool:
    """The notice above a MiniLM page's charts when its sentence has Chinese characters; whether
    it was shown."""
    tokens = encoded.tokens
    if not tokens or tokens[0] != CLS or tokens[-1] != SEP:
        return False  # not MiniLM's tokens
    line = chinese_line(encoded.text, tokens)
    if line is not None:
        st.info(line, icon=":material/translate:")
    return line is not None
