"""The distilled head (models/distilled): its file, its fidelity to its teacher, MiniLM layer 2
head 1, and what the article says about "The black cat drank the milk", checked through the
pipeline with default settings. Numbers in comments are the committed file's."""

from __future__ import annotations

import numpy as np
import pytest

from core.encoding import ModelRef
from core.models import DISTILLED_FILE, DistilledHead, MiniLMHead
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
    assert DISTILLED_FILE.stat().st_size < 100 * 1024  # 50 KiB
    assert head.word_vectors.shape == (30522, 16)
    assert head.positions.shape == (MAX_TOKENS, 16)
    qkv = head.projection
    assert qkv.w_q.shape == qkv.w_k.shape == qkv.w_v.shape == (16, 8)
    assert qkv.b_v.shape == (8,) and not qkv.b_q.any() and not qkv.b_k.any()
    assert head.ref == ModelRef("distilled", 16, 8, layer=2, head=1)
    arrays = (head.word_vectors, head.positions, qkv.w_q, qkv.w_k, qkv.w_v, qkv.b_v, qkv.b_q)
    assert not any(a.flags.writeable for a in arrays)


def test_every_gloss_is_one_piece_of_minilms_vocabulary(head):
    glosses = dh.read_glosses()
    assert head.glosses == glosses
    assert all(piece in head.tokenizer.vocab for piece in glosses.values())


def test_encode_gives_word_pieces_without_cls_and_sep(head):
    enc = head.encode("The black cat drank the milk")
    assert enc.tokens == ("the", "black", "cat", "drank", "the", "milk")
    np.testing.assert_array_equal(enc.x, enc.embedding + enc.positions)
    assert enc.x.shape == (6, 16) and not enc.x.flags.writeable
    # the two "the" differ only by their positions
    np.testing.assert_array_equal(enc.embedding[0], enc.embedding[4])
    assert head.encode("Playing").tokens == ("playing",)
    assert head.encode("Unbelievably").tokens == ("un", "##bel", "##ie", "##va", "##bly")


def test_chinese_characters_take_their_glosses_vector(head):
    enc = head.encode("黑猫喝水")
    assert enc.tokens == ("黑", "猫", "喝", "水")
    vocab = head.tokenizer.vocab
    np.testing.assert_allclose(enc.embedding[2], head.word_vectors[vocab["drink"]])
    assert head.encode("龘").tokens == ("[UNK]",)  # neither glossed nor in the vocabulary


def test_long_and_empty_texts(head):
    long = head.encode("cat " * (MAX_TOKENS + 5))
    assert len(long.tokens) == MAX_TOKENS and long.n_total == MAX_TOKENS + 5 and long.truncated
    p = pipeline(head, "")
    assert p.tokens == () and p.attention.weights.shape == (0, 0)


# (b) fidelity to the teacher, on sentences never trained on


def test_the_tools_teacher_is_minilms_head_renormalised_over_the_words(minilm):
    text = "The black cat drank the milk"
    example = dh.make_example(minilm, {}, text, dh.DistillConfig())
    weights = pipeline(MiniLMHead(minilm, 2, 1), text).attention.weights[1:-1, 1:-1]
    np.testing.assert_allclose(example.weights, weights / weights.sum(-1, keepdims=True), atol=1e-6)
    # layer 2, head 4 (the start) puts milk on drank: 0.54 of the words, 0.76 of the others
    w = pipeline(MiniLMHead(minilm, 2, 4), text).attention.weights[1:-1, 1:-1]
    milk = w[5] / w[5].sum()
    assert milk[3] == pytest.approx(0.54, abs=0.01)
    assert milk[3] / (1 - milk[5]) == pytest.approx(0.76, abs=0.01)


def test_the_teacher_links_related_words_more_often_than_any_other_head(minilm):
    hits, own = dh.scan_heads(minilm)  # [6, 12, 4] shares, [6, 12] weight on itself
    best = np.unravel_index(np.argmax(hits.sum(-1)), own.shape)
    assert best == (2, 1)
    assert hits[2, 1].min() > 0.7 and own[2, 1] < 0.2


def test_no_held_out_sentence_was_trained_on():
    texts = set(dh.training_texts(dh.DistillConfig(), DistilledHead.load().tokenizer.vocab))
    assert not texts & set(dh.HELD_OUT + dh.NOVEL)


@pytest.mark.parametrize(
    ("sentences", "correlation", "kl"),
    [
        (dh.HELD_OUT, 0.83, 0.07),  # the tests' sentences: 0.858 and 0.058 nats per row
        (dh.NOVEL, 0.72, 0.23),  # words and shapes the templates never use: 0.742 and 0.207
    ],
    ids=["held-out", "new-words"],
)
def test_weights_follow_the_teacher_on_held_out_sentences(head, minilm, sentences, correlation, kl):
    examples = dh.make_examples(minilm, dh.read_glosses(), list(sentences), dh.DistillConfig())
    f = dh.fidelity(head, examples)
    assert f.correlation >= correlation
    assert f.kl <= kl
    # far better than attending evenly, which is what a model without meaning would be close to
    even = np.mean(
        [np.sum(t * np.log(t * len(t)), axis=1).mean() for t in (e.weights for e in examples)]
    )
    assert f.kl < even / 2


