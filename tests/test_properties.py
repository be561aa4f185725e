"""Property-based tests: whatever text and settings a visitor brings, core stays well-behaved."""

from __future__ import annotations

import csv
import io
import math
import unicodedata

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.attention import MIN_TEMPERATURE, AttentionSettings, attend
from core.export import matrix_csv
from core.models import MiniLMHead, ToyConfig, ToyModel
from core.params import MAX_TEXT_CHARS, Param, Rejected, decode_all
from core.pipeline import pipeline
from core.pretrained import MiniLM
from core.similarity import EDIT_LIMIT, clean_vector, dot_breakdown
from core.tokenize import MAX_TOKENS, tokenize, tokenize_all
from core.wordpiece import CLS, SEP, WordPieceTokenizer
from tests.apptest_utils import ALL_PARAMS
from ui.settings import GLOBAL_PARAMS

# ---- texts ---------------------------------------------------------------------------------

ODD_CHARS = (
    "\u0301\u0308\u0327\u20dd"  # combining marks (Mn, Me)
    "\u200d\u200b\u200c\u2060\ufeff\ufe0e\ufe0f"  # joiners, zero-width, variation selectors
    "\u202e\u202d\u200f\u061c"  # right-to-left and other bidi controls
    "\U0001f3fb\U0001f3ff\U0001f1eb\U0001f1f7"  # skin tones, regional indicators
    "\u00a0\u2028\u2029\u3000\t\r\n\x0b\x0c\x1c\x85"  # unusual whitespace
    "'’`\\*_[]()<>$#|~"  # apostrophes, Markdown specials
    "\x00\x07\x7f\ufffd"  # control characters, replacement character
)
WORDS = (
    "cat",
    "The",
    "黑猫喝了牛奶",
    "ひらがなカタカナ",
    "مرحبا",
    "שָׁלוֹם",
    "👨‍👩‍👧",
    "👍🏽",
    "🇫🇷",
    "e\u0301",
    "don't",
    "ｆｕｌｌ",
    "𠀀𪜀",
    "ß",
    "İ",
    "ﬁ",
    "Ⅻ",
    "$$\\int$$",
    "**x**",
    "[a](javascript:alert(1))",
    "<img src=x onerror=alert(1)>",
    "[CLS]",
    "[SEP]",
    "__init__",
    "١٢٣",
)

any_text = st.text(max_size=200)  # every code point but surrogates, control characters included
mixed_text = st.lists(
    st.one_of(st.sampled_from(WORDS), st.sampled_from(ODD_CHARS), st.text(max_size=3)),
    max_size=40,
).map("".join)
long_word = st.builds(
    lambda piece, times: piece * times, st.sampled_from(("a", "x1", *WORDS)), st.integers(20, 600)
)


def _at_least_10k(words: list[str], sep: str) -> str:
    sentence = sep.join(words) + sep
    return sentence * (10_000 // len(sentence) + 1)


huge_text = st.builds(
    _at_least_10k,
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=8),
    st.sampled_from((" ", "", "\n", "\u3000", "\u200b")),
)
texts = st.one_of(any_text, mixed_text, long_word, huge_text)

_JOINERS = {"\u200d", "\ufe0e", "\ufe0f"}


def visible(text: str) -> str:
    """What the toy tokenizer keeps: everything but whitespace and invisible characters."""
    return "".join(
        ch
        for ch in text
        if not ch.isspace()
        and (unicodedata.category(ch) not in {"Cc", "Cf", "Zl", "Zp"} or ch in _JOINERS)
    )


def is_subsequence(needle: str, haystack: str) -> bool:
    chars = iter(haystack)
    return all(ch in chars for ch in needle)


# ---- the toy tokenizer ---------------------------------------------------------------------


@given(texts)
@example("a \u200b\u0301")  # a combining mark after a space and an invisible character
@example("\u0301\u200d")  # a text that starts with what normally attaches
def test_toy_tokens_are_the_visible_text_in_order(text):
    tokens = tokenize_all(text)
    assert all(isinstance(tok, str) and tok for tok in tokens)
    assert not any(tok.isspace() for tok in tokens)
    assert not any(ch.isspace() for tok in tokens for ch in tok)
    assert is_subsequence("".join(tokens), text)
    assert "".join(tokens) == visible(text), "no visible character is lost or invented"


