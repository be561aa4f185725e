"""The distilled head (models/distilled): its file, its fidelity to its teacher (the mean of
MiniLM layer 2's heads 0 and 3, core/story.py), the article's rule on generated sentences it
never saw, and what the article says about "The black cat drank the milk", checked through the
pipeline with default settings. Numbers in comments are the committed file's."""

from __future__ import annotations

import numpy as np
import pytest

from core import story
from core.encoding import ModelRef
from core.models import DISTILLED_FILE, DistilledHead
from core.pipeline import Pipeline, pipeline
from core.pretrained import MiniLM
from core.tokenize import MAX_TOKENS
from tools import distill_head as dh


@pytest.fixture(scope="module")
def head() -> DistilledHead:
    return DistilledHead.load()


@pytest.fixture(scope="module")
def minilm() -> MiniLM:
    return MiniLM.load()


def row(p: Pipeline, word: str) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """The weights and the factor (Q·Kᵀ) row of the last `word` of the sentence, and its tokens."""
    tokens = list(p.tokens)
    i = len(tokens) - 1 - tokens[::-1].index(word)
    return p.attention.weights[i], p.attention.factor[i], tokens


def largest_other(values: np.ndarray, tokens: list[str], word: str) -> str:
    """The token with the largest value in `word`'s row, `word` itself left out."""
    i = len(tokens) - 1 - tokens[::-1].index(word)
    others = [j for j in range(len(tokens)) if j != i]
    return tokens[max(others, key=lambda j: values[j])]


# (a) the file


def test_the_file_is_small_and_loads_with_the_documented_shapes(head):
    assert DISTILLED_FILE.stat().st_size < 100 * 1024  # 31 KiB
    assert head.word_vectors.shape == (30522, 16)
    assert head.positions.shape == (MAX_TOKENS, 16)
    qkv = head.projection
    assert qkv.w_q.shape == qkv.w_k.shape == qkv.w_v.shape == (16, 8)
    assert qkv.b_v.shape == (8,) and not qkv.b_q.any() and not qkv.b_k.any()
    assert head.ref == ModelRef("distilled", 16, 8, layer=2, heads=(0, 3))
    assert head.teacher == (story.TEACHER_LAYER, story.TEACHER_HEADS)
    arrays = (head.word_vectors, head.positions, qkv.w_q, qkv.w_k, qkv.w_v, qkv.b_v, qkv.b_q)
    assert not any(a.flags.writeable for a in arrays)


def test_encode_gives_word_pieces_without_cls_and_sep(head):
    enc = head.encode("The black cat drank the milk")
    assert enc.tokens == ("the", "black", "cat", "drank", "the", "milk")
    np.testing.assert_array_equal(enc.x, enc.embedding + enc.positions)
    assert enc.x.shape == (6, 16) and not enc.x.flags.writeable
    # the two "the" differ only by their positions
    np.testing.assert_array_equal(enc.embedding[0], enc.embedding[4])
    assert head.encode("Playing").tokens == ("playing",)
    assert head.encode("Unbelievably").tokens == ("un", "##bel", "##ie", "##va", "##bly")


def test_chinese_words_take_their_glosses_vector(head):
    enc = head.encode("黑猫喝了牛奶")
    assert enc.tokens == ("黑", "猫", "喝", "了", "牛奶")
    vocab = head.tokenizer.vocab
    np.testing.assert_allclose(enc.embedding[2], head.word_vectors[vocab["drink"]])
    np.testing.assert_allclose(enc.embedding[4], head.word_vectors[vocab["milk"]])
    assert head.encode("龘").tokens == ("龘",)  # neither glossed nor in the vocabulary: [UNK]'s row
    np.testing.assert_allclose(head.encode("龘").embedding[0], head.word_vectors[vocab["[UNK]"]])


def test_long_and_empty_texts(head):
    long = head.encode("cat " * (MAX_TOKENS + 5))
    assert len(long.tokens) == MAX_TOKENS and long.n_total == MAX_TOKENS + 5 and long.truncated
    p = pipeline(head, "")
    assert p.tokens == () and p.attention.weights.shape == (0, 0)


# (b) fidelity to the teacher, on sentences never trained on


def test_the_tools_teacher_is_the_mean_of_two_heads_renormalised_over_the_words(minilm):
    text = "The black cat drank the milk"
    example = dh.make_example(minilm, text)
    w = minilm.run(text).weights[2]  # [12, 8, 8] layer 2
    inner = w[:, 1:-1, 1:-1].astype(np.float64)
    inner /= inner.sum(-1, keepdims=True)
    np.testing.assert_allclose(example.weights, (inner[0] + inner[3]) / 2, atol=1e-6)
    np.testing.assert_allclose(example.weights.sum(-1), 1, atol=1e-9)


