"""English sentences of many forms whose verb and direct object we know, for measuring heads.

A head ties an object to its verb when the object's row of weights puts the most on the
verb. To count how often a head of a left-to-right model does so, form by form, we need
sentences that say where the verb and its object are: this module writes them from two
disjoint word pools, "scan" (to choose a head) and "held_out" (to check the chosen head on
verbs, subjects, adjectives, adverbs and time phrases it was not chosen on; object nouns and
function words are shared).

In every active form the verb comes before its object, so a causal model's object row can see
the verb. In the passive the object comes first and its row cannot: PASSIVE_FORMS are
reported apart. `sentence_form` reads back which form a sentence someone typed has.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from types import MappingProxyType
from typing import TypeVar

import numpy as np

from core.wordpiece import is_cjk

T = TypeVar("T")

ACTIVE_FORMS = (
    "plain",  # The farmer painted the fence.
    "question",  # Did the farmer paint the fence?
    "wh_question",  # Why did the farmer paint the fence?
    "progressive",  # The farmer is painting the fence.
    "perfect",  # The farmer has painted the fence.
    "future",  # The farmer will paint the fence.
    "imperative",  # Please paint the fence.
    "quantifier",  # Every farmer painted two fences.
    "possessive",  # The farmer's son painted the fence.
    "relative",  # The farmer who lived nearby painted the fence.
    "adverb",  # The farmer quickly painted the fence.
    "time",  # Yesterday the farmer painted the fence.
    "negation",  # The farmer did not paint the fence.
    "adjective_object",  # The farmer painted the old wooden fence.
)  # the verb comes before its object
PASSIVE_FORMS = ("passive",)  # The fence was painted by the farmer: the object comes first
FORMS = ACTIVE_FORMS + PASSIVE_FORMS
POOL_NAMES = ("scan", "held_out")
MAX_TRIES = 50  # draws per sentence asked for before `sentences` gives up on finding more


# ---- what a generated sentence is ----------------------------------------------------------


@dataclass(frozen=True)
class FormSentence:
    """A sentence as a person types it, its words, and which of them are the verb and its object.

    `words` are `text`'s words in order (a generated English sentence split on spaces, with
    punctuation on its word: "fence."; Chinese, which has no spaces, its words one after another,
    core/chinese_forms.py; a typed sentence as core/verb_object.py reads it); `spans` are
    each word's [start, end) character offsets in `text`; `verb` and `object` are word indices
    (the object is the head noun of its noun phrase: "fence" in "the old fence").
    """

    text: str
    words: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]  # [n_words] (start, end) character offsets
    verb: int
    object: int
    form: str

    def __post_init__(self) -> None:
        if tuple(self.text[start:end] for start, end in self.spans) != self.words:
            raise ValueError(f"spans do not slice {self.text!r} into its words {self.words}")
        if any(a[1] > b[0] for a, b in zip(self.spans, self.spans[1:], strict=False)):
            raise ValueError(f"the words of {self.text!r} overlap or are out of order")
        for role, index in (("verb", self.verb), ("object", self.object)):
            if not 0 <= index < len(self.words):
                raise ValueError(f"{role} index {index} is outside the {len(self.words)} words")


def word_of_char(sentence: FormSentence, char_index: int) -> int | None:
    """The index of the word that character `char_index` of `sentence.text` belongs to; None
    for a space or an index outside the text. To map a model's token to a word, ask about its
    last character (end - 1): a leading space is never it."""
    for index, (start, end) in enumerate(sentence.spans):
        if start <= char_index < end:
            return index
    return None


def bare_span(sentence: FormSentence, word: int) -> tuple[int, int]:
    """[start, end) characters of word `word` without the sentence's final '.' or '?' (or 。？),
    so that the object's row can be read at the noun's own last token, not at the full stop's."""
    start, end = sentence.spans[word]
    while end > start and sentence.text[end - 1] in ".?。？":
        end -= 1
    return start, end


# ---- the words -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Verb:
    """A transitive verb's five forms and nouns it plausibly takes as its direct object."""

    base: str  # paint
    past: str  # painted
    s: str  # paints
    ing: str  # painting
    participle: str  # painted
    objects: tuple[str, ...]  # singular nouns, keys of NOUNS

    @property
    def forms(self) -> frozenset[str]:
        return frozenset((self.base, self.past, self.s, self.ing, self.participle))


@dataclass(frozen=True)
class Noun:
    """An object noun: its plural (None for a mass noun such as milk) and what kind of thing
    it is, which decides the adjectives that fit it."""

    singular: str
    plural: str | None
    kind: str


