"""The article's story as a test a head can pass or fail, and the MiniLM heads that pass it.

The article reads "The black cat drank the milk" through a learned head: "milk" is very
related to "drank", a little less to "cat", and not related to "black". As a rule on the
object's row of weights, over the sentence's words:

    the verb has the largest weight of every word (the object itself included),
    at least MARGIN × the next largest; the subject weighs more than the adjective;
    the adjective weighs at most ADJECTIVE_MAX.

The teacher of the default model is the head (or mean of heads) of MiniLM that meets the rule
most often on generated sentences (tools/distill_head.py --scan measures it): the mean of
layer 2's heads 0 and 3, each read over the sentence's words only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

MARGIN = 1.2  # the verb's weight over the next largest in the object's row
ADJECTIVE_MAX = 0.10  # "not related": the adjective's weight in the object's row at most this
TEACHER_LAYER = 2  # MiniLM layer of the default model's teacher
TEACHER_HEADS = (0, 3)  # heads of that layer; the teacher is the mean of their words-only rows


@dataclass(frozen=True)
class Roles:
    """Where the article's four words stand in a sentence's tokens (0-based)."""

    adjective: int
    subject: int
    verb: int
    object: int


def words_only(weights: np.ndarray) -> np.ndarray:
    """[..., n + 2, n + 2] weights with [CLS] first and [SEP] last -> [..., n, n] over the
    words alone, each row re-normalised to sum to 1 (what a head gives the words themselves,
    leaving out what it parks on [CLS] and [SEP])."""
    inner = np.asarray(weights, dtype=np.float64)[..., 1:-1, 1:-1]  # [..., n, n]
    return inner / inner.sum(axis=-1, keepdims=True)


def teacher_weights(weights: np.ndarray) -> np.ndarray:
    """[n_layers, n_heads, n + 2, n + 2] all of MiniLM's weights for one sentence -> [n, n] the
    teacher's: the mean of TEACHER_HEADS of TEACHER_LAYER, each read over the words only."""
    heads = words_only(weights[TEACHER_LAYER, list(TEACHER_HEADS)])  # [h, n, n]
    return heads.mean(axis=0)  # [n, n]


@dataclass(frozen=True)
class Verdict:
    """The rule on one object row: each part, and whether all hold."""

    verb_largest: bool  # the verb outweighs every other token, by MARGIN
    subject_over_adjective: bool
    adjective_small: bool  # at most ADJECTIVE_MAX

    @property
    def holds(self) -> bool:
        return self.verb_largest and self.subject_over_adjective and self.adjective_small


def judge(row: np.ndarray, roles: Roles) -> Verdict:
    """[n] the object's row of weights (over the words, summing to 1) against the rule."""
    row = np.asarray(row, dtype=np.float64)
    others = np.delete(row, roles.verb)  # [n - 1] every other token, the object included
    return Verdict(
        verb_largest=bool(row[roles.verb] >= MARGIN * others.max()),
        subject_over_adjective=bool(row[roles.subject] > row[roles.adjective]),
        adjective_small=bool(row[roles.adjective] <= ADJECTIVE_MAX),
    )


def follows_article(weights: np.ndarray, roles: Roles) -> bool:
    """[n, n] a head's weights over a sentence's words: whether the object's row tells the
    article's story."""
    return judge(weights[roles.object], roles).holds
