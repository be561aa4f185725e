"""core.sentence_forms: hand-checked sentences, the roles point at the right words, disjoint
pools, determinism, word order per form, spans, and English details (a/an, plurals, agreement)."""

import functools
import itertools

import pytest

from core.sentence_forms import (
    ACTIVE_FORMS,
    FORMS,
    NOUNS,
    PASSIVE_FORMS,
    POOL_NAMES,
    POOLS,
    FormSentence,
    article,
    bare_span,
    plural_of,
    sentence_form,
    sentences,
    word_of_char,
)

N = 60  # sentences per form and pool in the checks over many sentences
VERB_OF = {form: verb for pool in POOLS.values() for verb in pool.verbs for form in verb.forms}
SINGULAR_OF = {noun.plural: noun.singular for noun in NOUNS.values() if noun.plural} | {
    noun.singular: noun.singular for noun in NOUNS.values()
}
PLURAL_PEOPLE = {p.plural.lower() for pool in POOLS.values() for p in pool.people if p.plural}
SINGULAR_PEOPLE = {
    p.singular.lower() for pool in POOLS.values() for p in (*pool.people, *pool.names)
}


def bare(word: str) -> str:
    return word.rstrip(".?").lower()


@functools.cache
def every_sentence() -> tuple[FormSentence, ...]:
    """N sentences of every form from both pools, made once for the checks that read them all."""
    return tuple(s for pool in POOL_NAMES for form in FORMS for s in sentences(form, N, 7, pool))


# seed 0, held-out pool, the first sentence of each form; read by hand: the verb is the verb
# and the object is the head noun of the object's noun phrase
HAND_CHECKED = {
    "plain": ("The lady chops the carrots.", "chops", "carrots."),
    "question": ("Will a sister choose this card?", "choose", "card?"),
    "wh_question": ("How will the fathers deliver the pizza?", "deliver", "pizza?"),
    "progressive": ("The beautiful friend was stealing a car.", "stealing", "car."),
    "perfect": ("The singer had brought a flower.", "brought", "flower."),
    "future": ("The kind brother will cut the paper.", "cut", "paper."),
    "imperative": ("Answer that email.", "Answer", "email."),
    "quantifier": ("Every sister steals both cars.", "steals", "cars."),
    "possessive": ("The guest reads a brother's stories.", "reads", "stories."),
    "relative": ("The prince that spoke first grows the potato.", "grows", "potato."),
    "adverb": ("A writer usually drinks the juice.", "drinks", "juice."),
    "time": ("The cousins will close the door tonight.", "close", "door"),
    "negation": ("The lady hasn't packed the box.", "packed", "box."),
    "adjective_object": ("The tourist grew a small carrot.", "grew", "carrot."),
    "passive": ("The film will be watched by the princess.", "watched", "film"),
}


def test_the_forms():
    assert set(HAND_CHECKED) == set(FORMS) and len(FORMS) == 15
    assert FORMS == ACTIVE_FORMS + PASSIVE_FORMS and PASSIVE_FORMS == ("passive",)


@pytest.mark.parametrize("form", FORMS)
def test_hand_checked_sentence(form):
    text, verb, noun = HAND_CHECKED[form]
    s = sentences(form, 1, 0)[0]
    assert (s.text, s.words[s.verb], s.words[s.object], s.form) == (text, verb, noun, form)
    assert SINGULAR_OF[bare(noun)] in VERB_OF[bare(verb)].objects


@pytest.mark.parametrize("pool", POOL_NAMES)
@pytest.mark.parametrize("form", FORMS)
def test_the_verb_is_a_verb_of_the_pool_and_the_object_one_of_its_objects(form, pool):
    pool_verbs = POOLS[pool].verbs
    for s in sentences(form, N, 3, pool):
        verb = VERB_OF[bare(s.words[s.verb])]
        assert verb in pool_verbs, s.text
        assert SINGULAR_OF[bare(s.words[s.object])] in verb.objects, s.text


