"""Predict, then reveal: the answers to a teacher's questions, computed from a pipeline.

Each function reads the numbers of a `Pipeline` (never its switches) and returns the options
offered and the right ones. Word options are token positions as text ("0", "1", ...), so a
repeated word is two options; yes/no and other choices are short ids ("yes", "no", ...).
A function returns None when its question does not fit the sentence (one token, no repeat).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from core.pipeline import Pipeline, repeated_pairs
from core.similarity import dot_breakdown, output_breakdown

YES_NO = ("yes", "no")
SIGNS = ("positive", "negative")
SEEDS = ("a", "b")  # the pipeline's own weights, or the random ones it is compared with
KEPT = ("mostly", "chance")  # a top word kept by most random seeds, or only by chance
KEPT_MOSTLY = 0.8  # the share of seeds that counts as "mostly"
WORD_PICKS = (1, 2, 3, 5, 10, 100)  # the next-word guesses offered: these whole-word candidates
SUM_TOLERANCE = 1e-6  # a row "adds up to 1" within this
TIE_TOLERANCE = 1e-9  # relative: keys this close to the best count as the best too


@dataclass(frozen=True)
class Answer:
    """One question about one pipeline: what is offered, what is right, and why."""

    options: tuple[str, ...]  # option ids, in the order offered
    correct: frozenset[str]  # the right option ids (several when there is a tie)
    words: tuple[int, ...] = ()  # token positions the question names (query first)
    numbers: tuple[float, ...] = ()  # the numbers the answer sentence quotes

    def is_right(self, option: str | None) -> bool:
        return option in self.correct


def positions(n: int) -> tuple[str, ...]:
    """Option ids for the n tokens of a sentence."""
    return tuple(str(i) for i in range(n))


def best(values: np.ndarray) -> frozenset[str]:
    """[n] -> the positions holding the largest value, ties (within rounding) included."""
    top = float(np.max(values))
    close = np.isclose(values, top, rtol=TIE_TOLERANCE, atol=TIE_TOLERANCE)
    return frozenset(str(int(i)) for i in np.flatnonzero(close))


def yes_no(flag: bool) -> frozenset[str]:
    return frozenset({"yes" if flag else "no"})


def top_of_row(row: np.ndarray, query: int, skip: int | None) -> Answer | None:
    """Which key, other than `skip`, has the largest entry in the query's row [n_k]? (None
    when fewer than two keys are offered.)

    A word's match with itself says nothing about which *other* word matters to it, so the
    pages ask about the others: `skip` is the query's own position (None in cross attention,
    where the keys are another sentence's words).
    """
    return top_among(row, query, [j for j in range(row.size) if j != skip])


def top_among(row: np.ndarray, query: int, keys: Sequence[int]) -> Answer | None:
    """Which of `keys` has the largest entry in the query's row [n_k]? (None for fewer than two.)"""
    offered = np.array(keys, dtype=np.int64)  # [m]
    if offered.size < 2:
        return None
    picked = best(row[offered])  # positions within `offered`
    top = frozenset(str(int(offered[int(i)])) for i in picked)
    first = int(min(top, key=int))
    options = tuple(str(int(j)) for j in offered)
    return Answer(options, top, (query, first), (float(row[first]),))


def own_position(p: Pipeline, query: int) -> int | None:
    """The query's own position among the keys: None in cross attention."""
    return None if p.is_cross else query


def top_key(p: Pipeline, query: int) -> Answer | None:
    """Which other key does the query's row of weights give the most?"""
    return top_of_row(p.attention.weights[query], query, own_position(p, query))


def rows_sum_to_one(p: Pipeline) -> Answer:
    """Does every row of the weights add up to 1? Read from the sums, not the softmax flag.

    numbers: the smallest and largest row sum.
    """
    sums = p.attention.weights.sum(axis=1)  # [n_q]
    ok = bool(np.allclose(sums, 1.0, rtol=0.0, atol=SUM_TOLERANCE))
    return Answer(YES_NO, yes_no(ok), (), (float(sums.min()), float(sums.max())))


def scale_changes_order(p: Pipeline) -> Answer:
    """Does dividing Q·Kᵀ by √d_k change the order of any row? (It cannot: one positive
    divisor for every entry. Checked on the numbers.)

    numbers: √d_k, and how many rows changed order.
    """
    factor = p.attention.factor  # [n_q, n_k]
    root = float(np.sqrt(p.query_side.q.shape[1]))
    before = np.argsort(factor, axis=1, kind="stable")
    after = np.argsort(factor / root, axis=1, kind="stable")
    changed = int(np.sum(np.any(before != after, axis=1)))
    return Answer(YES_NO, yes_no(changed > 0), (), (root, float(changed)))