@dataclass(frozen=True)
class Person:
    """A subject: a common noun (plural given) or a name (plural None)."""

    singular: str
    plural: str | None
    gender: str  # "m", "f" or "x" (either): decides "his", "her"
    kin: bool  # reads naturally after "my" (my sister, my teacher)


@dataclass(frozen=True)
class Adjective:
    """An adjective, where it stands among others, and the kinds of noun it fits."""

    word: str
    rank: int  # English order: 0 opinion (used alone), 1 size, 2 quality, 3 age, 4 colour,
    #            5 material; two adjectives stand in rising rank ("big old wooden")
    kinds: frozenset[str]  # Noun.kind values, and "person" for subjects


@dataclass(frozen=True)
class Pool:
    """One of the two disjoint sets of content words sentences are drawn from."""

    verbs: tuple[Verb, ...]
    people: tuple[Person, ...]  # common nouns
    names: tuple[Person, ...]
    adjectives: tuple[Adjective, ...]
    adverbs: tuple[tuple[str, str], ...]  # (adverb, where: "before" the verb, "after" the
    #                                        object, or "both")
    times: tuple[tuple[str, str], ...]  # (phrase, tense: "past", "future" or "habit")
    relatives: tuple[str, ...]  # relative clauses on a person, with no object of their own


def _rows(table: str) -> list[list[str]]:
    """The rows of a whitespace table, one a line; an indented line goes on the row above."""
    rows: list[list[str]] = []
    for line in table.splitlines():
        if line.strip() and line[0].isspace() and rows:
            rows[-1] += line.split()
        elif line.strip():
            rows.append(line.split())
    return rows


def plural_of(noun: str) -> str:
    """The regular English plural: box -> boxes, story -> stories, key -> keys, cat -> cats.
    Irregular plurals (mice, scarves, potatoes) are written in the tables instead."""
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def _nouns(table: str) -> dict[str, Noun]:
    """Rows `kind | noun noun:plural noun:- ...` (":-" marks a mass noun)."""
    nouns = {}
    for row in _rows(table):
        kind, words = row[0], row[2:]
        for word in words:
            singular, _, plural = word.partition(":")
            plural = plural or plural_of(singular)
            nouns[singular] = Noun(singular, None if plural == "-" else plural, kind)
    return nouns


def _verbs(table: str) -> tuple[Verb, ...]:
    """Rows `base past s ing participle | object object ...`."""
    verbs = []
    for row in _rows(table):
        bar = row.index("|")
        verbs.append(Verb(*row[:bar], objects=tuple(row[bar + 1 :])))
    return tuple(verbs)


def _people(table: str) -> tuple[Person, ...]:
    """Rows `gender [kin] | noun noun:plural ...`, or `gender name | Name Name ...`."""
    people = []
    for row in _rows(table):
        bar = row.index("|")
        gender, flags = row[0], row[1:bar]
        for word in row[bar + 1 :]:
            singular, _, plural = word.partition(":")
            if flags == ["name"]:
                people.append(Person(singular, None, gender, kin=False))
            else:
                people.append(Person(singular, plural or plural_of(singular), gender,
                                     kin=flags == ["kin"]))  # fmt: skip
    return tuple(people)


def _adjectives(table: str) -> tuple[Adjective, ...]:
    """Rows `word rank kind kind ...`."""
    return tuple(Adjective(row[0], int(row[1]), frozenset(row[2:])) for row in _rows(table))


def _phrases(table: str) -> tuple[tuple[str, str], ...]:
    """Rows `phrase of words | tag`."""
    pairs = (line.split("|") for line in table.strip().splitlines())
    return tuple((phrase.strip(), tag.strip()) for phrase, tag in pairs)


NOUNS: Mapping[str, Noun] = MappingProxyType(
    _nouns("""
woodwork | fence door gate box table chair boat ladder stick seat cart
thing | window bottle ball stone key ring coin wallet umbrella plate cup glass basket bag
    suitcase radio clock computer phone drum piano guitar violin rope button bucket flag towel
    blanket parcel gift pen ticket
vehicle | car bike bus train truck tractor taxi
clothes | hat coat dress jacket scarf:scarves uniform shirt
building | house wall bridge roof castle museum school farm zoo
room | room kitchen floor yard garden
text | letter story poem song report note book newspaper map message card email question
picture | picture
dish | cake pie sandwich cookie meal pizza
fruit | apple banana orange tomato:tomatoes
vegetable | potato:potatoes onion carrot
egg | egg
food | bread:- soup:- rice:- sauce:-
drink | milk:- water:- tea:- coffee:- juice:-
stuff | money:- paper:- grass:- wood:-
animal | dog cat horse bird mouse:mice elephant donkey
fish | fish:fish
baby | baby
place | hill mountain field hole
route | river road street path tunnel
tree | tree
flower | flower
event | film game match race
""")
)  # singular: the noun, its plural and kind; both pools share them (a kind decides adjectives)