@given(texts)
def test_toy_tokenize_keeps_at_most_64_and_counts_the_rest(text):
    result = tokenize(text)
    everything = tokenize_all(text)
    assert len(result.tokens) <= MAX_TOKENS == 64
    assert result.n_total == len(everything) >= len(result.tokens)
    assert result.tokens == tuple(everything[:MAX_TOKENS])
    assert result.truncated == (len(everything) > MAX_TOKENS)
    assert tokenize(text) == result, "deterministic"


@given(huge_text)
@settings(max_examples=10)
def test_toy_tokenize_of_a_10k_text_is_cut_to_64(text):
    assert len(text) >= 10_000
    result = tokenize(text)
    assert len(result.tokens) == MAX_TOKENS
    assert result.truncated


# ---- the MiniLM WordPiece tokenizer --------------------------------------------------------

WORDPIECE = WordPieceTokenizer.from_vocab_file("models/minilm/vocab.txt")


@given(texts, st.integers(2, 128))
@example("[CLS] [SEP] [UNK] [PAD] [MASK]", 2)
@example("a" * 101, 64)  # a word longer than BERT's limit
def test_wordpiece_encode_is_framed_and_in_vocabulary(text, max_tokens):
    enc = WORDPIECE.encode(text, max_tokens=max_tokens)
    pieces = WORDPIECE.tokenize(text)
    assert enc.tokens[0] == CLS and enc.tokens[-1] == SEP
    assert 2 <= len(enc.tokens) <= max_tokens
    assert len(enc.tokens) == min(len(pieces), max_tokens - 2) + 2
    assert enc.tokens[1:-1] == pieces[: max_tokens - 2]
    assert enc.truncated == (len(pieces) > max_tokens - 2)
    assert enc.ids.dtype == np.int64 and enc.ids.shape == (len(enc.tokens),)
    assert ((enc.ids >= 0) & (enc.ids < len(WORDPIECE.vocab))).all()
    assert [WORDPIECE.vocab[tok] for tok in enc.tokens] == enc.ids.tolist()
    again = WORDPIECE.encode(text, max_tokens=max_tokens)
    assert again.tokens == enc.tokens, "deterministic"


# ---- the toy pipeline over the app's whole range of settings -------------------------------


def _int_range(key: str) -> st.SearchStrategy[int]:
    p = GLOBAL_PARAMS[key]
    return st.integers(int(p.lo), int(p.hi))


_TEMP = GLOBAL_PARAMS["temp"]
temperatures = st.one_of(
    st.sampled_from((_TEMP.lo, _TEMP.hi)), st.floats(_TEMP.lo, _TEMP.hi, allow_nan=False)
)
toy_configs = st.builds(
    ToyConfig,
    d_model=_int_range("d_model"),
    d_k=_int_range("d_k"),
    seed=_int_range("seed"),
    positional=st.booleans(),
)


def assert_attention_invariants(att, n_q: int, n_k: int, d_v: int) -> None:
    assert att.factor.shape == att.scores.shape == att.weights.shape == (n_q, n_k)
    assert att.output.shape == (n_q, d_v)
    for matrix in (att.factor, att.scores, att.weights, att.output):
        assert np.isfinite(matrix).all()
    if att.settings.use_softmax and n_k:
        assert (att.weights >= 0).all()
        np.testing.assert_allclose(att.weights.sum(axis=1), 1.0, rtol=0, atol=1e-9)
    if att.settings.causal:
        assert (np.triu(att.weights, k=1) == 0).all(), "no weight on later words"


