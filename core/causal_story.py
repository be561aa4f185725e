"""The article's story in a generative model: does the object look back at its verb?

In "The black cat drank the milk", the article's learned head makes "milk" attend most to
"drank". A left-to-right model's object can look only at the words before it (and itself), so
the rule is read on the object's row, over words:

    a word's weight = the sum of its tokens' weights in the object's row (the object's row is
    its last token that holds a letter, after which comes at most punctuation);
    the start-of-text token, where heads park weight they need nowhere else, is counted apart
    (the sink), not as a word;
    the story holds when the verb's weight is at least MARGIN × every other word's, the object
    itself included.

`object_rows` reads every head's object row over words for one sentence; `holds` applies the
rule to a row (one head's, or the mean of several heads' of one layer); `verdict` says what one
sentence shows.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.bpe import Piece
from core.sentence_forms import FormSentence, bare_span

MARGIN = 1.2  # the verb's weight over every other word's, in the object's row


@dataclass(frozen=True)
class ObjectRows:
    """One sentence's object row in every head, summed over each word's tokens."""

    sentence: FormSentence
    words: np.ndarray  # [L, H, n_words] each word's weight in the object's row
    sink: np.ndarray  # [L, H] the start token's weight in that row
    object_token: int  # the row's token index (0 is the start token)


def word_tokens(sentence: FormSentence, pieces: tuple[Piece, ...]) -> list[list[int]]:
    """For each word, the indices of its tokens (1-based: 0 is the start token); a token
    belongs to the word its first non-space character falls in."""
    owners: list[list[int]] = [[] for _ in sentence.words]
    for index, piece in enumerate(pieces, start=1):
        start, end = piece.span
        text = sentence.text[start:end]
        first = start + (len(text) - len(text.lstrip())) if text.strip() else start
        for w, (w_start, w_end) in enumerate(sentence.spans):
            if w_start <= first < w_end:
                owners[w].append(index)
                break
    return owners


def object_token(sentence: FormSentence, pieces: tuple[Piece, ...]) -> int:
    """The object's row: its last token inside the object's bare word (no punctuation)."""
    start, end = bare_span(sentence, sentence.object)
    inside = [
        i
        for i, piece in enumerate(pieces, start=1)
        if start <= piece.span[1] - 1 and piece.span[0] < end
    ]
    if not inside:
        raise ValueError(f"no token of the object in {sentence.text!r}")
    return inside[-1]


def object_rows(
    sentence: FormSentence, pieces: tuple[Piece, ...], weights: np.ndarray
) -> ObjectRows:
    """weights [L, H, n, n] of the start token and the sentence's tokens -> ObjectRows."""
    row = object_token(sentence, pieces)
    owners = word_tokens(sentence, pieces)
    chosen = weights[..., row, :]  # [L, H, n]
    words = np.stack([chosen[..., ids].sum(axis=-1) for ids in owners], axis=-1)  # [L, H, w]
    return ObjectRows(sentence, words, chosen[..., 0], row)


def holds(words: np.ndarray, verb: int) -> np.ndarray:
    """[..., n_words] weights over words -> [...] whether the verb outweighs every other word
    by MARGIN."""
    others = np.delete(words, verb, axis=-1)  # [..., n_words - 1]
    return words[..., verb] >= MARGIN * others.max(axis=-1)


@dataclass(frozen=True)
class Verdict:
    """What one sentence shows in one head (or mean of heads): the word the object looks at
    most (the start token apart) and whether it is the verb, by MARGIN."""

    top_word: int  # index into the sentence's words
    verb: int
    holds: bool
    ratio: float  # the verb's weight over the largest other word's


def verdict(rows: ObjectRows, layer: int, heads: tuple[int, ...]) -> Verdict:
    words = rows.words[layer, list(heads)].mean(axis=0)  # [n_words]
    verb = rows.sentence.verb
    others = np.delete(words, verb)
    ratio = float(words[verb] / others.max()) if others.max() > 0 else float("inf")
    return Verdict(int(np.argmax(words)), verb, bool(ratio >= MARGIN), ratio)
