"""A byte-level BPE tokenizer (GPT-2's kind), as SmolLM2 reads text.

1. Special tokens written in the text (``<|endoftext|>``...) are taken whole.
2. Every number character stands alone (SmolLM2's "individual digits").
3. The rest is cut into chunks by GPT-2's rule: contractions, a word with the space before it,
   a number run, a run of other signs with the space before it, runs of white space.
   ``'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+``
   is followed here by hand, since Python's `re` has no \\p{L}.
4. Each chunk's UTF-8 bytes become printable characters (GPT-2's byte table: a space is "Ġ"),
   and the merges join neighbouring pieces, the earliest merge first, until none applies.

A token may hold part of a character (a Chinese character is three bytes, an emoji four):
`Piece.span` says which characters of the text its bytes touch, so a page can show every
token as text, never as bytes.
"""

from __future__ import annotations

import heapq
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

NO_MERGE = 1 << 30  # the rank of a pair that no merge joins
CONTRACTIONS = ("'s", "'t", "'re", "'ve", "'m", "'ll", "'d")


def _category(char: str) -> str:
    """ "L" letter, "N" number, "S" white space, "O" anything else (as the regex's classes)."""
    if char.isspace():
        return "S"
    major = unicodedata.category(char)[0]
    return major if major in "LN" else "O"


def _gpt2_chunks(text: str) -> list[str]:
    """GPT-2's pre-tokenizing regex, alternative by alternative, on text."""
    chunks, i, n = [], 0, len(text)
    while i < n:
        for c in CONTRACTIONS:
            if text.startswith(c, i):
                chunks.append(c)
                i += len(c)
                break
        else:
            start = i
            j = i + 1 if text[i] == " " and i + 1 < n and _category(text[i + 1]) != "S" else i
            kind = _category(text[j])
            if kind != "S":  # ' ?\p{L}+', ' ?\p{N}+' or ' ?[^\s\p{L}\p{N}]+'
                j += 1
                while j < n and _category(text[j]) == kind:
                    j += 1
                chunks.append(text[start:j])
                i = j
                continue
            j = i
            while j < n and _category(text[j]) == "S":
                j += 1
            if j < n and j - i > 1:  # '\s+(?!\S)': the run but its last, which goes with the next
                j -= 1
            chunks.append(text[i:j])  # else the whole run ('\s+(?!\S)' at the end, or '\s+')
            i = j
    return chunks


@lru_cache(maxsize=1)
def byte_table() -> dict[int, str]:
    """GPT-2's map from each byte to a printable character (printable Latin-1 bytes stay)."""
    kept = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1)]
    kept += range(ord("®"), ord("ÿ") + 1)
    table, extra = {}, 0
    for b in range(256):
        if b in kept:
            table[b] = chr(b)
        else:
            table[b] = chr(256 + extra)
            extra += 1
    return table


@dataclass(frozen=True)
class Piece:
    """One token of a text: its id, its vocabulary entry and the characters its bytes touch."""

    id: int
    entry: str  # the vocabulary's spelling, in GPT-2's byte characters ("Ġcat")
    span: tuple[int, int]  # [start, end) characters of the text its bytes overlap
    whole: bool  # its bytes are whole characters (False: part of a character split over tokens)


