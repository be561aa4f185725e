"""BERT's uncased WordPiece tokenizer in pure Python, matching Hugging Face's BertTokenizer.

Two steps: the basic tokenizer cleans the text, lower-cases it, strips accents and splits it into
words and punctuation (CJK characters become words of their own); then WordPiece splits each word
greedily into the longest vocabulary pieces, later pieces prefixed with `##`.

Checked against Hugging Face's fast tokenizer on every code point: the two differ only on
characters whose Unicode category changed after the tables that tokenizer was built with, and on
CJK Extension E, whose start that tokenizer has wrong (see is_cjk).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import numpy as np

CLS, SEP, UNK, PAD, MASK = "[CLS]", "[SEP]", "[UNK]", "[PAD]", "[MASK]"
SPECIAL_TOKENS = (PAD, UNK, CLS, SEP, MASK)  # kept whole when typed in the text, as HF does
CONTINUATION = "##"  # prefix of a piece that continues a word
MAX_WORD_CHARS = 100  # a longer word becomes [UNK], as in BERT
CJK_RANGES = (  # the CJK Unified Ideographs blocks that BERT splits character by character
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B820, 0x2CEAF),
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
)


def is_whitespace(char: str) -> bool:
    """Space, tab, newline, carriage return, or any Unicode space separator (Zs)."""
    return char in " \t\n\r" or unicodedata.category(char) == "Zs"


def is_control(char: str) -> bool:
    """A control, format, private-use or surrogate character, except tab, newline and return.

    Unassigned code points (Cn) are kept, as Hugging Face's tokenizer keeps them (they become
    [UNK]); Google's original BERT dropped them.
    """
    if char in "\t\n\r":
        return False
    return unicodedata.category(char) in ("Cc", "Cf", "Co", "Cs")


def is_punctuation(char: str) -> bool:
    """Every ASCII non-alphanumeric printable character, and any Unicode punctuation (P*)."""
    cp = ord(char)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(char).startswith("P")


def is_cjk(char: str) -> bool:
    """A CJK Unified Ideograph (not Hiragana, Katakana or Hangul), by BERT's ranges.

    Hugging Face's fast tokenizer starts Extension E at 0x2B920 instead of 0x2B820.
    """
    cp = ord(char)
    return any(lo <= cp <= hi for lo, hi in CJK_RANGES)


def clean_text(text: str) -> str:
    """Drop NUL, U+FFFD and control characters; turn every whitespace character into a space."""
    out = []
    for char in text:
        if char in ("\x00", "\ufffd") or is_control(char):
            continue
        out.append(" " if is_whitespace(char) else char)
    return "".join(out)


def space_cjk(text: str) -> str:
    """Put spaces around every CJK character so that each becomes a word."""
    if text.isascii():
        return text
    return "".join(f" {c} " if is_cjk(c) else c for c in text)


def strip_accents(text: str) -> str:
    """Decompose (NFD) and drop the combining marks (Mn): "café" -> "cafe"."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def split_punctuation(word: str) -> list[str]:
    """Make every punctuation character a word of its own: "don't" -> ["don", "'", "t"]."""
    pieces: list[str] = []
    start_new = True
    for char in word:
        if is_punctuation(char):
            pieces.append(char)
            start_new = True
        else:
            if start_new:
                pieces.append("")
            start_new = False
            pieces[-1] += char
    return pieces


def lower(text: str) -> str:
    """Lower-case character by character (no final sigma), as Hugging Face's tokenizer does."""
    if text.isascii():
        return text.lower()
    return "".join(c.lower() for c in text)


def basic_tokenize(text: str) -> list[str]:
    """Clean, space CJK, lower-case, strip accents, split on whitespace and punctuation."""
    text = space_cjk(clean_text(text))
    words: list[str] = []
    for word in text.split():
        words.extend(split_punctuation(strip_accents(lower(word))))
    return words


@dataclass(frozen=True, eq=False)
class Encoding:
    """One encoded text: the model's input tokens and their vocabulary ids."""

    tokens: list[str]  # [n] with [CLS] first and [SEP] last
    ids: np.ndarray  # [n] int64 vocabulary ids
    truncated: bool  # True when word pieces were cut to fit max_tokens


class WordPieceTokenizer:
    """Uncased BERT tokenizer: basic tokenization, then greedy longest-match WordPiece."""

    def __init__(self, vocab: dict[str, int]) -> None:
        for token in (CLS, SEP, UNK):
            if token not in vocab:
                raise ValueError(f"vocabulary lacks {token}; is this a BERT vocab.txt?")
        self.vocab = vocab
        self.specials = tuple(t for t in SPECIAL_TOKENS if t in vocab)
        self._special_split = re.compile("(" + "|".join(map(re.escape, self.specials)) + ")")

    @classmethod
    def from_vocab_file(cls, path: str | Path) -> WordPieceTokenizer:
        """Read a BERT vocab.txt: one token a line, the id is the line number."""
        return cls.from_vocab_lines(Path(path).read_text(encoding="utf-8").splitlines())

    @classmethod
    def from_vocab_lines(cls, lines: list[str]) -> WordPieceTokenizer:
        """A tokenizer whose token ids are the positions in `lines`."""
        return cls({token: i for i, token in enumerate(lines)})

    def wordpiece(self, word: str) -> list[str]:
        """Split one word into the longest vocabulary pieces, left to right; else [UNK]."""
        if len(word) > MAX_WORD_CHARS:
            return [UNK]
        pieces: list[str] = []
        start = 0
        while start < len(word):
            end = len(word)
            piece = None
            while start < end:
                candidate = word[start:end] if start == 0 else CONTINUATION + word[start:end]
                if candidate in self.vocab:
                    piece = candidate
                    break
                end -= 1
            if piece is None:
                return [UNK]
            pieces.append(piece)
            start = end
        return pieces

    def tokenize(self, text: str) -> list[str]:
        """Word pieces of `text`, without [CLS] and [SEP]. Typed special tokens stay whole."""
        tokens: list[str] = []
        for part in self._special_split.split(text):
            if part in self.specials:
                tokens.append(part)
                continue
            for word in basic_tokenize(part):
                tokens.extend(self.wordpiece(word))
        return tokens

    def encode(self, text: str, max_tokens: int = 64) -> Encoding:
        """[CLS] pieces [SEP], the pieces cut so that the total is at most max_tokens."""
        if max_tokens < 2:
            raise ValueError(
                f"max_tokens must be at least 2 (for [CLS] and [SEP]), got {max_tokens}"
            )
        pieces = self.tokenize(text)
        truncated = len(pieces) > max_tokens - 2
        tokens = [CLS, *pieces[: max_tokens - 2], SEP]
        ids = np.array([self.vocab[t] for t in tokens], dtype=np.int64)
        return Encoding(tokens=tokens, ids=ids, truncated=truncated)
