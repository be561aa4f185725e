"""Text a user typed, made safe to keep and to hand on: nothing hidden in it (a control
character, a Unicode tag, a zero-width space, a filler that draws nothing), no bidirectional
controls (a name that reads backwards, `abc\u202egnp.exe`), one line, cut at a word where it is
too long. What draws something stays: an emoji family joined by zero-width joiners, a heart
with its variation selector, a flag of Scotland.

Pure Python; the class store cleans nicknames and sentences with it, lessons/lesson_file.py
refuses lesson texts that hold what it would remove, core/export.py every cell of a download.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

# Unicode's explicit directional formatting characters: embeddings, overrides, isolates, marks
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# letters that draw nothing (Hangul fillers) and the combining grapheme joiner: not format
# characters to Unicode, so named here
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u034f")
ZWNJ, ZWJ = "\u200c", "\u200d"
BRAILLE_BLANK = "\u2800"  # a space to braille readers: kept, but nothing to see before a "="
BLACK_FLAG, CANCEL_TAG = "\U0001f3f4", "\U000e007f"
# the three flags written with tag characters (🏴 + the tags of "gbeng" + cancel tag, ...)
TAG_FLAGS = frozenset(
    BLACK_FLAG + "".join(chr(0xE0000 + ord(c)) for c in name) + CANCEL_TAG
    for name in ("gbeng", "gbsct", "gbwls")
)
# format characters that draw something: Arabic number signs written before their digits
PREPENDED_MARKS = frozenset("\u0600\u0601\u0602\u0603\u0604\u0605\u06dd\u070f\u0890\u0891\u08e2")
# scripts that join their letters, where a zero-width (non-)joiner changes what is drawn:
# Arabic, Syriac, Thaana, N'Ko (and their presentation forms), the Indic scripts
_JOINING = ((0x0600, 0x08FF), (0x0900, 0x0DFF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFE))


def without_bidi(text: str) -> str:
    """`text` without any bidirectional control character."""
    return "".join(ch for ch in text if ch not in BIDI_CONTROLS)


def variation_selector(ch: str) -> bool:
    return (
        "\ufe00" <= ch <= "\ufe0f"
        or "\U000e0100" <= ch <= "\U000e01ef"
        or "\u180b" <= ch <= "\u180d"
        or ch == "\u180f"
    )


def invisible(ch: str) -> bool:
    """A character that draws nothing: a space (the braille blank too), a control or a format
    character (zero-width space, joiner, byte-order mark, tag), a Hangul filler, a variation
    selector."""
    category = unicodedata.category(ch)
    return (
        ch.isspace()
        or category in ("Cc", "Cf", "Cs", "Zs", "Zl", "Zp")
        or ch in FILLERS
        or ch == BRAILLE_BLANK
        or variation_selector(ch)
    )


def first_visible(text: str) -> str:
    """The first character of `text` that draws something ("" when none does)."""
    return next((ch for ch in text if not invisible(ch)), "")


def _pictograph(ch: str) -> bool:
    """An emoji or symbol that a zero-width joiner may join to the next (👨, ❤, 🔥, ⚕)."""
    return unicodedata.category(ch) == "So"


def _joining(ch: str) -> bool:
    return any(low <= ord(ch) <= high for low, high in _JOINING)


def _emoji_base(kept: list[str]) -> str:
    """The last kept character before its variation selectors and skin tones ("" if none)."""
    for ch in reversed(kept):
        if not (variation_selector(ch) or "\U0001f3fb" <= ch <= "\U0001f3ff"):
            return ch
    return ""


def _hidden(ch: str) -> bool:
    """Removed wherever it stands: a control (not white space), a format character, a
    surrogate, a filler. (Joiners, variation selectors and tags: by their neighbours.)"""
    category = unicodedata.category(ch)
    if category == "Cc":
        return ch not in "\t\n\r"
    if category == "Cf":
        return ch not in PREPENDED_MARKS
    return category == "Cs" or ch in FILLERS


def clean(text: str) -> str:
    """`text` without what it hides: controls (tab, newline and carriage return are kept: the
    caller folds or keeps them), format characters (zero-width space, word joiner, byte-order
    mark, bidi controls, tags, soft hyphen), Hangul fillers, the grapheme joiner, lone
    surrogates. Kept where they draw something: a zero-width joiner between two pictographs
    (👨‍👩‍👧), a (non-)joiner between letters of a joining script (Persian, Hindi), one
    variation selector right after what it varies (❤️), the tags of an English, Scottish or
    Welsh flag. One pass: linear in the length of `text`."""
    kept: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == BLACK_FLAG:
            flag = next((f for f in TAG_FLAGS if text.startswith(f, i)), None)
            if flag is not None:
                kept.extend(flag)
                i += len(flag)
                continue
        after = text[i + 1] if i + 1 < n else ""
        if ch == ZWJ and kept and after and _pictograph(_emoji_base(kept)) and _pictograph(after):
            kept.append(ch)
        elif ch in (ZWJ, ZWNJ) and kept and after and _joining(kept[-1]) and _joining(after):
            kept.append(ch)
        elif variation_selector(ch):
            before = kept[-1] if kept else ""
            if before and not invisible(before):  # not alone: after what it varies
                kept.append(ch)
        elif not _hidden(ch):
            kept.append(ch)
        i += 1
    return "".join(kept)


@dataclass(frozen=True)
class Cleaned:
    """A line as kept: its text, and where it was cut (None: kept whole)."""

    text: str
    cut_at: int | None = None  # characters kept of the cleaned line, when it was too long
    length: int = 0  # characters of the cleaned line before the cut


def one_line(text: str, limit: int) -> Cleaned:
    """`text` cleaned (`clean`), its runs of white space made one space, cut to at most
    `limit` characters: at the last space in its second half when there is one (a whole word
    is kept or dropped), else at the limit (Chinese has no spaces)."""
    line = " ".join(clean(text).split())
    if len(line) <= limit:
        return Cleaned(line, None, len(line))
    space = line.rfind(" ", limit // 2, limit + 1)
    kept = line[:space] if space > 0 else line[:limit]
    return Cleaned(kept, len(kept), len(line))
