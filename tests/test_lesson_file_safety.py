"""Any file a stranger uploads on /class is answered fast, with one message naming its line
(lessons/lesson_file.py): never a traceback, never a second of the server's time, never
gigabytes. Python's tomllib alone took 83 s and 4.5 GiB on one 64 KB dotted key and raised
RecursionError on 20,000 nested brackets; the reader scans the text before tomllib sees it.

A fuzz of generated hostile files (a seeded numpy Generator: the same files every run) and
the hand cases the issue names."""

from __future__ import annotations

import re
import time
import tracemalloc
from collections.abc import Callable

import numpy as np
import pytest
import streamlit as st

from lessons import choose, lesson
from lessons.kinds import KINDS
from lessons.lesson_file import (
    MAX_BARE,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_KEY_PARTS,
    LessonError,
    LessonFile,
    parse,
)
from tests.test_lesson_file import TWO_STEPS
from ui.i18n import TEXTS

SECOND = 1.0  # the longest any one file may take
MEMORY = 50 * 2**20  # bytes the worst file may allocate while it is read
BOM = b"\xef\xbb\xbf"
TOP_KEYS = ("title", "languages", "steps")  # a file that lacks one has no line for it

GOOD = TWO_STEPS  # a valid two-step file (tests/test_lesson_file.py)
BUILTIN = tuple((lesson.BUILTIN_FOLDER / f"{name}.toml").read_bytes() for name in lesson.BUILTIN)


def answer(data: bytes) -> tuple[LessonFile | LessonError, float]:
    """The reader's answer to `data` and the seconds it took; any other exception escapes."""
    start = time.perf_counter()
    try:
        result: LessonFile | LessonError = parse(data, KINDS)
    except LessonError as error:
        result = error
    return result, time.perf_counter() - start


def said(error: LessonError, lang: str) -> str:
    """The message as the page says it, in `lang` (lessons/choose.problem_text)."""
    st.session_state["lang"] = lang
    try:
        return choose.problem_text(error)
    finally:
        st.session_state["lang"] = "en"


def check(error: LessonError) -> None:
    """A message the page can say in both languages, on one line, naming its line unless
    the file has none for it (too big, or a whole top-level key missing)."""
    for lang in ("en", "zh"):
        text = TEXTS[f"lesson_err_{error.problem}"][lang].format(**error.values)
        assert "\n" not in text and "Traceback" not in text, text
    assert len(error.key) <= 80, error.key
    assert error.line is not None or error.problem == "size" or error.key in TOP_KEYS, error
    assert error.values.get("detail") not in ("RecursionError", "ValueError"), error  # the scan


# ---- the generated files -----------------------------------------------------------------

VALUE_LINE = re.compile(r"^([A-Za-z_.]+ = )(.+)$", re.MULTILINE)


def _deep(rng: np.random.Generator) -> str:
    depth = int(rng.choice([MAX_DEPTH + 1, 50, 1000, 20_000]))
    opens = "".join(rng.choice(list("[{"), size=depth))
    return "".join(ch if ch == "[" else "{a = " for ch in opens)


def _number(rng: np.random.Generator) -> str:
    digits = "".join(rng.choice(list("0123456789"), size=int(rng.integers(1, 20_000))))
    return str(rng.choice([digits, f"-{digits}", f"{digits}.5", f"1e{digits}", f"0x{digits}"]))


def _wrong(rng: np.random.Generator) -> str:
    """A TOML value that no field of a lesson takes (but `kind` as a string: none is a kind)."""
    n = int(rng.integers(2, 40))
    pool = [
        "0", "61", "-3", "3.5", "1e999", "-inf", "nan", "true", "1979-05-27", "07:32:00",
        "[]", "{}", "{x = 1}", '[["en"]]', '["fr"]', "[1, 2]", '{en = ["x"]}',
        "[" * n + "]" * n, "9" * int(rng.integers(60, 6000)), _deep(rng),
    ]  # fmt: skip
    return str(rng.choice(pool))


