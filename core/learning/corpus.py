"""The toy corpus for the learning page: rules as data, seeded sentences, probe validation.

Every sentence is "the {adjective} {animal} {verb} the {object}". The object depends strongly on
the verb, somewhat on the animal, and not at all on the adjective.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
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

# The same corpus in Chinese: one Chinese word per English word, and "the" by its position
# (那只 before the adjective, 了 after the verb), so "the black cat drank the milk" reads
# 那只 黑 猫 喝 了 奶 and a Chinese probe is the same six tokens for the model.
PATTERN_ZH = {0: "那只", 4: "了"}
CHINESE_WORDS = {
    **{"black": "黑", "white": "白", "big": "大", "small": "小", "brown": "棕", "old": "老"},
    **{"cat": "猫", "dog": "狗", "bird": "鸟", "cow": "牛"},
    **{"drank": "喝", "ate": "吃", "chased": "追", "found": "找到", "carried": "叼"},
    **{"milk": "奶", "water": "水", "juice": "果汁", "tea": "茶"},
    **{"fish": "鱼", "bones": "骨头", "seeds": "种子", "grass": "草"},
    **{"mouse": "老鼠", "ball": "球", "fly": "苍蝇", "leaf": "叶子"},
    **{"toy": "玩具", "stick": "木棍", "nest": "鸟窝", "hay": "干草"},
    **{"yarn": "毛线", "shoe": "鞋", "twig": "树枝", "straw": "稻草"},
}
DEFAULT_PROBE_ZH = "那只黑猫喝了奶"


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
    """Lower-case words split on whitespace, with surrounding punctuation stripped; Chinese
    words (CHINESE_WORDS, PATTERN_ZH) become the English words they stand for."""
    words = (w.strip(".,;:!?\"'()。，！？“”") for w in sentence.lower().split())
    return [e for w in words if w for e in _from_chinese(w)]


_ENGLISH_OF = {zh: en for en, zh in CHINESE_WORDS.items()} | dict.fromkeys(
    PATTERN_ZH.values(), "the"
)
_LONGEST_ZH = max(map(len, _ENGLISH_OF))  # characters in the longest Chinese word


def _from_chinese(word: str) -> list[str]:
    """A run of Chinese words, split by longest match and put in English; a character no
    word starts with stays itself (an unknown word). Other text is one word, as it is."""
    if not any(_is_han(ch) for ch in word):
        return [word]
    return [_ENGLISH_OF.get(w, w) for w in chinese_words(word)]


def _is_han(text: str) -> bool:
    return bool(text) and all("\u4e00" <= ch <= "\u9fff" for ch in text)


def chinese_words(run: str) -> list[str]:
    """A run of characters cut into the corpus's Chinese words by longest match (那只黑猫喝了奶
    -> 那只 黑 猫 喝 了 奶); a character no word starts with stays alone (an unknown word)."""
    out, i = [], 0
    while i < len(run):
        n = next((n for n in range(_LONGEST_ZH, 1, -1) if run[i : i + n] in _ENGLISH_OF), 1)
        out.append(run[i : i + n])
        i += n
    return out


def _han_runs(tokens: Sequence[str]) -> Iterator[tuple[int, int]]:
    """(start, end) of each run of consecutive all-Chinese tokens."""
    i = 0
    while i < len(tokens):
        if not _is_han(tokens[i]):
            i += 1
            continue
        end = next((j for j in range(i, len(tokens)) if not _is_han(tokens[j])), len(tokens))
        yield i, end
        i = end


def cut_chinese(tokens: Sequence[str]) -> list[str]:
    """Tokens with each run of Chinese ones (core.tokenize gives one a character) cut again into
    the corpus's Chinese words, the words page 7's model was trained on; other tokens as they
    are."""
    out, at = [], 0
    for start, end in _han_runs(tokens):
        out += [*tokens[at:start], *chinese_words("".join(tokens[start:end]))]
        at = end
    return [*out, *tokens[at:]]


def in_english(tokens: Sequence[str]) -> list[str]:
    """Each token as page 7's model knows it, lower-cased: a Chinese token that lies in one of
    the corpus's Chinese words, cut from its run of Chinese tokens by longest match, as that
    word's English word (猫 -> cat; 那只 -> the, and so are 那 and 只 when a tokenizer cut them
    apart); any other token as it is."""
    english = [t.lower() for t in tokens]
    for start, end in _han_runs(tokens):
        spans, at = [], 0  # each word of the run: (first character, end, English or None)
        for word in chinese_words("".join(tokens[start:end])):
            spans.append((at, at + len(word), _ENGLISH_OF.get(word)))
            at += len(word)
        at = 0
        for i in range(start, end):
            first, last = at, at + len(tokens[i])
            word = next(w for w in spans if w[0] <= first < w[1])
            if word[2] is not None and last <= word[1]:
                english[i] = word[2]
            at = last
    return english


def in_chinese(tokens: tuple[str, ...] | list[str]) -> list[str]:
    """Probe or corpus tokens as the Chinese corpus writes them (unknown words as they are)."""
    return [
        PATTERN_ZH[i] if word == "the" and i in PATTERN_ZH else CHINESE_WORDS.get(word, word)
        for i, word in enumerate(tokens)
    ]


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