@given(
    texts,
    toy_configs,
    st.booleans(),
    st.booleans(),
    st.booleans(),
    temperatures,
)
@example("The black cat drank the milk", ToyConfig(64, 32, 9999, True), False, False, False, 0.05)
def test_toy_pipeline_is_finite_and_well_shaped(text, config, scale, use_softmax, causal, temp):
    switches = AttentionSettings(scale, use_softmax, causal, temp)
    p = pipeline(ToyModel(config), text, switches)
    n = len(tokenize(text).tokens)
    assert p.tokens == tokenize(text).tokens
    for m in (p.key_side.embedding, p.key_side.positions, p.key_side.x):
        assert m.shape == (n, config.d_model) and np.isfinite(m).all()
    for m in (p.key_side.q, p.key_side.k, p.key_side.v):
        assert m.shape == (n, config.d_k) and np.isfinite(m).all()
    assert_attention_invariants(p.attention, n, n, config.d_k)
    again = pipeline(ToyModel(config), text, switches)
    np.testing.assert_array_equal(again.attention.output, p.attention.output)


@given(texts, mixed_text, toy_configs, st.booleans(), temperatures)
@settings(max_examples=25)
def test_toy_cross_attention_is_finite_and_well_shaped(source, target, config, use_softmax, temp):
    switches = AttentionSettings(use_softmax=use_softmax, temperature=temp)
    p = pipeline(ToyModel(config), source, switches, query_text=target)
    n_q, n_k = len(tokenize(target).tokens), len(tokenize(source).tokens)
    assert p.query_side.tokens == tokenize(target).tokens
    assert_attention_invariants(p.attention, n_q, n_k, config.d_k)


# ---- attention on extreme vectors ----------------------------------------------------------
# The app never feeds hand-typed numbers to attend(): its q, k, v come from the toy module
# (entries of order 10) or MiniLM (float32, order 10 too). Hand-typed vectors on the
# dot-product page only go to dot_breakdown() and are clipped to ±EDIT_LIMIT first.
# With softmax on, every entry up to 1e150 must work at the lowest temperature: |q·k| stays
# below d_k·1e300, finite. Entries of 1e155 and more overflow q·k to inf; that is out of reach.

HUGE = 1e150
TINY = 1e-300


def extreme_floats(limit: float) -> st.SearchStrategy[float]:
    return st.one_of(
        st.floats(-limit, limit, allow_nan=False),
        st.sampled_from((limit, -limit, TINY, -TINY, 0.0, 5e-324)),
    )


@st.composite
def qkv(draw, limit: float):
    n_q, n_k, d_k = draw(st.integers(1, 6)), draw(st.integers(1, 6)), draw(st.integers(1, 32))
    elements = extreme_floats(limit)
    q = draw(arrays(np.float64, (n_q, d_k), elements=elements))
    k = draw(arrays(np.float64, (n_k, d_k), elements=elements))
    v = draw(arrays(np.float64, (n_k, d_k), elements=elements))
    return q, k, v


@given(qkv(HUGE), st.booleans(), st.booleans())
@example((np.full((2, 32), HUGE), np.full((3, 32), -HUGE), np.full((3, 32), HUGE)), True, False)
@example((np.full((2, 4), TINY), np.full((2, 4), TINY), np.full((2, 4), TINY)), True, True)
def test_softmax_attention_survives_huge_and_tiny_vectors(vectors, scale, causal):
    q, k, v = vectors
    if causal and q.shape[0] != k.shape[0]:
        k, v = k[:1], v[:1]  # one key: every query may see it
    att = attend(
        q, k, v, AttentionSettings(scale=scale, causal=causal, temperature=MIN_TEMPERATURE)
    )
    assert not np.isnan(att.weights).any()
    assert_attention_invariants(att, q.shape[0], k.shape[0], v.shape[1])
    # each output row is a weighted average of the value rows
    slack = 1e-9 * np.abs(v).max(axis=0) + 1e-300
    assert (att.output <= v.max(axis=0) + slack).all()
    assert (att.output >= v.min(axis=0) - slack).all()


@given(qkv(EDIT_LIMIT), st.booleans(), st.booleans(), st.booleans())
def test_raw_attention_is_finite_for_any_number_a_visitor_can_type(vectors, scale, smax, causal):
    q, k, v = vectors
    if causal and q.shape[0] != k.shape[0]:
        k, v = k[:1], v[:1]
    att = attend(
        q,
        k,
        v,
        AttentionSettings(
            scale=scale, use_softmax=smax, causal=causal, temperature=MIN_TEMPERATURE
        ),
    )
    assert_attention_invariants(att, q.shape[0], k.shape[0], v.shape[1])


