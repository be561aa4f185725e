"""Toy tokenizer: words, single punctuation marks, and one token per CJK character."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

MAX_TOKENS = 64  # longest sentence the dashboard draws; the rest is reported, not shown

_CJK = (
    "\u2e80-\u2fdf"  # CJK radicals, Kangxi radicals
    "\u3005-\u3007\u3021-\u3029"  # iteration marks, Hangzhou numerals
    "\u3040-\u30ff"  # Hiragana, Katakana
    "\u3400-\u4dbf\u4e00-\u9fff"  # CJK unified ideographs (+ extension A)
    "\uf900-\ufaff"  # compatibility ideographs
    "\U00020000-\U0003134f"  # extensions B-G
)
_TOKEN = re.compile(
    rf"[{_CJK}]"  # one CJK character
    rf"|(?:(?![{_CJK}])\w)+(?:['’](?:(?![{_CJK}])\w)+)*"  # a word, with inner apostrophes
    r"|\S",  # any other visible character: punctuation, symbol, emoji
)
_ATTACHING = {"Mn", "Mc", "Me", "Sk"}  # combining marks and modifiers belong to what precedes
_JOINERS = {"\u200d", "\ufe0e", "\ufe0f"}  # zero-width joiner, variation selectors


@dataclass(frozen=True)
class Tokenized:
    tokens: tuple[str, ...]  # at most MAX_TOKENS tokens, in order
    n_total: int  # how many tokens the whole text has

    @property
    def truncated(self) -> bool:
        return self.n_total > len(self.tokens)


def _is_invisible(ch: str) -> bool:
    return unicodedata.category(ch) in {"Cc", "Cf", "Zl", "Zp"} and ch not in _JOINERS


def _is_flag_half(token: str) -> bool:
    """A lone regional-indicator letter: two of them make one flag."""
    return len(token) == 1 and "\U0001f1e6" <= token <= "\U0001f1ff"


def tokenize_all(text: str) -> list[str]:
    """Every token of `text`; combining marks, joiners and skin tones stay with their base."""
    tokens: list[str] = []
    glue = False  # the previous token ended with a zero-width joiner
    for match in _TOKEN.finditer(text):
        piece = "".join(ch for ch in match.group() if not _is_invisible(ch))
        if not piece:
            continue
        attaches = unicodedata.category(piece[0]) in _ATTACHING or piece[0] in _JOINERS
        attaches = attaches or "\U0001f3fb" <= piece[0] <= "\U0001f3ff"  # skin tones
        attaches = attaches or (_is_flag_half(piece) and bool(tokens) and _is_flag_half(tokens[-1]))
        touching = match.start() > 0 and not text[match.start() - 1].isspace()
        if tokens and (attaches or glue) and touching:
            tokens[-1] += piece
        else:
            tokens.append(piece)
        glue = piece[-1] == "\u200d"
    return tokens


def tokenize(text: str, max_tokens: int = MAX_TOKENS) -> Tokenized:
    """The first `max_tokens` tokens of `text`, and how many there were in all."""
    tokens = tokenize_all(text)
    return Tokenized(tokens=tuple(tokens[:max_tokens]), n_total=len(tokens))


def drawn_prefix(text: str, max_tokens: int = MAX_TOKENS) -> str:
    """The shortest start of `text` that holds its first `max_tokens` tokens: all a link needs
    to carry to redraw what the page draws (the whole text when it has no more tokens)."""
    tokens = tokenize_all(text)
    if len(tokens) <= max_tokens:
        return text
    wanted = tokens[:max_tokens]
    lo, hi = 0, len(text)  # the first `lo` characters hold them; once they do, longer ones do
    while lo < hi:
        mid = (lo + hi) // 2
        if tokenize_all(text[:mid])[:max_tokens] == wanted:
            hi = mid
        else:
            lo = mid + 1
    return text[:lo]
