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
like markup (`<b>`) or hides a character (a control, a zero-width space) is refused. A problem
raises `LessonError`, which names the line (when the file has one for it) and the key, and says
what is wrong as a text key with values, so the page says it in the reader's language. No
Streamlit here; the caller passes the kind names it knows.

Any file is answered at once: its size is checked first, then `_scan` reads the text once
(linear) and refuses what Python's tomllib cannot take fast, before tomllib reads it: brackets
nested deeper than MAX_DEPTH (tomllib recurses), a key of more than MAX_KEY_PARTS parts or
MAX_KEY characters (tomllib is quadratic in the parts), a value without quotes longer than
MAX_BARE (a 5,000-digit number). The scan also notes the line of every key, so each message
names its line.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from core.safe_text import clean, one_line

MAX_BYTES = 64 * 1024  # a lesson file's size
MAX_STEPS = 40  # steps in one lesson
MAX_MINUTES = 60  # one step's suggested time
MAX_TITLE = 120  # characters of a title (the lesson's or a step's)
MAX_POINT = 600  # characters of a step's point
MAX_NOTES = 2000  # characters of a step's speaker notes
MAX_SENTENCE = 120  # characters of a step's own sentence (as a student's, live_class/store.py)
MAX_DEPTH = 8  # [ and { open at once (a lesson needs 3: steps = [{ title = { en = ... } }])
MAX_KEY_PARTS = 4  # dotted parts of one key (a lesson needs 2: point.en)
MAX_KEY = 64  # characters of one key, its parts together
MAX_BARE = 64  # characters of a value without quotes (a lesson needs 2: minutes = 10)
LANGUAGES = ("en", "zh")

_LESSON_KEYS = {"title", "languages", "steps"}
_STEP_KEYS = {"kind", "minutes", "point", "notes", "title", "sentence"}
_MARKUP = re.compile(r"<[A-Za-z/!?]")  # the start of an HTML tag, comment or declaration
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # C0 and C1 but tab and newline
_TOML_LINE = re.compile(r"at line (\d+)")
_BOM = b"\xef\xbb\xbf"  # Windows Notepad starts a UTF-8 file with it
_SHOWN = 60  # characters of a key or a value the file wrote, quoted in a message

Path = tuple[str | int, ...]  # a key as the file nests it: ("steps", 2, "point", "en")


class LessonError(ValueError):
    """What is wrong with a lesson file: `problem` is a text key (lesson_err_<problem>), `key`
    the TOML key (steps counted from 1), `line` its line when the file has one for it."""

    def __init__(self, problem: str, key: str = "", line: int | None = None, **values: object):
        key = _shown(key)  # the file's own words, made one harmless line
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


def _shown(text: str, limit: int = _SHOWN) -> str:
    """Words from the file, quoted in a message: one line, nothing hidden, at most `limit`."""
    cleaned = one_line(text, limit)
    return cleaned.text + ("…" if cleaned.cut_at is not None else "")


