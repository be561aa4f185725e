"""The toy corpus for the learning page: rules as data, seeded sentences, probe validation.

Every sentence is "the {adjective} {animal} {verb} the {object}". The object depends strongly on
the verb, somewhat on the animal, and not at all on the adjective.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np

PATTERN = ("the", "adjective", "animal", "verb", "the", "object")  # one role per position
OBJECT_ROW = 5  # the position whose word is hidden and predicted
MASK = "[mask]"  # stands in for the hidden object in the model's input
DEFAULT_PROBE = "The black cat drank the milk"

ADJECTIVES = ("black", "white", "big", "small", "brown", "old")
ANIMALS = ("cat", "dog", "bird", "cow")
OBJECTS_BY_VERB = (
    ("drank", ("milk", "water", "juice", "tea")),
    ("ate", ("fish", "bones", "seeds", "grass")),
    ("chased", ("mouse", "ball", "fly", "leaf")),
    ("found", ("toy", "stick", "nest", "hay")),
    ("carried", ("yarn", "shoe", "twig", "straw")),
)
FAVOURITES = (  # the animal's favourite object after each verb
    ("cat", ("milk", "fish", "mouse", "toy", "yarn")),
    ("dog", ("water", "bones", "ball", "stick", "shoe")),
    ("bird", ("juice", "seeds", "fly", "nest", "twig")),
    ("cow", ("tea", "grass", "leaf", "hay", "straw")),
)
NEVER = (  # objects the animal never takes
    ("cat", ("water", "bones", "ball", "stick", "shoe")),
    ("dog", ("juice", "seeds", "fly", "nest", "twig")),
    ("bird", ("tea", "grass", "leaf", "hay", "straw")),
    ("cow", ("milk", "fish", "mouse", "toy", "yarn")),
)
FAVOURITE_WEIGHT = 8.0  # relative weight of a favourite object; other allowed objects weigh 1


@dataclass(frozen=True)
class CorpusRules:
    """The generating rules as plain data; `table` rows are (verb, animal, object, probability)."""

    pattern: tuple[str, ...]
    adjectives: tuple[str, ...]
    animals: tuple[str, ...]
    verbs: tuple[str, ...]
    objects: tuple[str, ...]  # every object word, grouped by verb
    objects_by_verb: tuple[tuple[str, tuple[str, ...]], ...]
    favourites: tuple[tuple[str, tuple[str, ...]], ...]
    never: tuple[tuple[str, tuple[str, ...]], ...]
    favourite_weight: float
    table: tuple[tuple[str, str, str, float], ...]  # p(object | verb, animal); adjective ignored

    def probabilities(self, verb: str, animal: str) -> dict[str, float]:
        """p(object | verb, animal) over the verb's objects (zeros included)."""
        return {o: p for v, a, o, p in self.table if v == verb and a == animal}

    def best_accuracy(self) -> float:
        """Accuracy of the ideal predictor that knows the rules (averaged over verb and animal)."""
        best = [max(self.probabilities(v, a).values()) for v in self.verbs for a in self.animals]
        return float(np.mean(best))


def corpus_rules() -> CorpusRules:
    """The rules that generate the corpus, with the full probability table."""
    favourites = dict(FAVOURITES)
    never = dict(NEVER)
    table = []
    for verb, objects in OBJECTS_BY_VERB:
        for animal in ANIMALS:
            raw = [_object_weight(o, favourites[animal], never[animal]) for o in objects]
            total = sum(raw)
            table.extend((verb, animal, o, w / total) for o, w in zip(objects, raw, strict=True))
    return CorpusRules(
        pattern=PATTERN,
        adjectives=ADJECTIVES,
        animals=ANIMALS,
        verbs=tuple(v for v, _ in OBJECTS_BY_VERB),
        objects=tuple(dict.fromkeys(o for _, objs in OBJECTS_BY_VERB for o in objs)),
        objects_by_verb=OBJECTS_BY_VERB,
        favourites=FAVOURITES,
        never=NEVER,
        favourite_weight=FAVOURITE_WEIGHT,
        table=tuple(table),
    )


def _object_weight(obj: str, favourite: tuple[str, ...], never: tuple[str, ...]) -> float:
    if obj in never:
        return 0.0
    return FAVOURITE_WEIGHT if obj in favourite else 1.0


