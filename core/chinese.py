"""Chinese read as Chinese words, each standing for one English word of MiniLM's vocabulary.

MiniLM's vocabulary holds only 244 CJK characters, so a typed Chinese sentence would mostly be
[UNK]. Instead, jieba (MIT) splits a run of Chinese characters into words, and each word takes
the English word it stands for:

    黑猫喝了牛奶  ->  黑 猫 喝 了 牛奶  ->  black cat drink ##ed milk

The glosses are two tables in models/chinese/: words.tsv, made from CC-CEDICT by
tools/make_glosses.py, and glosses.tsv, hand-written, which overrides it (function words such
as 的 and 了, and senses a dictionary gets wrong in a sentence). A word missing from both is split
into the longest words the tables know, then into characters; a character nobody glosses keeps
MiniLM's own reading (its row, or [UNK]).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import jieba

from core.wordpiece import UNK, WordPieceTokenizer, basic_tokenize

TABLES = Path(__file__).resolve().parent.parent / "models" / "chinese"
WORDS_FILE = TABLES / "words.tsv"  # from CC-CEDICT (CC BY-SA 4.0)
OVERRIDES_FILE = TABLES / "glosses.tsv"  # hand-written
LONGEST_WORD = 4  # characters: the longest word the tables hold
HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
OVERRIDE_FREQUENCY = 100_000  # what jieba is told of a hand-written word: keep it whole


def read_table(path: Path) -> dict[str, str]:
    """word<TAB>English piece a line; '#' starts a comment line. A word listed twice is an error."""
    table: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        word, _, piece = line.partition("\t")
        if not piece or word in table:
            raise ValueError(f"{path.name}, line {number}: {line!r}")
        table[word] = piece.strip()
    return table


@functools.cache
def glosses() -> Mapping[str, str]:
    """Every glossed word: the dictionary's, then the hand-written ones over them."""
    return {**read_table(WORDS_FILE), **read_table(OVERRIDES_FILE)}


@functools.cache
def segmenter() -> jieba.Tokenizer:
    """jieba with its own dictionary, told to keep each hand-written word whole."""
    logging.getLogger("jieba").setLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    for word in read_table(OVERRIDES_FILE):
        tokenizer.add_word(word, OVERRIDE_FREQUENCY)
    return tokenizer


def split_unknown(word: str, table: Mapping[str, str]) -> Iterator[str]:
    """A Chinese word missing from `table`: the longest known words from the left, else single
    characters."""
    start = 0
    while start < len(word):
        for end in range(min(len(word), start + LONGEST_WORD), start, -1):
            if word[start:end] in table or end == start + 1:
                yield word[start:end]
                start = end
                break


def chinese_words(run: str) -> list[str]:
    """A run of Chinese characters as words: jieba's cut (no guessing of new words), each word
    the tables lack split further."""
    table = glosses()
    words: list[str] = []
    for word in segmenter().cut(run, HMM=False):
        words += [word] if word in table else list(split_unknown(word, table))
    return words


@dataclass(frozen=True)
class Piece:
    """One token as a model reads it: what the sentence shows, and the vocabulary entry whose
    vector it takes (the same for English; a gloss for a Chinese word)."""

    shown: str
    reads: str

    @property
    def glossed(self) -> bool:
        return self.shown != self.reads


def read_pieces(tokenizer: WordPieceTokenizer, text: str) -> list[Piece]:
    """`text` as MiniLM's pieces (no [CLS], [SEP]); each run of Chinese characters as Chinese
    words, each taking its English gloss, or MiniLM's own reading of a word nobody glosses."""
    table = glosses()
    pieces: list[Piece] = []
    at = 0
    for match in [*HAN_RUN.finditer(text), None]:
        before = text[at : match.start() if match else len(text)]
        for word in basic_tokenize(before):
            pieces += [Piece(p, p) for p in tokenizer.wordpiece(word)]
        if match is None:
            break
        for word in chinese_words(match.group()):
            if word in table:
                pieces.append(Piece(word, table[word]))
            else:  # a character no table glosses: MiniLM's own row if it has one
                pieces.append(Piece(word, word if word in tokenizer.vocab else UNK))
        at = match.end()
    return pieces