def test_verb_forms_and_plurals_by_hand():
    verbs = {v.base: v for pool in POOLS.values() for v in pool.verbs}
    hand = {  # base: (past, -s, -ing, participle)
        "eat": ("ate", "eats", "eating", "eaten"),
        "drink": ("drank", "drinks", "drinking", "drunk"),
        "write": ("wrote", "writes", "writing", "written"),
        "ride": ("rode", "rides", "riding", "ridden"),
        "hide": ("hid", "hides", "hiding", "hidden"),
        "choose": ("chose", "chooses", "choosing", "chosen"),
        "cut": ("cut", "cuts", "cutting", "cut"),
        "fry": ("fried", "fries", "frying", "fried"),
        "dig": ("dug", "digs", "digging", "dug"),
        "drop": ("dropped", "drops", "dropping", "dropped"),
        "carry": ("carried", "carries", "carrying", "carried"),
        "steal": ("stole", "steals", "stealing", "stolen"),
        "hang": ("hung", "hangs", "hanging", "hung"),
        "break": ("broke", "breaks", "breaking", "broken"),
        "catch": ("caught", "catches", "catching", "caught"),
    }
    for base, forms in hand.items():
        v = verbs[base]
        assert (v.past, v.s, v.ing, v.participle) == forms
    for v in verbs.values():
        assert v.ing.endswith("ing") and v.s.endswith("s"), v
    plurals = {"box": "boxes", "story": "stories", "key": "keys", "bus": "buses",
               "baby": "babies", "sandwich": "sandwiches", "match": "matches", "mouse": "mice",
               "scarf": "scarves", "potato": "potatoes", "fish": "fish"}  # fmt: skip
    assert {n: NOUNS[n].plural for n in plurals} == plurals
    assert plural_of("glass") == "glasses" and plural_of("donkey") == "donkeys"
    assert NOUNS["milk"].plural is None and NOUNS["money"].plural is None
    people = {p.singular: p.plural for pool in POOLS.values() for p in pool.people}
    assert (people["man"], people["woman"], people["child"], people["lady"]) == (
        "men", "women", "children", "ladies"
    )  # fmt: skip


def test_pools_are_big_enough_and_their_objects_are_nouns():
    for pool in POOLS.values():
        assert len(pool.verbs) >= 25
        for verb in pool.verbs:
            assert len(verb.objects) >= 3 and set(verb.objects) <= set(NOUNS), verb
        assert len(pool.people) >= 15 and len(pool.names) >= 4
        assert len(pool.adverbs) >= 6 and len(pool.times) >= 6 and len(pool.relatives) >= 4
    forms = [f for pool in POOLS.values() for v in pool.verbs for f in v.forms]
    assert len(VERB_OF) == len(set(forms)) and not set(VERB_OF) & set(NOUNS)  # no homographs


def content_words(pool: str) -> dict[str, set[str]]:
    p = POOLS[pool]
    return {
        "verbs": {f for v in p.verbs for f in v.forms},
        "subjects": {q.singular for q in (*p.people, *p.names)} | {q.plural for q in p.people},
        "adjectives": {a.word for a in p.adjectives},
        "adverbs": {word for word, _ in p.adverbs},
        "times": {phrase for phrase, _ in p.times},
        "relatives": set(p.relatives),
    }


def test_pools_are_disjoint():
    scan, held_out = content_words("scan"), content_words("held_out")
    for part in scan:
        assert not scan[part] & held_out[part], part
    scan_words = set().union(*(scan[p] for p in ("verbs", "subjects", "adjectives", "adverbs")))
    held_words = set().union(*(held_out[p] for p in ("verbs", "subjects", "adjectives", "adverbs")))
    assert not scan_words & held_words


@pytest.mark.parametrize("pool,other", [("held_out", "scan"), ("scan", "held_out")])
def test_no_content_word_of_the_other_pool_appears(pool, other):
    parts = content_words(other)
    theirs = {w.lower() for p in ("verbs", "subjects", "adjectives", "adverbs") for w in parts[p]}
    for form in FORMS:
        for s in sentences(form, N, 5, pool):
            words = {bare(w).removesuffix("'s") for w in s.words}
            assert not words & theirs, s.text
            assert not any(phrase in s.text.lower() for phrase in parts["times"]), s.text


def test_deterministic_and_a_smaller_count_is_a_prefix():
    for form in FORMS:
        first = sentences(form, 20, 11, "scan")
        assert sentences(form, 20, 11, "scan") == first
        assert sentences(form, 5, 11, "scan") == first[:5]
        assert [s.text for s in sentences(form, 20, 12, "scan")] != [s.text for s in first]
        assert [s.text for s in sentences(form, 20, 11)] != [s.text for s in first]


def test_word_order_of_active_and_passive_forms():
    for s in every_sentence():
        if s.form in ACTIVE_FORMS:
            assert s.verb < s.object, s.text
        else:
            assert s.object < s.verb, s.text


def test_texts_are_distinct_capitalised_and_end_as_typed():
    for pool in POOL_NAMES:
        for form in FORMS:
            texts = [s.text for s in sentences(form, 200, 1, pool)]
            assert len(set(texts)) == 200
            for text in texts:
                assert text[0].isupper() and "  " not in text and text == text.strip()
                end = "?" if form in ("question", "wh_question") else "."
                assert text.endswith(end) and text.count(end) == 1, text