def test_the_teacher_meets_the_rule_more_often_than_any_single_head(minilm):
    sentences = dh.held_out(minilm, "en", "article", 40, seed=2)
    rows = [(story.words_only(minilm.run(s.text).weights), s.roles) for s in sentences]

    def rate(pick) -> float:
        return np.mean([story.follows_article(pick(w), r) for w, r in rows])

    teacher = rate(lambda w: w[2, [0, 3]].mean(0))
    singles = [rate(lambda w, l=l, h=h: w[l, h]) for l in range(6) for h in range(12)]  # noqa: E741
    assert teacher >= 0.85  # 0.93
    assert teacher > max(singles) + 0.15  # the best single head, layer 2 head 0: 0.6


def test_a_chinese_sentence_is_taught_by_its_english_translation(minilm):
    (sentence,) = [s for s in story.sentences("zh", "article", 1, seed=5)]
    example = dh.translated_example(minilm, sentence)
    assert example.tokens == sentence.words
    np.testing.assert_allclose(example.weights.sum(-1), 1, atol=1e-9)
    for particle in ("的", "了"):  # no English word: no weight
        assert np.all(example.weights[:, sentence.words.index(particle)] == 0)
    english, _ = dh.TRANSLATIONS["article"]
    assert len(english) == 6


def test_no_held_out_sentence_was_trained_on():
    texts = set(dh.training_texts(dh.DistillConfig(), DistilledHead.load().tokenizer.vocab))
    assert not texts & set(dh.HELD_OUT + dh.NOVEL)


@pytest.mark.parametrize(
    ("sentences", "correlation", "kl"),
    [
        (dh.HELD_OUT, 0.80, 0.10),  # the tests' sentences: 0.834 and 0.073 nats per row
        (dh.NOVEL, 0.75, 0.11),  # words and shapes the templates never use: 0.801 and 0.082
    ],
    ids=["held-out", "new-words"],
)
def test_weights_follow_the_teacher_on_held_out_sentences(head, minilm, sentences, correlation, kl):
    examples = dh.make_examples(minilm, list(sentences))
    f = dh.fidelity(head, examples)
    assert f.correlation >= correlation
    assert f.kl <= kl
    # far better than attending evenly, which is what a model without meaning would be close to
    even = np.mean(
        [np.sum(t * np.log(t * len(t)), axis=1).mean() for t in (e.weights for e in examples)]
    )
    assert f.kl < even / 2


# (c) the article's rule (core/story.py) on generated sentences never trained on, and the
# article's own sentence, through the pipeline with default settings

# seed 2 and 3: tools/distill_head.py keeps them out of training and reports on seed 1
RULE_AT_LEAST = {  # language, shape: the share of sentences that must meet the rule
    ("en", "article"): 0.90,  # the issue's target; 0.98 on seed 1
    ("zh", "article"): 0.85,  # the issue's target; 0.99
    ("en", "place"): 0.90,  # 0.98
    ("en", "plural"): 0.90,  # 0.97
    ("en", "present"): 0.85,  # 0.96
    ("en", "clause"): 0.90,  # 0.98
    ("zh", "plain"): 0.80,  # 0.91
    ("zh", "place"): 0.75,  # 0.86
    ("zh", "time"): 0.90,  # 1.00
}


@pytest.mark.parametrize(
    ("language", "shape"),
    list(RULE_AT_LEAST),
    ids=[f"{language}-{shape}" for language, shape in RULE_AT_LEAST],
)
def test_the_object_looks_at_its_verb_then_subject_not_adjective_on_new_sentences(
    head, minilm, language, shape
):
    for seed in (2, 3):
        sentences = dh.held_out(minilm, language, shape, 60, seed)
        assert len(sentences) >= 45  # a verb form of two pieces leaves a sentence out
        held = dh.held_out_texts()
        assert all(s.text.lower() in held for s in sentences)
        assert dh.student_pass_rate(head, sentences) >= RULE_AT_LEAST[language, shape]