def wrong_type(rng: np.random.Generator) -> tuple[bytes, int, str]:
    """GOOD with one field's value replaced by one of the wrong type: (file, line, field)."""
    fields = list(VALUE_LINE.finditer(GOOD))
    field = fields[int(rng.integers(len(fields)))]
    value = _wrong(rng)
    text = GOOD[: field.start(2)] + value + GOOD[field.end(2) :]
    return text.encode(), GOOD.count("\n", 0, field.start()) + 1, field.group(1).split()[0]


def dotted_key(rng: np.random.Generator) -> bytes:
    parts = int(rng.choice([MAX_KEY_PARTS + 1, 100, 5000, 30_000]))
    part = str(rng.choice(["a", '"a"', "'a b'", "x_1", "steps"]))
    key = ".".join([part] * parts)
    form = str(rng.choice(["{k} = 1", "[{k}]", "[[{k}]]", "x = {{{k} = 1}}", "[[steps]]\n{k} = 1"]))
    return (GOOD + "\n" + form.format(k=key) + "\n").encode()[:MAX_BYTES]


def huge_number(rng: np.random.Generator) -> bytes:
    text = re.sub(r"minutes = \d+", f"minutes = {_number(rng)}", GOOD, count=1)
    return text.encode()[:MAX_BYTES]


