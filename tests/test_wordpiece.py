"""WordPiece tokenizer: equal to Hugging Face's on the reference sentences, and by hand."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from core.wordpiece import (
    CLS,
    SEP,
    UNK,
    WordPieceTokenizer,
    basic_tokenize,
    is_punctuation,
)

REPO = Path(__file__).resolve().parent.parent
VOCAB = REPO / "models" / "minilm" / "vocab.txt"
REFERENCE = REPO / "tests" / "fixtures" / "minilm_reference.json"
SENTENCES = json.loads(REFERENCE.read_text(encoding="utf-8"))["sentences"]


@pytest.fixture(scope="module")
def tokenizer() -> WordPieceTokenizer:
    return WordPieceTokenizer.from_vocab_file(VOCAB)


@pytest.mark.parametrize("ref", SENTENCES, ids=[s["text"][:20] for s in SENTENCES])
def test_encode_matches_reference(tokenizer: WordPieceTokenizer, ref: dict) -> None:
    enc = tokenizer.encode(ref["text"], max_tokens=64)
    assert enc.tokens == ref["tokens"]
    assert enc.ids.tolist() == ref["ids"]
    assert enc.truncated == ref["truncated"]


def test_reference_covers_truncation_and_unknowns() -> None:
    assert any(s["truncated"] for s in SENTENCES)
    assert any(UNK in s["tokens"] for s in SENTENCES)


def test_vocab_ids_are_line_numbers(tokenizer: WordPieceTokenizer) -> None:
    assert len(tokenizer.vocab) == 30522
    assert [tokenizer.vocab[t] for t in ("[PAD]", UNK, CLS, SEP)] == [0, 100, 101, 102]


def test_accents_are_stripped_and_text_lower_cased(tokenizer: WordPieceTokenizer) -> None:
    assert tokenizer.tokenize("Café NAÏVE résumé") == ["cafe", "naive", "resume"]


def test_cjk_characters_become_words() -> None:
    assert basic_tokenize("我喜欢猫。ok") == ["我", "喜", "欢", "猫", "。", "ok"]


def test_kana_is_not_split_like_cjk() -> None:
    assert basic_tokenize("カタカナ") == ["カタカナ"]


def test_punctuation_is_split(tokenizer: WordPieceTokenizer) -> None:
    expected = ["don", "'", "t", "stop", "-", "believing", ".", ".", "."]
    assert tokenizer.tokenize("don't stop-believing...") == expected


def test_ascii_symbols_count_as_punctuation() -> None:
    assert all(is_punctuation(c) for c in "$+<=>^`|~")
    assert basic_tokenize("a$b^c") == ["a", "$", "b", "^", "c"]
    assert not any(is_punctuation(c) for c in "aZ09 é")


def test_control_characters_are_dropped_and_whitespace_normalised() -> None:
    assert basic_tokenize("a\x00b\ufffdc\u200bd\te\nf\u3000g") == ["abcd", "e", "f", "g"]


def test_wordpiece_continuations(tokenizer: WordPieceTokenizer) -> None:
    assert tokenizer.tokenize("unaffable") == ["una", "##ffa", "##ble"]


def test_unknown_symbols_and_overlong_words(tokenizer: WordPieceTokenizer) -> None:
    assert tokenizer.tokenize("😀 cat") == [UNK, "cat"]
    assert tokenizer.tokenize("x" * 101) == [UNK]
    assert UNK not in tokenizer.tokenize("x" * 100)


def test_typed_special_tokens_stay_whole(tokenizer: WordPieceTokenizer) -> None:
    assert tokenizer.tokenize("a[MASK]b") == ["a", "[MASK]", "b"]
    assert tokenizer.tokenize("[mask]") == ["[", "mask", "]"]


def test_encode_adds_specials(tokenizer: WordPieceTokenizer) -> None:
    enc = tokenizer.encode("Hello world")
    assert enc.tokens == [CLS, "hello", "world", SEP]
    assert enc.ids.dtype == np.int64
    assert enc.ids.tolist() == [tokenizer.vocab[t] for t in enc.tokens]
    assert not enc.truncated


def test_empty_text_is_only_specials(tokenizer: WordPieceTokenizer) -> None:
    enc = tokenizer.encode("  \t ")
    assert enc.tokens == [CLS, SEP]
    assert not enc.truncated


def test_truncation_counts_specials(tokenizer: WordPieceTokenizer) -> None:
    six = "one two three four five six"
    assert tokenizer.encode(six, max_tokens=8).truncated is False
    assert len(tokenizer.encode(six, max_tokens=8).tokens) == 8
    cut = tokenizer.encode(six + " seven", max_tokens=8)
    assert cut.truncated is True
    assert cut.tokens == [CLS, "one", "two", "three", "four", "five", "six", SEP]


def test_max_tokens_below_two_is_rejected(tokenizer: WordPieceTokenizer) -> None:
    with pytest.raises(ValueError, match="at least 2"):
        tokenizer.encode("hi", max_tokens=1)


def test_vocab_without_specials_is_rejected() -> None:
    with pytest.raises(ValueError, match=r"\[CLS\]"):
        WordPieceTokenizer({"a": 0})


def test_greedy_longest_match_on_a_toy_vocab() -> None:
    toy = WordPieceTokenizer.from_vocab_lines(
        ["[CLS]", "[SEP]", "[UNK]", "un", "una", "##aff", "##able", "##ffable", "a", "[", "]"]
    )
    assert toy.tokenize("unaffable") == ["una", "##ffable"]
    assert toy.tokenize("unable") == [UNK]  # "una" leaves "ble", which nothing matches
    assert toy.tokenize("a [MASK]") == ["a", "[", UNK, "]"]  # no [MASK] in this vocab
