"""Why a dot product measures agreement between two word vectors."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class DotBreakdown:
    a: np.ndarray  # [d]
    b: np.ndarray  # [d]
    products: np.ndarray  # [d] a_i * b_i, one term per dimension
    dot: float  # Σ a_i b_i
    norm_a: float
    norm_b: float
    cosine: float  # dot / (|a| |b|); 0 when either vector is all zeros

    @property
    def table(self) -> np.ndarray:
        """[3, d]: a, b and their products, one row each."""
        return np.stack([self.a, self.b, self.products])

    @property
    def positive(self) -> np.ndarray:
        return self.products[self.products > 0]

    @property
    def negative(self) -> np.ndarray:
        return self.products[self.products < 0]


EDIT_LIMIT = 1e6  # hand-typed vector entries are clipped to ±this; blanks and non-numbers become 0


def clean_vector(values: np.ndarray) -> np.ndarray:
    """[d] typed-in numbers -> finite [d]: NaN and blanks become 0, huge values are clipped."""
    v = np.nan_to_num(
        np.asarray(values, dtype=float), nan=0.0, posinf=EDIT_LIMIT, neginf=-EDIT_LIMIT
    )
    return np.clip(v, -EDIT_LIMIT, EDIT_LIMIT)


MAX_VECTOR_CHARS = 2000  # a typed (or linked) vector is at most this long
_SEPARATORS = str.maketrans({",": " ", ";": " ", "，": " ", "；": " ", "、": " ", "\u2212": "-"})


@dataclass(frozen=True)
class ParsedVector:
    """A typed vector, or why it could not be read."""

    values: np.ndarray | None  # [d], finite and clipped; None when `problem` is set
    problem: str | None = None  # "too_long", "not_a_number" or "wrong_length"
    detail: str = ""  # the word that is not a number, or how many numbers were found


def parse_vector(text: str, d: int) -> ParsedVector:
    """Numbers separated by commas, semicolons or spaces (full-width ones and "−" too) -> [d]."""
    if len(text) > MAX_VECTOR_CHARS:
        return ParsedVector(None, "too_long", str(len(text)))
    words = text.translate(_SEPARATORS).split()
    numbers = []
    for word in words:
        try:
            number = float(word)
        except ValueError:
            return ParsedVector(None, "not_a_number", word)
        if not np.isfinite(number):
            return ParsedVector(None, "not_a_number", word)
        numbers.append(number)
    if len(numbers) != d:
        return ParsedVector(None, "wrong_length", str(len(numbers)))
    return ParsedVector(clean_vector(np.array(numbers, dtype=float)))


def format_vector(v: np.ndarray, decimals: int = 3) -> str:
    """[d] -> "0.512, -1.03, 2": what the vector boxes show and the link keeps."""
    return ", ".join(f"{round(float(x), decimals):g}" for x in v)


def dot_breakdown(a: np.ndarray, b: np.ndarray) -> DotBreakdown:
    """[d], [d] -> the terms of a·b, their sum and the cosine."""
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError(f"need two vectors of one length; got {a.shape} and {b.shape}")
    products = a * b  # [d]
    dot = float(products.sum())
    norm_a, norm_b = float(np.linalg.norm(a)), float(np.linalg.norm(b))
    cosine = dot / (norm_a * norm_b) if norm_a > 0 and norm_b > 0 else 0.0
    return DotBreakdown(
        a=a, b=b, products=products, dot=dot, norm_a=norm_a, norm_b=norm_b, cosine=cosine
    )


def cosine_matrix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """[n, d], [m, d] -> [n, m] cosine of every row pair (0 for all-zero rows)."""
    na = np.linalg.norm(a, axis=1, keepdims=True)  # [n, 1]
    nb = np.linalg.norm(b, axis=1, keepdims=True)  # [m, 1]
    denom = na * nb.T  # [n, m]
    dots = a @ b.T  # [n, m]
    return np.divide(dots, denom, out=np.zeros_like(dots), where=denom > 0)


@dataclass(frozen=True)
class RankedPair:
    query: int  # row index (query token)
    key: int  # column index (key token)
    dot: float  # q_query · k_key
    cosine: float


def rank_pairs(q: np.ndarray, k: np.ndarray) -> list[RankedPair]:
    """[n, d], [n, d] -> every (query, key) pair, highest q·k first (ties: reading order)."""
    dots = q @ k.T  # [n, n]
    cos = cosine_matrix(q, k)  # [n, n]
    order = np.argsort(-dots, axis=None, kind="stable")
    n_k = k.shape[0]
    return [
        RankedPair(int(i // n_k), int(i % n_k), float(dots.flat[i]), float(cos.flat[i]))
        for i in order
    ]


@dataclass(frozen=True)
class RelatedWords:
    """Among the other words of a sentence, the one whose key agrees most with a word's query,
    and the one that agrees least (the article's related and unrelated pair)."""

    most: int
    least: int


def related_words(q: np.ndarray, k: np.ndarray, query: int) -> RelatedWords | None:
    """[n, d], [n, d], a query position -> the other positions with the largest and smallest
    q·k (first in reading order on ties); None when the sentence has no other word."""
    others = np.array([j for j in range(k.shape[0]) if j != query], dtype=np.int64)  # [n - 1]
    if others.size == 0:
        return None
    dots = k[others] @ q[query]  # [n - 1]
    return RelatedWords(int(others[int(np.argmax(dots))]), int(others[int(np.argmin(dots))]))


@dataclass(frozen=True)
class OutputBreakdown:
    terms: np.ndarray  # [n_k, d_v] α_j · v_j, one row per key word
    total: np.ndarray  # [d_v] Σ_j α_j · v_j: the query's row of Z
    strongest: int  # the key with the largest weight (first one on ties)


def output_breakdown(weights_row: np.ndarray, v: np.ndarray) -> OutputBreakdown:
    """[n_k], [n_k, d_v] -> the terms α_j · v_j whose sum is one output row."""
    terms = weights_row[:, None] * v  # [n_k, d_v]
    return OutputBreakdown(
        terms=terms, total=terms.sum(axis=0), strongest=int(np.argmax(weights_row))
    )