def repeat_identical(p: Pipeline) -> Answer | None:
    """The sentence's first repeated word: are its two rows of X exactly equal?

    numbers: the largest difference between the two rows. None without a repeated word.
    """
    pairs = repeated_pairs(p.key_side.tokens)
    if not pairs:
        return None
    i, j = pairs[0]
    x = p.key_side.x  # [n, d_model]
    diff = float(np.max(np.abs(x[i] - x[j])))
    return Answer(YES_NO, yes_no(bool(np.array_equal(x[i], x[j]))), (i, j), (diff,))


def query_width(p: Pipeline) -> Answer:
    """How many numbers are in each word's query vector? Offered: d_k, d_model and the
    number of tokens (the sizes on screen), each once.

    numbers: d_k, d_model.
    """
    d_k = p.query_side.q.shape[1]
    d_model = p.query_side.x.shape[1]
    n = len(p.key_side.tokens)
    options = tuple(str(v) for v in sorted({d_k, d_model, n}))
    return Answer(options, frozenset({str(d_k)}), (), (float(d_k), float(d_model)))


def dot_sign(p: Pipeline, query: int, key: int) -> Answer:
    """Is q(query) · k(key) positive or negative? Summed from its terms; 0 counts as both.

    numbers: the dot product, the sum of its positive terms, of its negative terms, and how
    many terms of each sign.
    """
    d = dot_breakdown(p.query_side.q[query], p.key_side.k[key])
    if d.dot > 0:
        correct = frozenset({"positive"})
    elif d.dot < 0:
        correct = frozenset({"negative"})
    else:
        correct = frozenset(SIGNS)
    numbers = (
        d.dot,
        float(d.positive.sum()),
        float(d.negative.sum()),
        float(d.positive.size),
        float(d.negative.size),
    )
    return Answer(SIGNS, correct, (query, key), numbers)


def top_dot(p: Pipeline, query: int) -> Answer | None:
    """Which other key has the largest raw q·k with the query?"""
    return top_of_row(p.attention.factor[query], query, own_position(p, query))


def term_lengths(p: Pipeline, query: int) -> np.ndarray:
    """[n_k] the length of each term αⱼ · vⱼ of the query's output row."""
    parts = output_breakdown(p.attention.weights[query], p.key_side.v)
    return np.linalg.norm(parts.terms, axis=1)


def biggest_term(p: Pipeline, query: int) -> Answer | None:
    """Which key's term αⱼ · vⱼ is the longest vector in the query's output? (None for one.)

    numbers: that term's length, and its weight αⱼ.
    """
    lengths = term_lengths(p, query)  # [n_k]
    if lengths.size < 2:
        return None
    top = best(lengths)
    first = int(min(top, key=int))
    weight = float(p.attention.weights[query, first])
    return Answer(positions(lengths.size), top, (query, first), (float(lengths[first]), weight))


def kept_across_seeds(p: Pipeline, others: list[Pipeline], query: int) -> Answer | None:
    """With random weights of several seeds (`others`), does the query still look most at
    `p`'s top key? "mostly" when at least KEPT_MOSTLY of the seeds keep it, else "chance".

    words: the query and p's top key; numbers: how many seeds keep it, how many were tried,
    and the share chance alone would give (one in the number of other words).
    """
    mine = top_key(p, query)
    if mine is None or not others:
        return None
    tops = [top_key(other, query) for other in others]
    kept = sum(1 for top in tops if top is not None and top.correct & mine.correct)
    share = kept / len(others)
    correct = frozenset({"mostly" if share >= KEPT_MOSTLY else "chance"})
    return Answer(
        KEPT, correct, mine.words, (float(kept), float(len(others)), 1 / (len(mine.options)))
    )


def seeds_first(others: list[Pipeline], query: int, n_keys: int) -> np.ndarray:
    """[n_keys]: how many of `others` put each key first among the query's other words."""
    counts = np.zeros(n_keys)  # [n_k]
    for other in others:
        top = top_key(other, query)
        if top is not None:
            counts[top.words[1]] += 1
    return counts


def larger_max_weight(p: Pipeline, other: Pipeline) -> Answer:
    """Which gives some word the larger single weight: `p` ("a") or `other` ("b")?

    numbers: the largest weight of each.
    """
    a, b = float(p.attention.weights.max()), float(other.attention.weights.max())
    if np.isclose(a, b, rtol=TIE_TOLERANCE, atol=TIE_TOLERANCE):
        correct = frozenset(SEEDS)
    else:
        correct = frozenset({"a" if a > b else "b"})
    return Answer(SEEDS, correct, (), (a, b))


