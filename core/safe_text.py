"""Text a user typed, made safe to keep and to hand on: no bidirectional controls (a name that
reads backwards, `abc\u202egnp.exe`), one line, cut at a word where it is too long.

Pure Python; the class store cleans nicknames and sentences with it, core/export.py every cell
of a download.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

# Unicode's explicit directional formatting characters: embeddings, overrides, isolates, marks
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def without_bidi(text: str) -> str:
    """`text` without any bidirectional control character."""
    return "".join(ch for ch in text if ch not in BIDI_CONTROLS)


def invisible(ch: str) -> bool:
    """A character that draws nothing: a space, a control or a format character (zero-width
    space, joiner, byte-order mark)."""
    return ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf", "Zs", "Zl", "Zp")


def first_visible(text: str) -> str:
    """The first character of `text` that draws something ("" when none does)."""
    return next((ch for ch in text if not invisible(ch)), "")


@dataclass(frozen=True)
class Cleaned:
    """A line as kept: its text, and where it was cut (None: kept whole)."""

    text: str
    cut_at: int | None = None  # characters kept of the cleaned line, when it was too long
    length: int = 0  # characters of the cleaned line before the cut


def one_line(text: str, limit: int) -> Cleaned:
    """`text` without bidi controls, its runs of white space made one space, cut to at most
    `limit` characters: at the last space in its second half when there is one (a whole word
    is kept or dropped), else at the limit (Chinese has no spaces)."""
    line = " ".join(without_bidi(text).split())
    if len(line) <= limit:
        return Cleaned(line, None, len(line))
    space = line.rfind(" ", limit // 2, limit + 1)
    kept = line[:space] if space > 0 else line[:limit]
    return Cleaned(kept, len(kept), len(line))