# (c) the article's claims, through the pipeline with default settings


def test_milk_weighs_drank_then_cat_then_black(head):
    w, factor, tokens = row(pipeline(head, "The black cat drank the milk"), "milk")
    drank, cat, black = (w[tokens.index(t)] for t in ("drank", "cat", "black"))
    assert drank > cat > black  # 0.27 > 0.16 > 0.10
    assert black <= 0.10
    assert largest_other(w, tokens, "milk") == "drank"
    assert factor[tokens.index("drank")] > 0  # 2.4
    assert largest_other(factor, tokens, "milk") == "drank"


@pytest.mark.parametrize(
    ("text", "obj", "verb", "subject", "adjective"),
    [
        ("The old man drove the car", "car", "drove", "man", "old"),  # 0.61, 0.04, 0.12
        ("The young girl ate the apple", "apple", "ate", "girl", "young"),  # 0.33, 0.15, 0.03
        ("黑猫喝水", "水", "喝", "猫", "黑"),  # 0.40, 0.26, 0.17
        ("老人骑马", "马", "骑", "人", "老"),  # 0.44, 0.10, 0.20
    ],
)
def test_the_object_weighs_its_verb_most(head, text, obj, verb, subject, adjective):
    w, factor, tokens = row(pipeline(head, text), obj)
    assert largest_other(w, tokens, obj) == verb
    assert w[tokens.index(verb)] > max(w[tokens.index(subject)], w[tokens.index(adjective)])
    assert factor[tokens.index(verb)] > 0
    assert largest_other(factor, tokens, obj) == verb


@pytest.mark.parametrize(
    ("text", "obj", "verb"),
    [("他看书", "书", "看"), ("男孩踢球", "球", "踢"), ("我喝水", "水", "喝")],
)
def test_short_chinese_sentences_put_the_object_on_its_verb(head, text, obj, verb):
    w, _, tokens = row(pipeline(head, text), obj)
    assert largest_other(w, tokens, obj) == verb


@pytest.mark.parametrize(
    ("text", "obj", "verb", "subject", "adjective"),
    [
        ("The young girl ate the apple", "apple", "ate", "girl", "young"),
        ("黑猫喝水", "水", "喝", "猫", "黑"),
    ],
)
def test_the_full_order_verb_subject_adjective_holds_here_too(
    head, text, obj, verb, subject, adjective
):
    w, _, tokens = row(pipeline(head, text), obj)
    assert w[tokens.index(verb)] > w[tokens.index(subject)] > w[tokens.index(adjective)]


def test_a_two_character_object_looks_at_itself_as_the_teacher_does(head, minilm):
    """牛奶 is 牛 cow + 奶 milk: each character weighs the other most, not 喝 (drink). The teacher,
    on the glossed "black cat drink already cow milk", does the same: no claim for this one."""
    text = "黑猫喝了牛奶"
    p = pipeline(head, text)
    teacher = dh.make_example(minilm, dh.read_glosses(), text, dh.DistillConfig())
    tokens = list(p.tokens)
    for char, other in (("牛", "奶"), ("奶", "牛")):
        i = tokens.index(char)
        assert largest_other(p.attention.weights[i], tokens, char) == other
        assert largest_other(teacher.weights[i], tokens, char) == other


# (d) the sign of q·k


@pytest.mark.parametrize(
    ("text", "word", "related", "unrelated"),
    [
        ("The black cat drank the milk", "milk", "drank", "black"),  # 2.4 and -0.6
        ("The old man drove the car", "car", "drove", "man"),  # 4.9 and -3.1
        ("The young girl ate the apple", "apple", "ate", "young"),  # 3.7 and -3.0
        ("黑猫喝水", "水", "喝", "黑"),  # 1.8 and -0.6
    ],
)
def test_a_related_pair_has_a_positive_score_above_an_unrelated_one(
    head, text, word, related, unrelated
):
    _, factor, tokens = row(pipeline(head, text), word)
    assert factor[tokens.index(related)] > 0 > factor[tokens.index(unrelated)]


# (e) the tool is deterministic


def test_training_twice_gives_the_same_arrays(minilm):
    config = dh.DistillConfig()
    texts = ["The black cat drank the milk", "She reads a book", "黑猫喝水", "The dog ran home"]
    batches = dh.make_batches(minilm, dh.make_examples(minilm, dh.read_glosses(), texts, config), 2)
    first, losses = dh.train(batches, config, steps=3)
    second, _ = dh.train(batches, config, steps=3)
    assert losses[-1] < losses[0]
    assert first.keys() == second.keys()
    for key in first:
        np.testing.assert_array_equal(first[key], second[key])