_SCAN_VERBS = """
paint painted paints painting painted | fence wall door house picture boat gate
eat ate eats eating eaten | apple cake sandwich banana pie bread soup
write wrote writes writing written | letter story poem song report note
open opened opens opening opened | door window box bottle gate letter
buy bought buys buying bought | bread car book hat ticket bike coat
wash washed washes washing washed | car shirt plate cup dog window
catch caught catches catching caught | ball fish bus train mouse
throw threw throws throwing thrown | ball stone stick
build built builds building built | house bridge wall boat fence
draw drew draws drawing drawn | picture map tree horse house
bake baked bakes baking baked | bread cake pie cookie
carry carried carries carrying carried | box bag basket chair baby
find found finds finding found | key ring coin wallet umbrella
wear wore wears wearing worn | hat coat dress jacket scarf uniform
ride rode rides riding ridden | horse bike elephant donkey
climb climbed climbs climbing climbed | tree hill mountain wall ladder
sell sold sells selling sold | car house bike apple flower
fix fixed fixes fixing fixed | car bike roof radio clock computer
boil boiled boils boiling boiled | water egg rice potato milk
peel peeled peels peeling peeled | apple orange banana potato onion
lock locked locks locking locked | door gate car window box
fold folded folds folding folded | shirt towel letter map blanket
send sent sends sending sent | letter card message parcel email
hide hid hides hiding hidden | key money box letter ring wallet
pour poured pours pouring poured | milk water tea juice coffee
sweep swept sweeps sweeping swept | floor kitchen yard path room
pull pulled pulls pulling pulled | rope door cart chair
drop dropped drops dropping dropped | plate cup glass key ball phone
borrow borrowed borrows borrowing borrowed | book pen car bike umbrella
cross crossed crosses crossing crossed | road river bridge street field
"""
_HELD_OUT_VERBS = """
drink drank drinks drinking drunk | milk water tea coffee juice
read read reads reading read | book letter newspaper story poem map
close closed closes closing closed | door window gate box book
clean cleaned cleans cleaning cleaned | room kitchen floor window car table
kick kicked kicks kicking kicked | ball door stone box
cook cooked cooks cooking cooked | meal soup rice egg fish potato
drive drove drives driving driven | car bus truck tractor taxi
feed fed feeds feeding fed | dog cat horse bird baby
hold held holds holding held | baby cup flag map umbrella
break broke breaks breaking broken | window glass plate cup chair egg
lose lost loses losing lost | key wallet umbrella ticket hat phone
visit visited visits visiting visited | museum castle farm zoo school
watch watched watches watching watched | film game match race
play played plays playing played | piano guitar violin game drum
push pushed pushes pushing pushed | door car box button chair
fill filled fills filling filled | cup bottle glass bucket box bag
cut cut cuts cutting cut | bread cake paper rope grass apple
pack packed packs packing packed | bag box suitcase basket
hang hung hangs hanging hung | picture coat shirt flag
bring brought brings bringing brought | cake book chair umbrella flower
choose chose chooses choosing chosen | dress hat seat book card
fry fried fries frying fried | egg fish potato onion
taste tasted tastes tasting tasted | soup cake juice sauce
dig dug digs digging dug | hole garden tunnel
grow grew grows growing grown | tomato potato flower carrot tree
wrap wrapped wraps wrapping wrapped | gift box book sandwich
chop chopped chops chopping chopped | onion carrot wood potato
steal stole steals stealing stolen | car bike money wallet ring
answer answered answers answering answered | question phone letter door email
deliver delivered delivers delivering delivered | letter parcel pizza newspaper milk
"""

_SCAN_PEOPLE = """
x | farmer student nurse pilot baker sailor
x kin | teacher doctor
m | boy man:men king
f | girl woman:women queen
m kin | uncle son
f kin | aunt daughter
m name | Tom Ben Sam
f name | Anna Lucy Emma
"""
_HELD_OUT_PEOPLE = """
x | child:children driver soldier artist writer singer guest tourist worker
x kin | friend cousin
m | prince
f | princess lady
m kin | father brother
f kin | mother sister
m name | Jack Peter David
f name | Mary Sarah Kate
"""