def test_raw_attention_overflows_to_inf_beyond_the_apps_range():
    """Documented limit: 1e200-scale entries (unreachable in the app) make Q·Kᵀ = inf.

    With softmax on, those rows become NaN (inf - inf); the app never gets there (see above).
    """
    big = np.full((2, 3), 1e200)
    with np.errstate(over="ignore"):
        att = attend(big, big, big, AttentionSettings(use_softmax=False))
    assert np.isposinf(att.scores).all()
    assert np.isposinf(att.output).all()


@given(
    st.integers(1, 64).flatmap(
        lambda d: st.tuples(
            arrays(np.float64, d, elements=st.floats(allow_nan=True, allow_infinity=True)),
            arrays(np.float64, d, elements=st.floats(allow_nan=True, allow_infinity=True)),
        )
    )
)
@example((np.array([np.nan, np.inf, -np.inf]), np.array([np.inf, np.inf, 1e308])))
@example((np.array([1e-160]), np.array([1e-160])))  # norms' squares are subnormal
def test_dot_of_edited_vectors_is_always_finite(pair):
    a, b = (clean_vector(x) for x in pair)
    for x, raw in zip((a, b), pair, strict=True):
        assert np.isfinite(x).all() and (np.abs(x) <= EDIT_LIMIT).all()
        kept = np.isfinite(raw) & (np.abs(raw) <= EDIT_LIMIT)
        np.testing.assert_array_equal(x[kept], raw[kept])
    d = dot_breakdown(a, b)
    assert np.isfinite(d.products).all()
    for number in (d.dot, d.norm_a, d.norm_b, d.cosine):
        assert math.isfinite(number)
    assert -1 - 1e-9 <= d.cosine <= 1 + 1e-9
    assert d.positive.size + d.negative.size <= a.size


# ---- the pretrained head -------------------------------------------------------------------

MODEL = MiniLM.load()


@given(
    texts,
    st.integers(0, MODEL.config.n_layers - 1),
    st.integers(0, MODEL.config.n_heads - 1),
    st.booleans(),
    st.booleans(),
    temperatures,
)
@settings(max_examples=15)
def test_pretrained_head_is_finite_and_well_shaped(text, layer, head, use_softmax, causal, temp):
    p = pipeline(
        MiniLMHead(MODEL, layer, head), text, AttentionSettings(True, use_softmax, causal, temp)
    )
    pieces = WORDPIECE.tokenize(text)
    n = min(len(pieces), MAX_TOKENS - 2) + 2 if pieces else 0
    assert len(p.tokens) == n
    if n:
        assert p.tokens[0] == CLS and p.tokens[-1] == SEP
    d_head = MODEL.config.d_head
    assert p.key_side.x.shape == (n, MODEL.config.d_model)
    assert np.isfinite(p.key_side.x).all()
    for m in (p.key_side.q, p.key_side.k, p.key_side.v):
        assert m.shape == (n, d_head) and np.isfinite(m).all()
    att = p.attention
    assert att.weights.shape == (n, n) and att.output.shape == (n, d_head)
    for m in (att.factor, att.scores, att.weights, att.output):
        assert np.isfinite(m).all()
    if use_softmax and n:
        np.testing.assert_allclose(att.weights.sum(axis=1), 1.0, atol=1e-5)  # float32
    if causal:
        assert (np.triu(att.weights, k=1) == 0).all()


# ---- URL parameters ------------------------------------------------------------------------

raw_values = st.one_of(
    st.text(max_size=30),
    st.floats().map(str),
    st.integers(-(10**6), 10**6).map(str),
    st.sampled_from(
        (
            "",
            " ",
            "nan",
            "-inf",
            "1e999",
            "-0",
            " 5 ",
            "5_0",
            "０",
            "١٢",
            "0x10",
            "2.5",
            "1e1",
            "true",
            "Yes",
            "maybe",
            "\x00",
            "1" * 5000,
            "x" * (MAX_TEXT_CHARS + 1),
        )
    ),
    st.sampled_from([c for p in ALL_PARAMS.values() for c in p.choices]).map(lambda c: f" {c}\t"),
)


