"""The lesson file format (TOML), read and checked at the edge: one module owns it.

    title.en = "Why self-attention works"     title.zh = "自注意力为什么有效"
    languages = ["en", "zh"]                  the languages every text below is written in
    [[steps]]                                 one table per step, in order (at most MAX_STEPS)
    kind = "query_match"                      a question kind (lessons/kinds.KINDS)
    minutes = 5                               its suggested time, 1 to MAX_MINUTES
    point.en = "..."   point.zh = "..."       what the step shows (said after the reveal)
    notes.en = "..."   notes.zh = "..."       speaker notes (the teacher's screen only)
    title.en = "..."   title.zh = "..."       optional: else the kind's own title
    sentence = "the cat drank the milk"       optional: this step's sentence, not the class's

Every text is plain text: the app never renders it as HTML or Markdown, and a text that looks
like markup (`<b>`) is refused. A problem raises `LessonError`, which names the line (when the
file has one for it) and the key, and says what is wrong as a text key with values, so the page
says it in the reader's language. No Streamlit here; the caller passes the kind names it knows.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

MAX_BYTES = 64 * 1024  # a lesson file's size
MAX_STEPS = 40  # steps in one lesson
MAX_MINUTES = 60  # one step's suggested time
MAX_TITLE = 120  # characters of a title (the lesson's or a step's)
MAX_POINT = 600  # characters of a step's point
MAX_NOTES = 2000  # characters of a step's speaker notes
MAX_SENTENCE = 120  # characters of a step's own sentence (as a student's, lessons/store.py)
LANGUAGES = ("en", "zh")

_LESSON_KEYS = {"title", "languages", "steps"}
_STEP_KEYS = {"kind", "minutes", "point", "notes", "title", "sentence"}
_MARKUP = re.compile(r"<[A-Za-z/!?]")  # the start of an HTML tag, comment or declaration
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # control characters but tab and newline
_TOML_LINE = re.compile(r"at line (\d+)")


class LessonError(ValueError):
    """What is wrong with a lesson file: `problem` is a text key (lesson_err_<problem>), `key`
    the TOML key (steps counted from 1), `line` its line when the file has one for it."""

    def __init__(self, problem: str, key: str = "", line: int | None = None, **values: object):
        super().__init__(f"{problem} at {key or 'the file'} (line {line}): {values}")
        self.problem, self.key, self.line, self.values = problem, key, line, values


@dataclass(frozen=True)
class StepFile:
    """One step as the file states it; every text keyed by language."""

    kind: str
    minutes: int
    point: Mapping[str, str]
    notes: Mapping[str, str]
    title: Mapping[str, str] | None = None
    sentence: str | None = None


@dataclass(frozen=True)
class LessonFile:
    title: Mapping[str, str]
    languages: tuple[str, ...]
    steps: tuple[StepFile, ...]
    source: str = field(repr=False)  # the file's text, as the class's database keeps it


def _line_of(text: str, key: str, step: int | None = None) -> int | None:
    """The line that sets `key`, at the top or in the `step`-th [[steps]] table (from 1)."""
    lines = text.splitlines()
    start, end = 0, len(lines)
    if step is not None:
        heads = [i for i, line in enumerate(lines) if re.match(r"\s*\[\[\s*steps\s*\]\]", line)]
        if step > len(heads):
            return None
        start = heads[step - 1]
        end = heads[step] if step < len(heads) else len(lines)
    else:
        firsts = [i for i, line in enumerate(lines) if re.match(r"\s*\[", line)]
        end = firsts[0] if firsts else len(lines)
    pattern = re.compile(rf"\s*{re.escape(key)}\s*[.=]")
    for i in range(start, end):
        if pattern.match(lines[i]):
            return i + 1
    return start + 1 if step is not None else None


def _text(value: object, key: str, limit: int, line: int | None) -> str:
    if not isinstance(value, str):
        raise LessonError("not_text", key, line)
    if not value.strip():
        raise LessonError("empty", key, line)
    if len(value) > limit:
        raise LessonError("too_long", key, line, limit=limit, n=len(value))
    if _MARKUP.search(value):
        raise LessonError("markup", key, line)
    if _CONTROL.search(value):
        raise LessonError("control", key, line)
    return value


def _texts(
    value: object, key: str, languages: tuple[str, ...], limit: int, line: int | None
) -> dict[str, str]:
    """A text in each of `languages`: {en = "...", zh = "..."}."""
    if not isinstance(value, dict):
        raise LessonError("not_texts", key, line, languages=", ".join(languages))
    for language in value:
        if language not in languages:
            raise LessonError("language", f"{key}.{language}", line, languages=", ".join(languages))
    texts = {}
    for language in languages:
        if language not in value:
            raise LessonError("missing", f"{key}.{language}", line)
        texts[language] = _text(value[language], f"{key}.{language}", limit, line)
    return texts


def _step(value: object, n: int, text: str, languages: tuple[str, ...], kinds: Collection[str]):
    where = f"steps[{n}]"
    if not isinstance(value, dict):
        raise LessonError("not_table", where, _line_of(text, "steps"))
    for key in value:
        if key not in _STEP_KEYS:
            raise LessonError("unknown_key", f"{where}.{key}", _line_of(text, key, n))
    for key in ("kind", "minutes", "point", "notes"):
        if key not in value:
            raise LessonError("missing", f"{where}.{key}", _line_of(text, "kind", n))
    line = _line_of(text, "kind", n)
    kind = value["kind"]
    if not isinstance(kind, str) or kind not in kinds:
        raise LessonError(
            "kind", f"{where}.kind", line, kind=str(kind)[:40], kinds=", ".join(kinds)
        )
    minutes = value["minutes"]
    line = _line_of(text, "minutes", n)
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        raise LessonError("minutes", f"{where}.minutes", line, max=MAX_MINUTES)
    if not 1 <= minutes <= MAX_MINUTES:
        raise LessonError("minutes", f"{where}.minutes", line, max=MAX_MINUTES)

    def texts(key: str, limit: int) -> dict[str, str]:
        return _texts(value[key], f"{where}.{key}", languages, limit, _line_of(text, key, n))

    title = texts("title", MAX_TITLE) if "title" in value else None
    sentence = None
    if "sentence" in value:
        line = _line_of(text, "sentence", n)
        sentence = _text(value["sentence"], f"{where}.sentence", MAX_SENTENCE, line)
    return StepFile(
        kind, minutes, texts("point", MAX_POINT), texts("notes", MAX_NOTES), title, sentence
    )


def parse(data: bytes, kinds: Collection[str]) -> LessonFile:
    """A lesson file's bytes -> its checked values; LessonError names what is wrong."""
    if len(data) > MAX_BYTES:
        raise LessonError("size", max_kb=MAX_BYTES // 1024, kb=-(-len(data) // 1024))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LessonError("encoding", at=error.start) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = _TOML_LINE.search(str(error))
        raise LessonError(
            "toml", line=int(found.group(1)) if found else None, detail=str(error)[:200]
        ) from None
    for key in raw:
        if key not in _LESSON_KEYS:
            raise LessonError("unknown_key", key, _line_of(text, key))
    for key in ("title", "languages", "steps"):
        if key not in raw:
            raise LessonError("missing", key)
    languages = raw["languages"]
    line = _line_of(text, "languages")
    if (
        not isinstance(languages, list)
        or not languages
        or len(set(languages)) != len(languages)
        or any(language not in LANGUAGES for language in languages)
    ):
        raise LessonError("languages", "languages", line, languages=", ".join(LANGUAGES))
    languages = tuple(languages)
    title = _texts(raw["title"], "title", languages, MAX_TITLE, _line_of(text, "title"))
    steps = raw["steps"]
    if not isinstance(steps, list) or not steps:
        raise LessonError("no_steps", "steps", _line_of(text, "steps"), max=MAX_STEPS)
    if len(steps) > MAX_STEPS:
        raise LessonError("steps", "steps", n=len(steps), max=MAX_STEPS)
    checked = tuple(_step(s, n, text, languages, kinds) for n, s in enumerate(steps, start=1))
    return LessonFile(title, languages, checked, text)