_SCAN_ADJECTIVES = """
big 1 woodwork thing vehicle clothes building room dish fruit vegetable egg fish animal place
    route tree flower picture
long 1 text event route clothes
hot 2 drink food
fresh 2 fruit vegetable egg fish food dish drink flower
dirty 2 woodwork thing vehicle clothes room animal
old 3 woodwork thing vehicle clothes building text picture event tree place route animal
    person
red 4 woodwork thing vehicle clothes flower
black 4 woodwork thing vehicle clothes animal
wooden 5 woodwork
funny 0 text event picture animal person
lovely 0 clothes building room flower picture dish
young 3 person animal
tired 2 person animal baby
tall 1 person tree
busy 2 person
happy 0 person baby animal
"""
_HELD_OUT_ADJECTIVES = """
small 1 woodwork thing vehicle clothes building room dish fruit vegetable egg fish animal place
    route tree flower picture
short 1 text event route clothes
cold 2 drink food dish
warm 2 drink food clothes room
wet 2 woodwork thing clothes animal room
sweet 2 fruit dish drink
new 3 woodwork thing vehicle clothes building text picture event
blue 4 woodwork thing vehicle clothes flower
white 4 woodwork thing vehicle clothes animal flower
green 4 woodwork thing vehicle clothes
beautiful 0 clothes building room flower picture place route person
kind 0 person
hungry 2 person animal baby
clever 0 person animal
brave 0 person
angry 2 person animal
"""

_SCAN_ADVERBS = """
quickly | both
carefully | both
quietly | both
suddenly | before
finally | before
often | before
neatly | after
twice | after
"""
_HELD_OUT_ADVERBS = """
slowly | both
happily | both
gently | both
proudly | both
always | before
usually | before
badly | after
again | after
"""

_SCAN_TIMES = """
yesterday | past
last week | past
last night | past
two days ago | past
on Monday | past
tomorrow | future
next week | future
every day | habit
on Sundays | habit
"""
_HELD_OUT_TIMES = """
this morning | past
earlier today | past
three weeks ago | past
on Tuesday | past
tonight | future
soon | future
next month | future
each evening | habit
on Saturdays | habit
"""

_SCAN_RELATIVES = (
    "who lived nearby", "who came late", "who arrived first", "who smiled at us",
    "who stood up", "who waved at me",
)  # fmt: skip
_HELD_OUT_RELATIVES = (
    "who stayed at home", "who laughed a lot", "who ran past", "who got up early",
    "who looked sad", "who spoke first",
)  # fmt: skip


def _pool(
    verbs: str, people: str, adjectives: str, adverbs: str, times: str, relatives: tuple[str, ...]
) -> Pool:
    everyone = _people(people)
    return Pool(
        verbs=_verbs(verbs),
        people=tuple(p for p in everyone if p.plural is not None),
        names=tuple(p for p in everyone if p.plural is None),
        adjectives=_adjectives(adjectives),
        adverbs=_phrases(adverbs),
        times=_phrases(times),
        relatives=relatives,
    )


POOLS: Mapping[str, Pool] = MappingProxyType(
    {
        "scan": _pool(
            _SCAN_VERBS, _SCAN_PEOPLE, _SCAN_ADJECTIVES, _SCAN_ADVERBS, _SCAN_TIMES, _SCAN_RELATIVES
        ),
        "held_out": _pool(
            _HELD_OUT_VERBS,
            _HELD_OUT_PEOPLE,
            _HELD_OUT_ADJECTIVES,
            _HELD_OUT_ADVERBS,
            _HELD_OUT_TIMES,
            _HELD_OUT_RELATIVES,
        ),
    }
)


# ---- small grammar ---------------------------------------------------------------------------

_A_BEFORE_VOWEL = ("uni", "use", "usu", "one", "eu")  # a uniform, a useful, a one-off
_AN_BEFORE_H = ("hour", "honest", "honour", "heir")  # an hour


def article(word: str) -> str:
    """The article, "a" or "an", before `word` by its first sound."""
    w = word.lower()
    if w.startswith(_AN_BEFORE_H):
        return "an"
    if w[:1] in "aeiou" and not w.startswith(_A_BEFORE_VOWEL):
        return "an"
    return "a"


def _pick(rng: np.random.Generator, items: Sequence[T]) -> T:
    return items[int(rng.integers(len(items)))]


def _chance(rng: np.random.Generator, p: float) -> bool:
    return bool(rng.random() < p)


def _finite(verb: Verb, tense: str, plural: bool) -> str:
    """The verb's form after a subject, in the past or the present."""
    if tense == "past":
        return verb.past
    return verb.base if plural else verb.s


def _agree(singular: str, plural_form: str, plural: bool) -> str:
    return plural_form if plural else singular