def factor_symmetric(p: Pipeline) -> Answer | None:
    """Is the factor matrix Q·Kᵀ symmetric: does word i score word j as j scores i? (Q and K
    come from two projections, so in general not.) None in cross attention or for one word.

    words: the pair whose two scores differ most; numbers: score (i, j), then score (j, i).
    """
    factor = p.attention.factor  # [n, n]
    if p.is_cross or factor.shape[0] < 2:
        return None
    gap = np.abs(factor - factor.T)  # [n, n]
    i, j = sorted(int(v) for v in np.unravel_index(int(np.argmax(gap)), gap.shape))
    same = bool(np.allclose(factor, factor.T, rtol=TIE_TOLERANCE, atol=TIE_TOLERANCE))
    return Answer(YES_NO, yes_no(same), (i, j), (float(factor[i, j]), float(factor[j, i])))


def what_moves_top(row: np.ndarray, changed: Mapping[str, np.ndarray], query: int) -> Answer | None:
    """Which changes move the query's top other key? `row` [n_k] is the weights row; `changed`
    maps each change ("scale", "softmax", "random") to the row it gives instead. "none" is right
    when no change moves it.

    words: the query and its top key in `row`.
    """
    mine = top_of_row(row, query, query)
    if mine is None:
        return None
    moved = []
    for name, other in changed.items():
        top = top_of_row(other, query, query)
        if top is None or not top.correct & mine.correct:
            moved.append(name)
    options = (*changed, "none")
    return Answer(options, frozenset(moved) or frozenset({"none"}), mine.words)


def row_moves_most(before: np.ndarray, after: np.ndarray, changed: int) -> Answer | None:
    """One word of a sentence was replaced (same length): which other word's row of weights
    moves most? `before`, `after` [n, n]; the replaced word's own row is left out (its query is
    new). None for fewer than three words.

    words: the replaced word, then the first row that moves most; numbers: that row's change
    (the sum of |Δ| over its keys) and its weight on the replaced word before.
    """
    moves = np.abs(after - before).sum(axis=1)  # [n]
    answer = top_among(moves, changed, [q for q in range(moves.size) if q != changed])
    if answer is None:
        return None
    row = answer.words[1]
    return Answer(
        answer.options,
        answer.correct,
        (changed, row),
        (float(moves[row]), float(before[row, changed])),
    )


@dataclass(frozen=True)
class Candidate:
    """A generative model's candidate for the next token, as `next_word` reads it."""

    id: int  # the token's id in the model's vocabulary
    text: str | None  # its characters as the model writes them (" milk"); None: part of one
    rank: int  # 1 for the most likely token, over every token of the vocabulary
    probability: float


def is_whole_word(text: str | None) -> bool:
    """A candidate that starts a new word and is letters only (" milk"): not punctuation, white
    space, part of a character, nor the rest of the word before it ("ing", no space)."""
    return text is not None and text.startswith(" ") and text[1:].isalpha()


def next_word(
    candidates: Sequence[Candidate],
    picks: Sequence[int] = WORD_PICKS,
    known: Callable[[str], bool] | None = None,
) -> Answer | None:
    """Which word will the model put next? `candidates` most likely first. Right: its first
    whole word, whatever it is. Offered: the n-th word for each n of `picks` (as far as the
    list goes; 1 is the right one), the others whole words that `known` (a dictionary) also
    knows, so that no piece of a longer word ("dandel") is offered; in alphabetical order (the
    same for the same prompt, and no hint of the ranks). None for fewer than two.

    words: none (the prompt is not the sentence's tokens); numbers: the first word's
    probability and rank.
    """
    found = [c for c in candidates if is_whole_word(c.text)]
    if not found:
        return None
    first = found[0]
    words = [first] + [c for c in found[1:] if known is None or known(c.text.strip())]
    offered = [words[n - 1] for n in picks if n <= len(words)]
    if len(offered) < 2:
        return None
    ordered = sorted(offered, key=lambda c: (c.text.strip().casefold(), c.text, c.id))
    options = tuple(str(c.id) for c in ordered)
    return Answer(options, frozenset({str(first.id)}), (), (first.probability, float(first.rank)))


def rank_of(logits: np.ndarray, token: int) -> tuple[int, float]:
    """[vocab] logits -> where `token` ranks (1: the most likely; ties: the lower id first, as a
    stable sort puts them) and its probability, softmax(logits)[token]."""
    mine = logits[token]
    rank = int(np.sum(logits > mine) + np.sum(logits[:token] == mine)) + 1
    shifted = logits.astype(np.float64) - float(logits.max())  # [vocab]
    return rank, float(np.exp(shifted[token]) / np.exp(shifted).sum())