def _name(path: Path) -> str:
    """("steps", 2, "point", "en") -> "steps[2].point.en"."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


# ---- the scan: linear, before tomllib ------------------------------------------------------


class _Absurd(Exception):
    """What the scan refuses: a `key` too long, or a `value` too deep or too long, at `path`."""

    def __init__(self, what: str, path: Path, line: int, found: str):
        super().__init__(what)
        self.what, self.path, self.line, self.found = what, path, line, found


@dataclass
class _Open:
    """A [ or { the scan is inside (or the file itself, "")."""

    bracket: str
    path: Path  # the key its value belongs to
    expect: str  # "key", "value" or "other" (what tomllib will refuse)
    pending: Path = ()  # the key whose "=" came last: the next value's
    count: int = 0  # an array's values so far


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_BARE_VALUE = re.compile(r"[^\s,\[\]{}#\"'=]+")  # a number, a date, true: up to what ends it
_BASIC = re.compile(r'"(?:[^"\\\n]|\\.)*"?')  # a one-line "..." with its escapes
_SPACE = re.compile(r"[ \t\r]*")


def _string_end(text: str, i: int) -> int:
    """Just past the TOML string that starts at text[i] (a quote): "...", '...', and their
    triple-quoted forms (which may end in up to two more quotes). Unterminated: where tomllib
    will say so."""
    q = text[i]
    if text.startswith(q * 3, i):
        j = i + 3
        while (k := text.find(q * 3, j)) >= 0:
            run = k  # backslashes just before: an odd run escapes the first quote
            while q == '"' and run > j and text[run - 1] == "\\":
                run -= 1
            if (k - run) % 2:
                j = k + 1
                continue
            end = k + 3
            while end < len(text) and end < k + 5 and text[end] == q:
                end += 1
            return end
        return len(text)
    if q == '"':
        return _BASIC.match(text, i).end()
    quote = text.find("'", i + 1)  # the newline is looked for only up to it: linear
    newline = text.find("\n", i + 1, len(text) if quote < 0 else quote)
    if newline >= 0:
        return newline
    return len(text) if quote < 0 else quote + 1


def _key_part(text: str, i: int) -> tuple[str | None, int]:
    """One part of a key at text[i] (bare or quoted), and where it ends; None: no key here."""
    if text[i] in "\"'":
        end = _string_end(text, i)
        raw = text[i:end]
        if text[i] == '"' and "\\" in raw and len(raw) <= MAX_KEY:
            try:
                return str(tomllib.loads(f"k = {raw}")["k"]), end
            except tomllib.TOMLDecodeError:
                pass
        return raw[1:-1], end
    bare = _BARE_KEY.match(text, i)
    return (bare.group(), bare.end()) if bare else (None, i)


def _key(text: str, i: int, line: int, base: Path) -> tuple[list[str], int]:
    """The dotted key at text[i] and where it ends; _Absurd when it is absurdly long."""
    parts: list[str] = []
    while i < len(text):
        part, i = _key_part(text, i)
        if part is None:
            break
        parts.append(part)
        if len(parts) > MAX_KEY_PARTS or sum(map(len, parts)) > MAX_KEY:
            raise _Absurd("key", (*base, *parts), line, ".".join(parts) + "…")
        i = _SPACE.match(text, i).end()
        if not text.startswith(".", i):
            break
        i = _SPACE.match(text, i + 1).end()
    return parts, i


def _scan(text: str) -> dict[Path, int]:
    """The line of every key and array value the file sets (its first line, for a table or
    a key set in parts); _Absurd for what tomllib could not read fast. Lenient where tomllib
    will refuse the file anyway, but every [ and { outside strings and comments counts."""
    lines: dict[Path, int] = {}
    tables: dict[Path, int] = {}  # arrays of tables ([[steps]]): how many so far
    top = _Open("", (), "key")
    stack = [top]
    table: Path = ()  # the table the last header opened: the keys below are in it
    i, n, line = 0, len(text), 1

    def note(path: Path) -> None:
        for k in range(1, len(path) + 1):
            lines.setdefault(path[:k], line)

    def resolve(parts: list[str]) -> Path:
        """A header's key, each array of tables in it standing for its last table."""
        path: Path = ()
        for part in parts:
            path += (part,)
            if path in tables:
                path += (tables[path],)
        return path

    def value_path(frame: _Open) -> Path:
        """The key of the value starting here: () where no value may start."""
        if frame.expect != "value":
            return ()
        if frame.bracket == "[":
            frame.count += 1
            path = (*frame.path, frame.count)
            if frame.path and _line(lines, *frame.path) != line:  # else its array's line says it
                lines.setdefault(path, line)
            return path
        return frame.pending

    while i < n:
        ch, frame = text[i], stack[-1]
        if ch == "\n":
            line += 1
            i += 1
            if frame is top:
                top.expect = "key"
        elif ch in " \t\r":
            i += 1
        elif ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif ch == "[" and frame is top and top.expect == "key":  # a table's header
            array = text.startswith("[[", i)
            i = _SPACE.match(text, i + 1 + array).end()
            parts, i = _key(text, i, line, ())
            top.expect = "other"
            if parts:
                i = _SPACE.match(text, i).end()
                i += text.startswith("]]" if array else "]", i) * (2 if array else 1)
                if array:  # one more table in the array: its path ends with its number
                    path = (*resolve(parts[:-1]), parts[-1])
                    tables[path] = tables.get(path, 0) + 1
                    path += (tables[path],)
                else:
                    path = resolve(parts)
                table = path
                note(path)
        elif ch in "[{":
            path = value_path(frame)
            if len(stack) > MAX_DEPTH:
                raise _Absurd("value", path, line, text[i : i + _SHOWN + 1])
            frame.expect = "other"
            stack.append(_Open(ch, path, "key" if ch == "{" else "value"))
            i += 1
        elif ch in "]}":
            if frame is not top:
                stack.pop()
            i += 1
        elif ch == ",":
            frame.expect = {"{": "key", "[": "value"}.get(frame.bracket, "other")
            i += 1
        elif frame.expect == "key":  # (a character no key starts with: read as a value)
            base = table if frame is top else frame.path
            parts, end = _key(text, i, line, base)
            line += text.count("\n", i, end)  # only in a key tomllib will refuse
            i = _SPACE.match(text, end).end()
            frame.expect = "other"
            if parts and text.startswith("=", i):
                frame.pending = (*base, *parts)
                note(frame.pending)
                frame.expect = "value"
                i += 1
        else:
            path = value_path(frame)
            frame.expect = "other"
            if ch in "\"'":
                end = _string_end(text, i)
                line += text.count("\n", i, end)
            else:
                bare = _BARE_VALUE.match(text, i)
                end = bare.end() if bare else i + 1
                if end - i > MAX_BARE:
                    raise _Absurd("value", path, line, text[i : i + _SHOWN + 1])
            i = end
    return lines


def _line(lines: Mapping[Path, int], *path: str | int) -> int | None:
    """The line that sets `path`, else the nearest enclosing key's (a step's header)."""
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None


def _wrong_type(path: Path, line: int, found: str, kinds: Collection[str]) -> LessonError:
    """What the schema says of a value that can be no good at `path` (nested too deep, a
    number too long to be one): the message for a wrong value of that key."""
    if not path or not isinstance(path[0], str):  # no key: not TOML at all
        return LessonError("toml", line=line, detail=_shown(found))
    top, step, key = path[0], path[1:2], path[2:3]
    if top == "languages":
        return LessonError("languages", "languages", line, languages=", ".join(LANGUAGES))
    if top == "title":
        return _wrong_texts(("title",), path[1:], line)
    if top != "steps":
        return LessonError("unknown_key", _name(path[:1]), line)
    if not (step and isinstance(step[0], int) and key and isinstance(key[0], str)):
        where = path[:2] if step and isinstance(step[0], int) else path[:1]
        return LessonError("not_table", _name(where), line)
    where = path[:3]
    if key[0] not in _STEP_KEYS:
        return LessonError("unknown_key", _name(where), line)
    if key[0] == "kind":
        return LessonError("kind", _name(where), line, kind=_shown(found), kinds=", ".join(kinds))
    if key[0] == "minutes":
        return LessonError("minutes", _name(where), line, max=MAX_MINUTES)
    if key[0] == "sentence":
        return LessonError("not_text", _name(where), line)
    return _wrong_texts(where, path[3:], line)


def _wrong_texts(where: Path, rest: Path, line: int) -> LessonError:
    if rest and isinstance(rest[0], str):  # point.en = [[[...]]]: one language's text
        return LessonError("not_text", _name((*where, rest[0])), line)
    return LessonError("not_texts", _name(where), line, languages=", ".join(LANGUAGES))


# ---- the schema: every value checked, every problem named with its line ---------------------


def _text(value: object, key: str, limit: int, line: int | None) -> str:
    if not isinstance(value, str):
        raise LessonError("not_text", key, line)
    if not value.strip():
        raise LessonError("empty", key, line)
    if len(value) > limit:
        raise LessonError("too_long", key, line, limit=limit, n=len(value))
    if _MARKUP.search(value):
        raise LessonError("markup", key, line)
    if _CONTROL.search(value) or clean(value) != value:  # a control, or what draws nothing
        raise LessonError("control", key, line)
    return value


def _texts(
    value: object,
    path: Path,
    lines: Mapping[Path, int],
    languages: tuple[str, ...],
    limit: int,
) -> dict[str, str]:
    """A text in each of `languages`: {en = "...", zh = "..."}."""
    if not isinstance(value, dict):
        raise LessonError(
            "not_texts", _name(path), _line(lines, *path), languages=", ".join(languages)
        )
    for language in value:
        if language not in languages:
            where = (*path, language)
            raise LessonError(
                "language", _name(where), _line(lines, *where), languages=", ".join(languages)
            )
    texts = {}
    for language in languages:
        where = (*path, language)
        if language not in value:
            raise LessonError("missing", _name(where), _line(lines, *where))
        texts[language] = _text(value[language], _name(where), limit, _line(lines, *where))
    return texts


def _step(
    value: object,
    n: int,
    lines: Mapping[Path, int],
    languages: tuple[str, ...],
    kinds: Collection[str],
) -> StepFile:
    here: Path = ("steps", n)
    if not isinstance(value, dict):
        raise LessonError("not_table", _name(here), _line(lines, *here))
    for key in value:
        if key not in _STEP_KEYS:
            raise LessonError("unknown_key", _name((*here, key)), _line(lines, *here, key))
    for key in ("kind", "minutes", "point", "notes"):
        if key not in value:
            raise LessonError("missing", _name((*here, key)), _line(lines, *here))
    kind, line = value["kind"], _line(lines, *here, "kind")
    if not isinstance(kind, str) or kind not in kinds:
        kinds_named = ", ".join(kinds)
        raise LessonError(
            "kind", _name((*here, "kind")), line, kind=_shown(str(kind)), kinds=kinds_named
        )
    minutes, line = value["minutes"], _line(lines, *here, "minutes")
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MAX_MINUTES:
        raise LessonError("minutes", _name((*here, "minutes")), line, max=MAX_MINUTES)

    def texts(key: str, limit: int) -> dict[str, str]:
        return _texts(value[key], (*here, key), lines, languages, limit)

    title = texts("title", MAX_TITLE) if "title" in value else None
    sentence = None
    if "sentence" in value:
        line = _line(lines, *here, "sentence")
        sentence = _text(value["sentence"], _name((*here, "sentence")), MAX_SENTENCE, line)
    return StepFile(
        kind, minutes, texts("point", MAX_POINT), texts("notes", MAX_NOTES), title, sentence
    )


def _languages(raw: Mapping[str, object], lines: Mapping[Path, int]) -> tuple[str, ...]:
    """The lesson's languages: a list of LANGUAGES, each once (else the line of the first
    that is not one, or is one again)."""
    languages, line = raw["languages"], _line(lines, "languages")
    if isinstance(languages, list) and languages:
        seen: set[str] = set()
        for i, language in enumerate(languages, start=1):
            if not isinstance(language, str) or language not in LANGUAGES or language in seen:
                line = _line(lines, "languages", i)
                break
            seen.add(language)
        else:
            return tuple(languages)
    raise LessonError("languages", "languages", line, languages=", ".join(LANGUAGES))


def _toml_line(error: tomllib.TOMLDecodeError, text: str) -> int | None:
    found = _TOML_LINE.search(str(error))
    if found:
        return int(found.group(1))
    return text.count("\n") + 1 if "end of document" in str(error) else None


def parse(data: bytes, kinds: Collection[str]) -> LessonFile:
    """A lesson file's bytes -> its checked values; LessonError names what is wrong. Any
    bytes at all are answered fast, and with nothing but a LessonError."""
    if len(data) > MAX_BYTES:
        raise LessonError("size", max_kb=MAX_BYTES // 1024, kb=-(-len(data) // 1024))
    bom = len(_BOM) if data.startswith(_BOM) else 0
    try:
        text = data[bom:].decode("utf-8")
    except UnicodeDecodeError as error:
        at = bom + error.start
        raise LessonError("encoding", line=data.count(b"\n", 0, at) + 1, at=at) from None
    text = text.replace("\r\n", "\n")  # Windows line ends, in multi-line texts too
    try:
        lines = _scan(text)
    except _Absurd as absurd:
        if absurd.what == "key":
            raise LessonError("unknown_key", absurd.found, absurd.line) from None
        raise _wrong_type(absurd.path, absurd.line, absurd.found, kinds) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        detail = _shown(str(error), 200)
        raise LessonError("toml", line=_toml_line(error, text), detail=detail) from None
    except (RecursionError, ValueError) as error:  # what the scan should have refused first
        raise LessonError("toml", detail=type(error).__name__) from None
    for key in raw:
        if key not in _LESSON_KEYS:
            raise LessonError("unknown_key", key, _line(lines, key))
    for key in ("title", "languages", "steps"):
        if key not in raw:
            raise LessonError("missing", key)
    languages = _languages(raw, lines)
    title = _texts(raw["title"], ("title",), lines, languages, MAX_TITLE)
    steps = raw["steps"]
    if not isinstance(steps, list):
        raise LessonError("not_table", "steps", _line(lines, "steps"))
    if not steps:
        raise LessonError("no_steps", "steps", _line(lines, "steps"), max=MAX_STEPS)
    if len(steps) > MAX_STEPS:
        raise LessonError("steps", "steps", _line(lines, "steps"), n=len(steps), max=MAX_STEPS)
    checked = tuple(_step(s, n, lines, languages, kinds) for n, s in enumerate(steps, start=1))
    return LessonFile(title, languages, checked, text)