@dataclass(frozen=True)
class _Subject:
    words: tuple[str, ...]  # the noun phrase, its head noun last
    plural: bool
    gender: str  # "m", "f" or "x"
    head: str  # the person's singular noun, or the name


def _subject(
    rng: np.random.Generator,
    pool: Pool,
    *,
    plural_p: float = 0.25,
    name_p: float = 0.15,
    adjective_p: float = 0.0,
    people: Sequence[Person] = (),
) -> _Subject:
    """A subject noun phrase: a name, or "the"/"a" (an adjective) and a person."""
    if _chance(rng, name_p):
        name = _pick(rng, pool.names)
        return _Subject((name.singular,), False, name.gender, name.singular)
    person = _pick(rng, people or pool.people)
    plural = _chance(rng, plural_p)
    words = [person.plural if plural and person.plural else person.singular]
    fitting = [a.word for a in pool.adjectives if "person" in a.kinds]
    if _chance(rng, adjective_p):
        words.insert(0, _pick(rng, fitting))
    determiner = "the" if plural or _chance(rng, 0.7) else article(words[0])
    return _Subject((determiner, *words), plural, person.gender, person.singular)


def _adjectives_for(rng: np.random.Generator, pool: Pool, noun: Noun, n: int) -> list[str]:
    """Up to `n` (1 or 2) adjectives of `pool` that fit `noun`, in English order."""
    fitting = [a for a in pool.adjectives if noun.kind in a.kinds]
    if n == 0 or not fitting:
        return []
    first = _pick(rng, fitting)
    later = [a for a in fitting if a.rank > first.rank]
    if n == 1 or first.rank == 0 or not later:
        return [first.word]
    return [first.word, _pick(rng, later).word]


_DETERMINERS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {  # determiner: the numbers it goes with (one, many, mass)
        "the": ("one", "many", "mass"),
        "a": ("one",),
        "this": ("one", "mass"),
        "that": ("one", "mass"),
        "these": ("many",),
        "those": ("many",),
        "some": ("many", "mass"),
        "my": ("one", "many", "mass"),
        "your": ("one", "many", "mass"),
        "his": ("one", "many", "mass"),
        "her": ("one", "many", "mass"),
        "our": ("one", "many", "mass"),
        "their": ("one", "many", "mass"),
    }
)


def _object_phrase(
    rng: np.random.Generator,
    pool: Pool,
    noun: Noun,
    *,
    determiners: Sequence[str] = ("the",),
    plural_p: float = 0.2,
    n_adjectives: int = 0,
) -> tuple[list[str], bool]:
    """A noun phrase for `noun`, its head noun last, and whether it is plural."""
    plural = noun.plural is not None and _chance(rng, plural_p)
    number = "mass" if noun.plural is None else "many" if plural else "one"
    head = noun.plural if plural and noun.plural else noun.singular
    words = [*_adjectives_for(rng, pool, noun, n_adjectives), head]
    usable = [d for d in determiners if number in _DETERMINERS[d]] or ["the"]
    determiner = _pick(rng, usable)
    if determiner == "a":
        determiner = article(words[0])
    return [determiner, *words], plural


def _verb_and_noun(
    rng: np.random.Generator, pool: Pool, *, needs_adjective: bool = False
) -> tuple[Verb, Noun]:
    """A verb of `pool` and one of its objects (one that some adjective of `pool` fits)."""
    while True:
        verb = _pick(rng, pool.verbs)
        noun = NOUNS[_pick(rng, verb.objects)]
        if not needs_adjective or any(noun.kind in a.kinds for a in pool.adjectives):
            return verb, noun


class _Draft:
    """A sentence being written: its words so far, and where its verb and object stand."""

    def __init__(self) -> None:
        self.words: list[str] = []
        self.verb = -1
        self.object = -1

    def add(self, *phrases: str) -> None:
        for phrase in phrases:
            self.words += phrase.split()

    def add_verb(self, word: str) -> None:
        self.verb = len(self.words)
        self.words.append(word)

    def add_object(self, phrase: Sequence[str]) -> None:
        self.words += phrase
        self.object = len(self.words) - 1

    def finish(self, form: str, end: str = ".") -> FormSentence:
        """The sentence as typed: a capital first letter, `end` on the last word."""
        words = list(self.words)
        words[0] = words[0][:1].upper() + words[0][1:]
        words[-1] += end
        spans, start = [], 0
        for word in words:
            spans.append((start, start + len(word)))
            start += len(word) + 1
        return FormSentence(
            " ".join(words), tuple(words), tuple(spans), self.verb, self.object, form
        )


# ---- one maker per form ----------------------------------------------------------------------

_TENSES = ("past", "present")