def test_spans_slice_the_text_back_to_its_words():
    for s in every_sentence():
        assert s.words == tuple(s.text.split(" "))
        assert [s.text[a:b] for a, b in s.spans] == list(s.words)
        for i, ch in enumerate(s.text):
            word = word_of_char(s, i)
            assert (word is None) == (ch == " ")
            if word is not None:
                assert s.spans[word][0] <= i < s.spans[word][1]


def test_word_of_char_and_bare_span_by_hand():
    s = sentences("plain", 1, 0)[0]  # "The lady chops the carrots."
    assert [word_of_char(s, i) for i in (0, 2, 3, 4, 9, 15, 19, 26, 27, -1)] == [
        0, 0, None, 1, 2, 3, 4, 4, None, None
    ]  # fmt: skip
    assert s.text[slice(*bare_span(s, s.object))] == "carrots"
    assert s.text[slice(*bare_span(s, s.verb))] == "chops"


def test_a_bad_sentence_is_refused():
    with pytest.raises(ValueError, match="spans"):
        FormSentence("The cat ate.", ("The", "cat", "ate."), ((0, 3), (4, 7), (8, 11)), 2, 1, "x")
    with pytest.raises(ValueError, match="object index"):
        FormSentence("Eat it.", ("Eat", "it."), ((0, 3), (4, 7)), 0, 2, "x")


def test_articles():
    assert [article(w) for w in ("umbrella", "uniform", "old", "egg", "hour", "big", "apple")] == [
        "an", "a", "an", "an", "an", "a", "an"
    ]  # fmt: skip
    for s in every_sentence():
        words = [bare(w) for w in s.words]
        for word, after in itertools.pairwise(words):
            if word in ("a", "an") and after not in ("few", "little"):
                assert word == article(after), s.text
        noun = NOUNS[SINGULAR_OF[words[s.object]]]
        phrase = words[s.verb + 1 : s.object] if s.verb < s.object else words[: s.object]
        if noun.plural is None:  # a mass noun: no "a milk", but "a little milk"
            assert not {"a", "an"} & set(phrase) or "little" in phrase, s.text


def test_the_verb_agrees_with_its_subject():
    for pool in POOL_NAMES:
        for form in ("progressive", "perfect"):
            for s in sentences(form, N, 2, pool):
                auxiliary, subject = bare(s.words[s.verb - 1]), bare(s.words[s.verb - 2])
                if auxiliary == "had":
                    continue
                plural = auxiliary in ("are", "were", "have")
                assert subject in (PLURAL_PEOPLE if plural else SINGULAR_PEOPLE), s.text
        for s in sentences("plain", N, 2, pool):
            verb, subject = VERB_OF[bare(s.words[s.verb])], bare(s.words[s.verb - 1])
            if s.words[s.verb] == verb.s:
                assert subject in SINGULAR_PEOPLE, s.text
            elif s.words[s.verb] == verb.base != verb.past:  # not "cut", "read"
                assert subject in PLURAL_PEOPLE, s.text


def test_a_relative_clause_has_no_verb_of_the_pools():
    for pool in POOL_NAMES:
        for s in sentences("relative", N, 4, pool):
            assert not {bare(w) for w in s.words[: s.verb]} & set(VERB_OF), s.text


def test_bad_calls_raise():
    with pytest.raises(ValueError, match="unknown form"):
        sentences("cleft", 3, 0)
    with pytest.raises(ValueError, match="unknown pool"):
        sentences("plain", 3, 0, pool="train")
    with pytest.raises(ValueError, match="count"):
        sentences("plain", -1, 0)
    assert sentences("plain", 0, 0) == []


def test_a_typed_sentence_form_is_read_from_its_cue_words():
    assert sentence_form("Did the farmer paint the fence?") == "question"
    assert sentence_form("Why did the farmer paint the fence?") == "wh_question"
    assert sentence_form("The fence was painted by the farmer.") == "passive"
    assert sentence_form("The farmer didn't paint the fence.") == "negation"
    assert sentence_form("The farmer is painting the fence.") == "progressive"
    assert sentence_form("The farmer's son painted the fence.") == "possessive"
    assert sentence_form("The farmer painted the fence.") == "plain"
    assert sentence_form("Is it raining?") is None  # a question it cannot tell
    assert sentence_form("黑猫喝水") is None and sentence_form("  ") is None
