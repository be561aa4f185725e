"""An encoder's attention read over a sentence's words, and whether its object looks at its verb.

A real model reads pieces: "fence" may be ▁f | ence, 牛奶 one piece, 完了 one piece over two
words. The article talks about words, so a head's object row is read over words:

    the object's row is the mean of the rows of the pieces inside the object's word;
    a word's weight in it is the sum of the pieces' weights, a piece shared by two words (完了)
    split between them by its characters;
    the start and end tokens (<s>, </s>, [CLS], [SEP]), punctuation, and a piece with no
    character of the text (the "▁" put in front) belong to no word: what a head parks there is
    left out.

The story holds when the verb outweighs every other word, the object itself included, by
MARGIN (core/causal_story.holds, the rule the generative model is measured by).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import numpy as np

from core.causal_story import MARGIN
from core.sentence_forms import FormSentence, bare_span
from core.verb_object import find, split

SPECIALS = frozenset({"[CLS]", "[SEP]", "[PAD]", "[UNK]", "<s>", "</s>", "<unk>", "<pad>"})
MARKS = ("##", "\u2581", "\u0120")  # WordPiece's "##", SentencePiece's "▁", byte BPE's "Ġ"
EDGE_MARKS = ".,!?;:\"'()[]“”‘’«»…，。？！、；：（）"  # punctuation around a word, off its label


def letters_span(sentence: FormSentence, word: int) -> tuple[int, int]:
    """[start, end) of a word without the punctuation around it ("fence." -> "fence")."""
    start, end = sentence.spans[word]
    text = sentence.text
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return start, end


def shares_in(spans: list[tuple[int, int]], words: list[tuple[int, int]]) -> np.ndarray:
    """[n_pieces, n_words] the fraction of each piece's characters inside each word's span."""
    shares = np.zeros((len(spans), len(words)))
    for p, (start, end) in enumerate(spans):
        if end <= start:
            continue
        for w, (w_start, w_end) in enumerate(words):
            inside = min(end, w_end) - max(start, w_start)
            if inside > 0:
                shares[p, w] = inside / (end - start)
    return shares


def piece_shares(sentence: FormSentence, spans: list[tuple[int, int]]) -> np.ndarray:
    """[n_pieces, n_words] the fraction of each piece's characters inside each word's letters
    (a full stop or a question mark is no word's: what a head gives it is left out)."""
    letters = [letters_span(sentence, w) for w in range(len(sentence.words))]
    return shares_in(spans, letters)


def object_pieces(sentence: FormSentence, spans: list[tuple[int, int]]) -> list[int]:
    """The pieces with a character in the object's word (its final 。 or ? left out)."""
    start, end = bare_span(sentence, sentence.object)
    inside = [p for p, (s, e) in enumerate(spans) if e > s and s < end and e > start]
    if not inside:
        raise ValueError(f"no piece of the object in {sentence.text!r}")
    return inside


def object_word_rows(
    sentence: FormSentence, spans: list[tuple[int, int]], weights: np.ndarray
) -> np.ndarray:
    """weights [..., n, n] over n tokens with these character spans (an empty span for <s>,
    [CLS] and the like) -> [..., n_words] the object's row over words."""
    n = weights.shape[-1]
    spans = spans[:n]  # a text cut to the model's tokens keeps its first ones
    row = weights[..., object_pieces(sentence, spans), :].mean(axis=-2)  # [..., n]
    return row @ piece_shares(sentence, spans)  # [..., n_words]


def _folded(text: str) -> tuple[str, list[int]]:
    """text lower-cased, accents taken off, each character of the result with its origin."""
    chars: list[str] = []
    origin: list[int] = []
    for index, c in enumerate(text):
        for out in unicodedata.normalize("NFD", c.lower()):
            if unicodedata.category(out) != "Mn":
                chars.append(out)
                origin.append(index)
    return "".join(chars), origin


def token_spans(text: str, tokens: tuple[str, ...] | list[str]) -> list[tuple[int, int]]:
    """[n] each token's [start, end) characters in `text`, found in order ("##" and "▁" marks
    left out, case and accents ignored); an empty span for a special token or one not found."""
    folded, origin = _folded(text)
    spans: list[tuple[int, int]] = []
    at = 0
    for token in tokens:
        bare = token
        for mark in MARKS:
            bare = bare.replace(mark, "")
        bare = _folded(bare.strip())[0]
        where = folded.find(bare, at) if bare and token not in SPECIALS else -1
        if where < 0:
            spans.append((origin[at] if at < len(origin) else len(text),) * 2)
            continue
        at = where + len(bare)
        spans.append((origin[where], origin[at - 1] + 1))
    return spans


@dataclass(frozen=True)
class StoryVerdict:
    """What one typed sentence shows: the word its object looks at most, and whether that is
    its verb by MARGIN (the verb's weight over the largest other word's)."""

    sentence: FormSentence  # its words, verb and object as core/verb_object found them
    row: np.ndarray  # [n_words] the object's row over words
    top_word: int
    holds: bool
    ratio: float


def story_verdict(
    text: str, tokens: tuple[str, ...] | list[str], weights: np.ndarray
) -> StoryVerdict | None:
    """The verdict on one head's weights [n, n] over `tokens` of `text`; None where the verb
    and object cannot be found, or the model's tokens do not cover them (an [UNK])."""
    spans = token_spans(text, tokens)
    covered = max((end for _, end in spans), default=0)  # a long text: the part the model read
    found = find(text[:covered])
    if found is None:
        return None
    shares = piece_shares(found, spans[: weights.shape[-1]])  # [n, n_words]
    if shares[:, found.verb].sum() == 0 or shares[:, found.object].sum() == 0:
        return None
    row = object_word_rows(found, spans, np.asarray(weights, dtype=np.float64))  # [n_words]
    others = np.delete(row, found.verb)
    ratio = float(row[found.verb] / others.max()) if others.max() > 0 else float("inf")
    return StoryVerdict(found, row, int(np.argmax(row)), ratio >= MARGIN, ratio)


@dataclass(frozen=True)
class WordView:
    """A head's weights read over the sentence's words (Chinese as the app splits it): a
    word's row is the mean of its pieces' rows, a column the sum of its pieces' weights (a
    piece over two words split by its characters). The frame (<s>, </s>, [CLS], [SEP]) and
    punctuation are no word's: each row is then divided by what the words got (`kept`)."""

    words: tuple[str, ...]
    weights: np.ndarray  # [n_words, n_words], each row adding up to 1 (0 where nothing is left)
    kept: np.ndarray  # [n_words] the share of each word's row the words got before dividing


def word_view(text: str, tokens: tuple[str, ...] | list[str], weights: np.ndarray) -> WordView:
    """weights [n, n] over a model's `tokens` of `text` -> the same over the words it covers."""
    n = weights.shape[-1]
    spans = token_spans(text, tokens)[:n]
    covered = max((end for _, end in spans), default=0)  # a long text: what the model read
    found = []
    for word, start, end in split(text[:covered]):
        letters = [i for i in range(start, end) if text[i].isalnum()]
        if letters:  # "。", "?" and "," are no word
            found.append((word.strip(EDGE_MARKS) or word, letters[0], letters[-1] + 1))
    shares = shares_in(spans, [(s, e) for _, s, e in found])  # [n, n_words]
    found_words = [w for w in range(len(found)) if shares[:, w].sum() > 0]
    shares = shares[:, found_words]
    inside = shares > 0  # [n, n_words] the pieces with a character in each word
    rows = (inside.T @ weights) / inside.sum(axis=0)[:, None]  # [n_words, n] mean piece rows
    over_words = rows @ shares  # [n_words, n_words]
    kept = over_words.sum(axis=-1)  # [n_words]
    divided = np.divide(
        over_words, kept[:, None], out=np.zeros_like(over_words), where=kept[:, None] > 0
    )
    return WordView(tuple(found[w][0] for w in found_words), divided, kept)