class ByteBPE:
    """Byte-level BPE from a vocabulary (id order) and merges ("a b", earliest first)."""

    def __init__(self, vocab: list[str], merges: list[str], special: list[str]) -> None:
        self.vocab = vocab  # [vocab_size] entries, an entry's id its index
        self.ids = {entry: i for i, entry in enumerate(vocab)}
        self.ranks = {tuple(m.split(" ", 1)): r for r, m in enumerate(merges)}
        self.special = sorted(special, key=len, reverse=True)  # the longest first
        self.table = byte_table()
        self.bytes_of = {ch: b for b, ch in self.table.items()}
        self._cache: dict[str, tuple[str, ...]] = {}

    def _merge(self, chunk: str) -> tuple[str, ...]:
        """One chunk's byte characters -> its BPE pieces: the pair of lowest rank merged first,
        the leftmost of equal ones (as the tokenizers library does). A heap of the pairs,
        entries made stale by a merge skipped when they come up: n log n in the chunk's length,
        so a 20,000-character word takes a moment, not the minute a rescan of every pair took."""
        if chunk in self._cache:
            return self._cache[chunk]
        n = len(chunk)
        parts: list[str | None] = list(chunk)  # the symbol starting at i; None once merged left
        after = list(range(1, n + 1))  # where the next symbol starts (n: none)
        before = list(range(-1, n - 1))  # where the previous one starts (-1: none)

        def rank_at(i: int) -> int:
            j = after[i]
            return NO_MERGE if j >= n else self.ranks.get((parts[i], parts[j]), NO_MERGE)

        heap = [(rank, i) for i in range(n - 1) if (rank := rank_at(i)) < NO_MERGE]
        heapq.heapify(heap)
        while heap:
            rank, i = heapq.heappop(heap)
            if parts[i] is None or rank_at(i) != rank:  # merged away, or its pair changed
                continue
            j = after[i]
            parts[i] = f"{parts[i]}{parts[j]}"
            parts[j] = None
            after[i] = after[j]
            if after[i] < n:
                before[after[i]] = i
            for k in (before[i], i):  # the two pairs the new symbol is in
                if k >= 0 and (new_rank := rank_at(k)) < NO_MERGE:
                    heapq.heappush(heap, (new_rank, k))
        merged = tuple(p for p in parts if p is not None)
        if len(self._cache) < 50_000:
            self._cache[chunk] = merged
        return merged

    def _split_special(self, text: str) -> list[tuple[str, bool]]:
        """text -> [(part, is_special)]: special tokens written in it are cut out whole."""
        parts: list[tuple[str, bool]] = []
        i = start = 0
        while i < len(text):
            hit = next((s for s in self.special if text.startswith(s, i)), None)
            if hit is None:
                i += 1
                continue
            if i > start:
                parts.append((text[start:i], False))
            parts.append((hit, True))
            i += len(hit)
            start = i
        if start < len(text):
            parts.append((text[start:], False))
        return parts

    def pieces(self, text: str) -> list[Piece]:
        """The tokens of text, with the characters each one covers."""
        out: list[Piece] = []
        offset = 0
        for part, special in self._split_special(text):
            if special:
                out.append(Piece(self.ids[part], part, (offset, offset + len(part)), True))
                offset += len(part)
                continue
            for number_split in _split_numbers(part):
                for chunk in _gpt2_chunks(number_split):
                    out += self._chunk_pieces(chunk, offset)
                    offset += len(chunk)
        return out

    def _chunk_pieces(self, chunk: str, offset: int) -> list[Piece]:
        raw = chunk.encode("utf-8")
        # the character each byte belongs to, counted from the chunk's start
        owner = [k for k, ch in enumerate(chunk) for _ in ch.encode("utf-8")]
        pieces, at = [], 0
        for entry in self._merge("".join(self.table[b] for b in raw)):
            width = len(entry)
            first, last = owner[at], owner[at + width - 1]
            whole = (at == 0 or owner[at - 1] != first) and (
                at + width == len(raw) or owner[at + width] != last
            )
            span = (offset + first, offset + last + 1)
            if entry in self.ids:  # a byte the vocabulary lacks (a few control characters)
                pieces.append(Piece(self.ids[entry], entry, span, whole))  # is dropped, as HF
            at += width
        return pieces

    def encode(self, text: str) -> list[int]:
        return [p.id for p in self.pieces(text)]

    def decode(self, ids: list[int]) -> str:
        """ids -> text (an incomplete character at either end becomes U+FFFD)."""
        raw = bytes(self.bytes_of[ch] for i in ids for ch in self.vocab[i])
        return raw.decode("utf-8", errors="replace")

    def entry_bytes(self, token_id: int) -> bytes:
        entry = self.vocab[token_id]
        if entry in self.special:
            return entry.encode("utf-8")
        return bytes(self.bytes_of[ch] for ch in entry)


def _split_numbers(text: str) -> list[str]:
    """Every number character on its own (SmolLM2's first pre-tokenizer), the rest in runs."""
    parts: list[str] = []
    run = ""
    for char in text:
        if not char.isspace() and unicodedata.category(char)[0] == "N":
            if run:
                parts.append(run)
            parts.append(char)
            run = ""
        else:
            run += char
    if run:
        parts.append(run)
    return parts