def invalid_utf8(rng: np.random.Generator) -> bytes:
    data = bytearray(GOOD.encode())
    bad = [b"\xff", b"\xc3", b"\xe4\xb8", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf8\x88\x80\x80\x80"]
    at = int(rng.integers(len(data) + 1))
    data[at:at] = bad[int(rng.integers(len(bad)))]
    return bytes(data)


def boms(rng: np.random.Generator) -> bytes:
    front = [BOM, BOM + BOM, b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00"]
    body = GOOD.encode() if rng.random() < 0.5 else GOOD.encode("utf-16")
    return front[int(rng.integers(len(front)))] + body


def nuls(rng: np.random.Generator) -> bytes:
    text = GOOD
    for _ in range(int(rng.integers(1, 5))):
        at = int(rng.integers(len(text) + 1))
        text = text[:at] + "\x00" * int(rng.integers(1, 3)) + text[at:]
    return text.encode()


def long_line(rng: np.random.Generator) -> bytes:
    n = int(rng.integers(1000, MAX_BYTES))
    body = str(rng.choice(["x", "[", "a.", '"', "'", "\\", "#", "1", ",", " ", "é", "{a="]))
    line = (body * n)[:n]
    where = str(rng.choice(['point.en = "{l}"', "{l}", "notes.en = '''{l}'''", "x = [{l}]"]))
    return (GOOD + where.format(l=line)).encode()[:MAX_BYTES]


def random_bytes(rng: np.random.Generator) -> bytes:
    return rng.integers(0, 256, size=int(rng.integers(0, 4000)), dtype=np.uint8).tobytes()


def truncated(rng: np.random.Generator) -> bytes:
    """A valid file cut short: mostly between characters, now and then inside one."""
    source = [GOOD.encode(), *BUILTIN][int(rng.integers(1 + len(BUILTIN)))]
    if rng.random() < 0.2:
        return source[: int(rng.integers(len(source)))]
    text = source.decode()
    return text[: int(rng.integers(len(text)))].encode()


PIECES = (
    "[", "]", "{", "}", '"', "'", '"""', "'''", "\\", "=", ".", ",", "#", "\n", "\r", "\t",
    "\x00", "\x7f", "\x85", "\u202e", "\u200b", "\ufeff", "[[steps]]\n", "[steps]\n",
    "9" * 70, "[" * 30, "{a=" * 12, "a." * 40, "\\u0000", "\\U0010FFFF", "1e999", "true",
)  # fmt: skip


def mutated(rng: np.random.Generator) -> bytes:
    """A valid file with a few characters changed or deleted, or TOML's own punctuation
    inserted (as text: the reader gets past UTF-8), now and then a byte changed."""
    source = [GOOD.encode(), *BUILTIN][int(rng.integers(1 + len(BUILTIN)))]
    text = source.decode()
    for _ in range(int(rng.integers(1, 6))):
        at = int(rng.integers(len(text) + 1))
        what = rng.random()
        if what < 0.5:
            text = text[:at] + PIECES[int(rng.integers(len(PIECES)))] + text[at:]
        elif what < 0.75:
            text = text[:at] + text[at + int(rng.integers(1, 8)) :]
        else:
            text = text[:at] + chr(int(rng.integers(1, 0x3000))) + text[at + 1 :]
    data = bytearray(text.encode())
    if rng.random() < 0.1 and data:
        data[int(rng.integers(len(data)))] = int(rng.integers(0, 256))
    return bytes(data)


def nested_everywhere(rng: np.random.Generator) -> bytes:
    """Deep brackets as a whole file, in a header, after a value, in a string's place."""
    deep = _deep(rng)
    form = str(rng.choice(["{d}", "x = {d}", "[{d}", "title.en = 1 {d}", "= {d}", "[[steps]] {d}"]))
    return (GOOD + "\n" + form.format(d=deep)).encode()[:MAX_BYTES]


HOSTILE: tuple[Callable[[np.random.Generator], bytes], ...] = (
    dotted_key, huge_number, invalid_utf8, boms, nuls, long_line, random_bytes, truncated,
    mutated, nested_everywhere,
)  # fmt: skip


def test_generated_hostile_files_are_answered_fast_and_only_with_a_lesson_error():
    rng = np.random.default_rng(20261207)
    start, slowest, answered = time.perf_counter(), 0.0, 0
    for i in range(60 * len(HOSTILE)):
        data = HOSTILE[i % len(HOSTILE)](rng)
        result, took = answer(data)  # anything but a LessonError fails the test here
        slowest = max(slowest, took)
        assert took < SECOND, (HOSTILE[i % len(HOSTILE)].__name__, data[:80], took)
        if isinstance(result, LessonError):
            check(result)
        answered += 1
    for _ in range(200):  # every field with a value of the wrong type: named, with its line
        data, line, field = wrong_type(rng)
        result, took = answer(data)
        assert took < SECOND and isinstance(result, LessonError), (field, data)
        check(result)
        assert result.line == line, (field, result, data.decode()[:300])
        answered += 1
    total = time.perf_counter() - start
    assert answered >= 500
    print(f"{answered} files, slowest {slowest * 1000:.0f} ms, all in {total:.2f} s")


# ---- the hand cases ----------------------------------------------------------------------


def _peak(data: bytes) -> int:
    """The bytes allocated at the peak while `data` is read (on a read of its own: tracing
    every allocation makes the reader several times slower)."""
    tracemalloc.start()
    try:
        answer(data)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


HEAD = 'title.en = "T"\nlanguages = ["en"]\n'
STEP = '[[steps]]\nkind = "query_match"\nminutes = 2\npoint.en = "p"\nnotes.en = "n"\n'


@pytest.mark.parametrize(
    ("name", "data", "problem", "line"),
    [
        ("one 64 KB dotted key", b"a" + b".a" * 32_765 + b" = 1\n", "unknown_key", 1),
        ("a 64 KB dotted header", b"[a" + b".a" * 32_765 + b"]\n", "unknown_key", 1),
        ("20,000 nested brackets", b"x = " + b"[" * 20_000 + b"]" * 20_000, "unknown_key", 1),
        ("20,000 brackets alone", b"[" * 20_000 + b"]" * 20_000, "toml", 1),
        ("20,000 inline tables", b"x = " + b"{a = " * 13_000, "unknown_key", 1),
        ("languages nested deep", (HEAD + STEP).replace('["en"]', "[" * 20_000).encode(),
         "languages", 2),
        ("a 5,000-digit number", (HEAD + STEP).replace("= 2", "= " + "9" * 5_000).encode(),
         "minutes", 5),
        ("64 KB of one array", b"x = [" + b"1," * 32_000 + b"]", "unknown_key", 1),
        ("64 KB of inline tables", b"x = [" + b"{}," * 21_000 + b"]", "unknown_key", 1),
    ],
)  # fmt: skip
def test_the_worst_files_are_answered_fast_in_little_memory(name, data, problem, line):
    assert len(data) <= MAX_BYTES, name
    result, took = answer(data)
    assert isinstance(result, LessonError), name
    assert (result.problem, result.line) == (problem, line), (name, result)
    assert took < SECOND, (name, took)
    if not name.startswith("64 KB of"):  # (tomllib reads those: seconds under tracemalloc)
        assert _peak(data) < MEMORY, name
    check(result)


def test_reading_the_largest_array_tomllib_reads_takes_little_memory():
    assert _peak(b"x = [" + b"{}," * 21_000 + b"]") < MEMORY  # 21,000 tables


def test_a_file_over_the_limit_is_refused_with_the_real_limit_before_it_is_read():
    error, took = answer(b"[" * (MAX_BYTES + 1))  # would be deep nesting, if it were read
    assert isinstance(error, LessonError) and took < 0.01
    assert error.problem == "size" and error.values == {"max_kb": 64, "kb": 65}
    assert said(error, "en") == "the file has 65 KB; a lesson file may have at most 64 KB."
    assert said(error, "zh") == "文件有 65 KB；课程文件最大 64 KB。"


def test_languages_as_a_list_of_lists_is_named_not_a_crash():
    data = (HEAD + STEP).replace('["en"]', '[["en"]]').encode()
    error, _ = answer(data)
    assert isinstance(error, LessonError)
    assert (error.problem, error.key, error.line) == ("languages", "languages", 2)
    assert said(error, "en").startswith("Line 2, languages: languages must list")


def test_a_built_in_lesson_saved_by_notepad_reads_as_the_original():
    """Windows Notepad writes a byte-order mark, and may write CRLF line ends."""
    original = (lesson.BUILTIN_FOLDER / "lesson_20.toml").read_bytes()
    read = parse(original, KINDS)
    assert parse(BOM + original, KINDS) == read
    assert parse(BOM + original.replace(b"\n", b"\r\n"), KINDS) == read


def test_invalid_utf8_names_its_line_and_byte():
    data = (HEAD + STEP).encode().replace(b'"p"', b'"p\xff"')
    error, _ = answer(data)
    at = data.index(b"\xff")
    assert (error.problem, error.line, error.values) == ("encoding", 6, {"at": at})
    assert said(error, "en") == f"Line 6: the file is not UTF-8 text (byte {at})."
    assert said(error, "zh") == f"第 6 行：文件不是 UTF-8 文本（第 {at} 个字节）。"


def _numbered(text: str, line: str) -> int:
    return text.splitlines().index(line) + 1


BAD_FIELDS = [
    ('title.en = "T"', "title.en = 5", "not_text", "title.en"),
    ('title.en = "T"', "title = 5", "not_texts", "title"),
    ('languages = ["en"]', 'languages = [["en"]]', "languages", "languages"),
    ('languages = ["en"]', 'languages = "en"', "languages", "languages"),
    ('languages = ["en"]', 'languages = ["en", "en"]', "languages", "languages"),
    ('kind = "query_match"', "kind = 7", "kind", "steps[1].kind"),
    ('kind = "query_match"', 'kind = "nope"', "kind", "steps[1].kind"),
    ('kind = "query_match"', "kind = " + "[" * 40 + "]" * 40, "kind", "steps[1].kind"),
    ("minutes = 2", 'minutes = "2"', "minutes", "steps[1].minutes"),
    ("minutes = 2", "minutes = 2.5", "minutes", "steps[1].minutes"),
    ("minutes = 2", "minutes = true", "minutes", "steps[1].minutes"),
    ("minutes = 2", "minutes = 1e999", "minutes", "steps[1].minutes"),
    ("minutes = 2", "minutes = " + "9" * 80, "minutes", "steps[1].minutes"),
    ('point.en = "p"', "point.en = 1979-05-27", "not_text", "steps[1].point.en"),
    ('point.en = "p"', 'point = "p"', "not_texts", "steps[1].point"),
    ('point.en = "p"', 'point.en = "p\u200b"', "control", "steps[1].point.en"),
    ('point.en = "p"', 'point.en = "p\u202e"', "control", "steps[1].point.en"),
    ('point.en = "p"', 'point.en = "p\\u0085"', "control", "steps[1].point.en"),
    ('point.en = "p"', 'point.en = "' + "x" * 601 + '"', "too_long", "steps[1].point.en"),
    ('notes.en = "n"', 'notes.en = ["n"]', "not_text", "steps[1].notes.en"),
    ('notes.en = "n"', 'notes.fr = "n"', "language", "steps[1].notes.fr"),
    ("[[steps]]", "[steps]", "not_table", "steps"),
    ('notes.en = "n"', 'notes.en = "n"\ncolour = "red"', "unknown_key", "steps[1].colour"),
    ('notes.en = "n"', 'notes.en = "n"\nsentence = 12', "not_text", "steps[1].sentence"),
    ('notes.en = "n"', 'notes.en = "n"\na.b.c.d.e.f = 1', "unknown_key", "a.b.c.d.e…"),
    ('notes.en = "n"', 'notes.en = "n"\nx = ' + "1" * (MAX_BARE + 1), "unknown_key", "steps[1].x"),
]


@pytest.mark.parametrize(("good", "bad", "problem", "key"), BAD_FIELDS)
def test_each_wrong_value_is_named_with_its_line_in_both_languages(good, bad, problem, key):
    text = (HEAD + STEP).replace(good, bad, 1)
    error, _ = answer(text.encode())
    assert isinstance(error, LessonError), bad
    line = _numbered(text, bad.splitlines()[-1])
    assert (error.problem, error.key, error.line) == (problem, key, line)
    assert said(error, "en").startswith(f"Line {line}, {key}: ")
    assert said(error, "zh").startswith(f"第 {line} 行，{key}：")


def test_steps_written_inline_name_the_line_of_the_step():
    text = HEAD + (
        "steps = [\n"
        '  {kind = "query_match", minutes = 2, point.en = "p", notes.en = "n"},\n'
        '  {kind = "dot", minutes = 2, point.en = "p", notes.en = "n"},\n'
        "]\n"
    )
    error, _ = answer(text.encode())
    assert (error.problem, error.key, error.line) == ("kind", "steps[2].kind", 5)


def test_a_key_the_file_hides_is_quoted_without_what_it_hides():
    text = HEAD + STEP + '"\u202eevil\u200b\\u001b" = 1\n'  # the last as a TOML escape
    error, _ = answer(text.encode("utf-8"))
    assert (error.problem, error.key) == ("unknown_key", "steps[1].evil")


def test_a_text_with_an_emoji_and_brackets_in_strings_is_read():
    text = (HEAD + STEP).replace('"p"', '"p 👨\u200d👩\u200d👧 ❤️ [[[[[[[[[[ {{{{{{{{{{ # x"')
    text += "# a comment [[[[[[[[[[[[ {{{{{{{{{{{\n"
    read = parse(text.encode(), KINDS)
    assert read.steps[0].point["en"].startswith("p 👨\u200d👩\u200d👧 ❤️ [[[[")