def _plain(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    subject = _subject(rng, pool)
    d = _Draft()
    d.add(*subject.words)
    d.add_verb(_finite(verb, _pick(rng, _TENSES), subject.plural))
    d.add_object(_object_phrase(rng, pool, noun, determiners=("the", "a"))[0])
    return d.finish("plain")


def _question(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    subject = _subject(rng, pool, adjective_p=0.2)
    auxiliary = _pick(rng, ("did", "will", "can", "could", "does"))
    if auxiliary == "does" and subject.plural:
        auxiliary = "do"
    d = _Draft()
    d.add(auxiliary, *subject.words)
    d.add_verb(verb.base)
    d.add_object(_object_phrase(rng, pool, noun, determiners=("the", "a", "this"))[0])
    return d.finish("question", "?")


def _wh_question(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    d = _Draft()
    shape = _pick(rng, ("wh", "wh", "who", "which"))
    if shape == "who":  # Who painted the fence?
        d.add("who")
        d.add_verb(_finite(verb, _pick(rng, _TENSES), plural=False))
    elif shape == "which":  # Which farmers painted the fence?
        subject = _subject(rng, pool, name_p=0.0)
        d.add("which", *subject.words[1:])
        d.add_verb(_finite(verb, _pick(rng, _TENSES), subject.plural))
    else:  # Why did the farmer paint the fence?
        subject = _subject(rng, pool, adjective_p=0.2)
        auxiliary = _pick(rng, ("did", "will", "does"))
        if auxiliary == "does" and subject.plural:
            auxiliary = "do"
        d.add(_pick(rng, ("why", "when", "where", "how")), auxiliary, *subject.words)
        d.add_verb(verb.base)
    d.add_object(_object_phrase(rng, pool, noun)[0])
    return d.finish("wh_question", "?")


def _progressive(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    subject = _subject(rng, pool, adjective_p=0.2)
    past = _chance(rng, 0.5)
    d = _Draft()
    d.add(*subject.words, _agree(*(("was", "were") if past else ("is", "are")), subject.plural))
    d.add_verb(verb.ing)
    d.add_object(_object_phrase(rng, pool, noun, determiners=("the", "a", "some"))[0])
    return d.finish("progressive")


def _perfect(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    subject = _subject(rng, pool, adjective_p=0.2)
    auxiliary = "had" if _chance(rng, 0.3) else _agree("has", "have", subject.plural)
    d = _Draft()
    d.add(*subject.words, auxiliary)
    d.add_verb(verb.participle)
    d.add_object(_object_phrase(rng, pool, noun, determiners=("the", "a"))[0])
    return d.finish("perfect")


def _future(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    subject = _subject(rng, pool, adjective_p=0.2)
    d = _Draft()
    d.add(*subject.words)
    if _chance(rng, 0.7):
        d.add("will")
    else:
        d.add(_agree("is", "are", subject.plural), "going to")
    d.add_verb(verb.base)
    d.add_object(_object_phrase(rng, pool, noun, determiners=("the", "a"))[0])
    return d.finish("future")


def _imperative(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    d = _Draft()
    d.add(_pick(rng, ("", "", "please", "let's")))  # "": the bare verb first
    d.add_verb(verb.base)
    determiners = ("the", "a", "this", "that", "these", "those", "your", "some")
    d.add_object(_object_phrase(rng, pool, noun, determiners=determiners)[0])
    return d.finish("imperative")


# (quantifier, whether the noun after it is plural)
_SUBJECT_QUANTIFIERS = (("every", False), ("each", False), ("some", True), ("many", True),
                        ("all the", True), ("most", True), ("two", True), ("three", True),
                        ("a few", True))  # fmt: skip
_OBJECT_QUANTIFIERS = (("two", True), ("three", True), ("five", True), ("several", True),
                       ("many", True), ("some", True), ("all the", True), ("a few", True),
                       ("both", True), ("every", False))  # fmt: skip
_MASS_QUANTIFIERS = ("some", "all the", "a little")


def _quantifier(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    person = _pick(rng, pool.people)
    quantifier, plural = _pick(rng, _SUBJECT_QUANTIFIERS)
    d = _Draft()
    d.add(quantifier, person.plural if plural and person.plural else person.singular)
    d.add_verb(_finite(verb, _pick(rng, _TENSES), plural))
    if noun.plural is None:
        d.add_object([*_pick(rng, _MASS_QUANTIFIERS).split(), noun.singular])
    else:
        quantifier, many = _pick(rng, _OBJECT_QUANTIFIERS)
        d.add_object([*quantifier.split(), noun.plural if many else noun.singular])
    return d.finish("quantifier")


def _own(subject: _Subject) -> tuple[str, ...]:
    """The possessives that may stand before the object of `subject`'s verb ("My sister painted
    her fence"), the one that refers back to the subject twice as likely as each other."""
    own = "their" if subject.plural else {"m": "his", "f": "her"}.get(subject.gender)
    return (own, own, "my", "our", "your") if own else ("my", "our", "your")


def _possessive(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    kin = [p for p in pool.people if p.kin]
    shape = _pick(rng, ("my", "owner", "object"))
    d = _Draft()
    if shape == "my":  # My sister painted her fence.
        subject = _subject(rng, pool, plural_p=0.0, name_p=0.0, people=kin)
        d.add(_pick(rng, ("my", "our", "your")), *subject.words[1:])
        d.add_verb(_finite(verb, _pick(rng, _TENSES), subject.plural))
        d.add_object(_object_phrase(rng, pool, noun, determiners=_own(subject))[0])
        return d.finish("possessive")
    owner = _subject(rng, pool, plural_p=0.0, name_p=0.4)
    possessor = [*owner.words[:-1], owner.words[-1] + "'s"]  # the farmer's, Tom's
    if shape == "owner":  # one's father, not fathers
        people, plural_p, name_p = kin, 0.0, 0.0
    else:
        people, plural_p, name_p = pool.people, 0.25, 0.15
    subject = _subject(rng, pool, plural_p=plural_p, name_p=name_p, people=people)
    while subject.head == owner.head:
        subject = _subject(rng, pool, plural_p=plural_p, name_p=name_p, people=people)
    if shape == "owner":  # The farmer's son painted the fence.
        d.add(*possessor, *subject.words[1:])
    else:  # The farmer painted the teacher's fence.
        d.add(*subject.words)
    d.add_verb(_finite(verb, _pick(rng, _TENSES), subject.plural))
    phrase = _object_phrase(rng, pool, noun)[0]
    d.add_object([*possessor, *phrase[1:]] if shape == "object" else phrase)
    return d.finish("possessive")


def _relative(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    subject = _subject(rng, pool, name_p=0.0)
    clause = _pick(rng, pool.relatives)
    if _chance(rng, 0.3):
        clause = clause.replace("who", "that", 1)
    d = _Draft()
    d.add(*subject.words, clause)
    d.add_verb(_finite(verb, _pick(rng, _TENSES), subject.plural))
    d.add_object(_object_phrase(rng, pool, noun, determiners=("the", "a"))[0])
    return d.finish("relative")


def _adverb(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    subject = _subject(rng, pool)
    adverb, where = _pick(rng, pool.adverbs)
    before = where == "before" or (where == "both" and _chance(rng, 0.5))
    d = _Draft()
    d.add(*subject.words)
    if before:
        d.add(adverb)
    d.add_verb(_finite(verb, _pick(rng, _TENSES), subject.plural))
    d.add_object(_object_phrase(rng, pool, noun, determiners=("the", "a"))[0])
    if not before:
        d.add(adverb)
    return d.finish("adverb")


def _time(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    subject = _subject(rng, pool, adjective_p=0.2)
    phrase, tense = _pick(rng, pool.times)
    front = _chance(rng, 0.5)
    d = _Draft()
    if front:
        d.add(phrase)
    d.add(*subject.words)
    if tense == "future":
        d.add("will")
        d.add_verb(verb.base)
    else:
        d.add_verb(_finite(verb, "past" if tense == "past" else "present", subject.plural))
    d.add_object(_object_phrase(rng, pool, noun, determiners=("the", "a"))[0])
    if not front:
        d.add(phrase)
    return d.finish("time")


def _negation(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    subject = _subject(rng, pool, adjective_p=0.2)
    plural = subject.plural
    shape = _pick(rng, ("did", "does", "will", "can", "has", "never"))
    negators = {
        "did": ("did not", "didn't"),
        "does": ("do not", "don't") if plural else ("does not", "doesn't"),
        "will": ("will not", "won't"),
        "can": ("cannot", "can't"),
        "has": ("have not", "haven't") if plural else ("has not", "hasn't"),
        "never": ("never",),
    }
    d = _Draft()
    d.add(*subject.words, _pick(rng, negators[shape]))
    if shape == "has":
        d.add_verb(verb.participle)
    elif shape == "never":
        d.add_verb(_finite(verb, _pick(rng, _TENSES), plural))
    else:
        d.add_verb(verb.base)
    d.add_object(_object_phrase(rng, pool, noun, determiners=("the", "a"))[0])
    return d.finish("negation")


def _adjective_object(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool, needs_adjective=True)
    subject = _subject(rng, pool, adjective_p=0.2)
    d = _Draft()
    d.add(*subject.words)
    d.add_verb(_finite(verb, _pick(rng, _TENSES), subject.plural))
    n_adjectives = _pick(rng, (1, 2))
    determiners = ("the", "a", "some")
    d.add_object(
        _object_phrase(rng, pool, noun, determiners=determiners, n_adjectives=n_adjectives)[0]
    )
    return d.finish("adjective_object")


def _passive(rng: np.random.Generator, pool: Pool) -> FormSentence:
    verb, noun = _verb_and_noun(rng, pool)
    phrase, plural = _object_phrase(rng, pool, noun, determiners=("the", "the", "a", "this"))
    shape = _pick(rng, ("was", "was", "is", "has been", "will be"))
    auxiliaries = {
        "was": _agree("was", "were", plural),
        "is": _agree("is", "are", plural),
        "has been": _agree("has been", "have been", plural),
        "will be": "will be",
    }
    d = _Draft()
    d.add_object(phrase)
    d.add(auxiliaries[shape])
    d.add_verb(verb.participle)
    times = [
        p for p, tense in pool.times if tense == {"was": "past", "will be": "future"}.get(shape)
    ]
    if times and _chance(rng, 0.25):  # The fence was painted yesterday.
        d.add(_pick(rng, times))
    else:  # The fence was painted by the farmer.
        d.add("by", *_subject(rng, pool).words)
    return d.finish("passive")


_MAKERS: Mapping[str, Callable[[np.random.Generator, Pool], FormSentence]] = MappingProxyType(
    {
        "plain": _plain,
        "question": _question,
        "wh_question": _wh_question,
        "progressive": _progressive,
        "perfect": _perfect,
        "future": _future,
        "imperative": _imperative,
        "quantifier": _quantifier,
        "possessive": _possessive,
        "relative": _relative,
        "adverb": _adverb,
        "time": _time,
        "negation": _negation,
        "adjective_object": _adjective_object,
        "passive": _passive,
    }
)


def sentences(form: str, count: int, seed: int, pool: str = "held_out") -> list[FormSentence]:
    """`count` distinct sentences of `form` (one of FORMS) from word pool `pool` ("scan" or
    "held_out"), the same for the same (form, seed, pool); a smaller count gives a prefix."""
    if form not in FORMS:
        raise ValueError(f"unknown form {form!r}; choose one of {', '.join(FORMS)}")
    if pool not in POOL_NAMES:
        raise ValueError(f"unknown pool {pool!r}; choose one of {', '.join(POOL_NAMES)}")
    if count < 0:
        raise ValueError(f"count must be 0 or more; got {count}")
    rng = np.random.default_rng([seed, FORMS.index(form), POOL_NAMES.index(pool)])
    make, words = _MAKERS[form], POOLS[pool]
    found: dict[str, FormSentence] = {}
    for _ in range(MAX_TRIES * count):
        if len(found) == count:
            break
        sentence = make(rng, words)
        found.setdefault(sentence.text, sentence)
    if len(found) < count:
        raise ValueError(
            f"found only {len(found)} distinct {form} sentences in the {pool} "
            f"pool; ask for fewer than {count}"
        )
    return list(found.values())


# ---- the form of a sentence someone typed ----------------------------------------------------


def sentence_form(text: str) -> str | None:
    """Which of FORMS a typed English sentence has, read from plain cues (a final "?", "please",
    "will", "not" ...); "plain" when it shows none; None for a Chinese one or one it cannot tell."""
    if any(is_cjk(char) for char in text):
        return None
    words = [w.strip('.,;:!?"“”').casefold() for w in text.split()]
    words = [w for w in words if w]
    if not words:
        return None
    first, rest = words[0], set(words[1:])
    if text.rstrip().endswith("?"):
        if first in ("why", "what", "where", "when", "how", "who", "which"):
            return "wh_question"
        return "question" if first in ("did", "does", "do") else None
    if first == "please":
        return "imperative"
    if "by" in rest and rest & {"was", "were", "is", "are", "been"}:
        return "passive"
    if "not" in rest or any(w.endswith("n't") for w in words):
        return "negation"
    if "will" in rest:
        return "future"
    if rest & {"has", "have", "had"}:
        return "perfect"
    if any(a in ("is", "are", "was", "were") and b.endswith("ing") for a, b in pairwise(words)):
        return "progressive"
    if rest & {"who", "which", "that"}:
        return "relative"
    if first in ("yesterday", "today", "tonight", "tomorrow"):
        return "time"
    if any(w.endswith("'s") or w.endswith("’s") for w in words):
        return "possessive"
    return "plain"