def novel_sentences(language: str, count: int, seed: int) -> list[story.Sentence]:
    """Sentences of the article's shape on words no training sentence uses (dh.NOVEL_*)."""
    rng = np.random.default_rng(seed)
    found: dict[str, story.Sentence] = {}
    for _ in range(count * 20):
        if len(found) == count:
            break
        if language == "en":
            verb, obj = dh.NOVEL_PAST_OBJECTS[rng.integers(len(dh.NOVEL_PAST_OBJECTS))]
            words = ("the", rng.choice(dh.NOVEL_ADJECTIVES), rng.choice(dh.NOVEL_SUBJECTS),
                     verb, "the", obj)  # fmt: skip
            roles = story.Roles(1, 2, 3, 5)
        else:
            animal = rng.random() < 0.5
            noun = rng.choice(dh.NOVEL_ZH_ANIMALS if animal else dh.NOVEL_ZH_PEOPLE)
            verb, obj = dh.NOVEL_ZH_VERB_OBJECTS[rng.integers(len(dh.NOVEL_ZH_VERB_OBJECTS))]
            words = ("那只" if animal else "那个", rng.choice(dh.NOVEL_ZH_ADJECTIVES), "的", noun,
                     verb, "了", obj)  # fmt: skip
            roles = story.Roles(1, 3, 4, 6)
        words = tuple(str(w) for w in words)
        text = (" " if language == "en" else "").join(words)
        found.setdefault(text, story.Sentence(text, words, roles, "article"))
    return list(found.values())


@pytest.mark.parametrize(("language", "at_least"), [("en", 0.70), ("zh", 0.85)])
def test_the_rule_holds_on_words_no_training_sentence_uses(head, minilm, language, at_least):
    """Word classes, not words: 0.77 in English and 0.93 in Chinese on seed 11 (the teacher,
    on the English ones, 0.93)."""
    read = [
        (s, dh.read_pieces(minilm.tokenizer, s.text)) for s in novel_sentences(language, 150, 12)
    ]
    sentences = [s for s, pieces in read if tuple(p.shown for p in pieces) == s.words]
    assert len(sentences) >= 100
    texts = {t.lower() for t in dh.training_texts(dh.DistillConfig(), minilm.tokenizer.vocab)}
    assert not texts & {s.text for s in sentences}
    assert dh.student_pass_rate(head, sentences) >= at_least


def test_the_rule_is_what_the_issue_says():
    roles = story.Roles(adjective=1, subject=2, verb=3, object=5)
    #               the   black cat   drank the   milk
    good = np.array([0.05, 0.05, 0.15, 0.40, 0.05, 0.30])
    assert story.follows_article(np.tile(good, (6, 1)), roles)
    for broken in (
        [0.05, 0.05, 0.15, 0.34, 0.05, 0.36],  # the object itself outweighs the verb
        [0.05, 0.05, 0.15, 0.34, 0.05, 0.30],  # the verb leads by less than 1.2×
        [0.05, 0.15, 0.05, 0.40, 0.05, 0.30],  # adjective over subject
        [0.00, 0.11, 0.14, 0.40, 0.05, 0.30],  # adjective over 0.10
    ):
        assert not story.follows_article(np.tile(broken, (6, 1)), roles), broken


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        ("The black cat drank the milk", story.Roles(1, 2, 3, 5)),  # 0.41, 0.10, 0.03
        ("The old man drove the car", story.Roles(1, 2, 3, 5)),  # 0.55, 0.045, 0.039
        ("The young girl ate the apple", story.Roles(1, 2, 3, 5)),  # 0.54, 0.073, 0.037
        ("黑猫喝了牛奶", story.Roles(0, 1, 2, 4)),  # 0.52, 0.10, 0.051
        ("那只黑色的猫喝了牛奶", story.Roles(1, 3, 4, 6)),  # 0.49, 0.15, 0.029
    ],
)
def test_the_articles_sentence_and_its_chinese(head, text, roles):
    p = pipeline(head, text)
    w = p.attention.weights[roles.object]
    assert story.judge(w, roles).holds, dict(zip(p.tokens, w.round(3), strict=True))
    factor = p.attention.factor[roles.object]
    assert factor[roles.verb] > 0 > factor[roles.adjective]  # 3.53 and -3.88
    assert factor[roles.verb] == max(factor)


# (e) the tool is deterministic


def test_training_twice_gives_the_same_arrays(minilm):
    config = dh.DistillConfig()
    texts = ["The black cat drank the milk", "She reads a book", "黑猫喝水", "The dog ran home"]
    batches = dh.make_batches(minilm, dh.make_examples(minilm, texts), 2)
    first, losses = dh.train(batches, config, steps=3)
    second, _ = dh.train(batches, config, steps=3)
    assert losses[-1] < losses[0]
    assert first.keys() == second.keys()
    for key in first:
        np.testing.assert_array_equal(first[key], second[key])