def assert_decoded(param: Param, raw: str, value, rejected: Rejected | None) -> None:
    if rejected is not None:
        assert value == param.default
        assert (rejected.key, rejected.raw) == (param.key, raw)
        assert rejected.allowed == param.allowed
        return
    if param.kind == "int":
        assert type(value) is int and param.lo <= value <= param.hi
    elif param.kind == "float":
        assert type(value) is float and param.lo <= value <= param.hi
    elif param.kind == "bool":
        assert type(value) is bool
    elif param.kind == "choice":
        assert value in param.choices
    else:
        assert value == raw and len(value) <= MAX_TEXT_CHARS


@pytest.mark.parametrize("key", sorted(ALL_PARAMS))
@given(raw=raw_values)
@settings(max_examples=40)
def test_param_decode_gives_a_valid_value_or_the_default(key, raw):
    param = ALL_PARAMS[key]
    value, rejected = param.decode(raw)
    assert_decoded(param, raw, value, rejected)


def valid_values(param: Param) -> st.SearchStrategy:
    if param.kind == "int":
        return st.integers(int(param.lo), int(param.hi))
    if param.kind == "float":
        return st.floats(param.lo, param.hi)
    if param.kind == "bool":
        return st.booleans()
    if param.kind == "choice":
        return st.sampled_from(param.choices)
    return st.text(max_size=50)


@pytest.mark.parametrize("key", sorted(ALL_PARAMS))
@given(data=st.data())
@settings(max_examples=20)
def test_param_encode_decode_round_trip(key, data):
    param = ALL_PARAMS[key]
    value = data.draw(valid_values(param))
    decoded, rejected = param.decode(param.encode(value))
    assert rejected is None
    if param.kind == "float":
        assert decoded == pytest.approx(value, rel=1e-5)  # links carry 6 significant digits
    elif param.kind == "text" and value == "":
        assert decoded == " "  # an emptied box travels as one space: browsers drop empty values
    else:
        assert decoded == value


@given(st.dictionaries(st.one_of(st.sampled_from(sorted(ALL_PARAMS)), st.text()), raw_values))
def test_decode_all_accounts_for_every_key(raw):
    values, rejected = decode_all(raw, ALL_PARAMS)
    refused = [r.key for r in rejected]
    assert sorted([*values, *refused]) == sorted(raw), "every key either used or refused"
    assert set(values) <= set(ALL_PARAMS)
    for key, value in values.items():
        assert_decoded(ALL_PARAMS[key], raw[key], value, None)


# ---- CSV export ----------------------------------------------------------------------------

_FORMULA = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet would evaluate
labels = st.one_of(st.text(max_size=12), st.sampled_from(("=1+1", "+A1", "-2", "@SUM(A1)", "")))


@st.composite
def labelled_matrices(draw):
    n, m = draw(st.integers(0, 5)), draw(st.integers(0, 5))
    values = draw(arrays(np.float64, (n, m), elements=st.floats()))
    rows = draw(st.lists(labels, min_size=n, max_size=n))
    cols = draw(st.lists(labels, min_size=m, max_size=m))
    return values, rows, cols, draw(labels)


def as_written(label: str) -> str:
    return "'" + label if label.startswith(_FORMULA) else label


@given(labelled_matrices())
@example((np.array([[np.nan, -np.inf]]), ['"q"'], [",", "\n"], "=cmd"))
@example((np.array([[1.0]]), ["a\rb"], ["c"], ""))  # a carriage return inside a label
def test_matrix_csv_reads_back_to_the_same_labels_and_values(table):
    matrix, rows, cols, corner = table
    parsed = list(csv.reader(io.StringIO(matrix_csv(matrix, rows, cols, corner), newline="")))
    assert len(parsed) == len(rows) + 1
    assert parsed[0] == [as_written(corner), *map(as_written, cols)]
    for line, label, values in zip(parsed[1:], rows, matrix, strict=True):
        assert line[0] == as_written(label)
        np.testing.assert_array_equal(np.array(line[1:], dtype=float), values)
    cells = [parsed[0], *(line[:1] for line in parsed[1:])]
    assert not any(cell.startswith(_FORMULA) for line in cells for cell in line)