def vocabulary() -> tuple[str, ...]:
    """The model's input words in a fixed order, then [mask]; objects are only ever hidden."""
    rules = corpus_rules()
    return ("the", *rules.adjectives, *rules.animals, *rules.verbs, MASK)


def make_corpus(seed: int, size: int) -> list[list[str]]:
    """`size` sentences: adjective, animal, verb uniform and independent; object from the table."""
    if size < 1:
        raise ValueError(f"size must be at least 1; got {size}")
    rules = corpus_rules()
    rng = np.random.default_rng(seed)
    adjectives = rng.integers(len(rules.adjectives), size=size)
    animals = rng.integers(len(rules.animals), size=size)
    verbs = rng.integers(len(rules.verbs), size=size)
    draws = rng.random(size)
    corpus = []
    for a, n, v, u in zip(adjectives, animals, verbs, draws, strict=True):
        verb, animal = rules.verbs[v], rules.animals[n]
        probs = rules.probabilities(verb, animal)
        cumulative = np.cumsum(list(probs.values()))
        obj = list(probs)[min(int(np.searchsorted(cumulative, u, side="right")), len(probs) - 1)]
        corpus.append(["the", rules.adjectives[a], animal, verb, "the", obj])
    return corpus


class ProbeProblem(enum.Enum):
    """Why a probe sentence does not fit the trained model; the app translates the code."""

    EMPTY = "empty"
    WRONG_LENGTH = "wrong_length"  # offending: the tokens given
    UNKNOWN_WORDS = "unknown_words"  # offending: words not in the vocabulary
    WRONG_PATTERN = "wrong_pattern"  # offending: known words in a slot of another role


@dataclass(frozen=True)
class ProbeCheck:
    """The probe's tokens and, when it does not fit, the problem and the words at fault."""

    tokens: tuple[str, ...]  # lower-cased, punctuation stripped
    problem: ProbeProblem | None  # None: the probe fits
    offending: tuple[str, ...]  # the words at fault, in sentence order
    positions: tuple[int, ...]  # their positions (empty for EMPTY and WRONG_LENGTH)
    expected_roles: tuple[str, ...]  # the role each offending position needs (WRONG_PATTERN)

    @property
    def ok(self) -> bool:
        return self.problem is None


def tokenize(sentence: str) -> list[str]:
    """Lower-case words split on whitespace, with surrounding punctuation stripped."""
    words = (w.strip(".,;:!?\"'()") for w in sentence.lower().split())
    return [w for w in words if w]


def check_probe(sentence: str | list[str] | tuple[str, ...]) -> ProbeCheck:
    """Validate a probe against PATTERN and the vocabulary; the first problem found wins."""
    tokens = tuple(
        tokenize(sentence) if isinstance(sentence, str) else tokenize(" ".join(sentence))
    )
    if not tokens:
        return ProbeCheck(tokens, ProbeProblem.EMPTY, (), (), ())
    if len(tokens) != len(PATTERN):
        return ProbeCheck(tokens, ProbeProblem.WRONG_LENGTH, tokens, (), ())
    roles = _word_roles()
    unknown = [(i, t) for i, t in enumerate(tokens) if t not in roles]
    if unknown:
        positions, words = zip(*unknown, strict=True)
        return ProbeCheck(tokens, ProbeProblem.UNKNOWN_WORDS, words, positions, ())
    misplaced = [
        (i, t, r) for i, (t, r) in enumerate(zip(tokens, PATTERN, strict=True)) if r not in roles[t]
    ]
    if misplaced:
        positions, words, expected = zip(*misplaced, strict=True)
        return ProbeCheck(tokens, ProbeProblem.WRONG_PATTERN, words, positions, expected)
    return ProbeCheck(tokens, None, (), (), ())


def _word_roles() -> dict[str, set[str]]:
    rules = corpus_rules()
    roles: dict[str, set[str]] = {"the": {"the"}}
    for role, words in (
        ("adjective", rules.adjectives),
        ("animal", rules.animals),
        ("verb", rules.verbs),
        ("object", rules.objects),
    ):
        for w in words:
            roles.setdefault(w, set()).add(role)
    return roles
