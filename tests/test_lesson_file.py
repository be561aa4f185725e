"""The lesson file format (lessons/lesson_file.py) at its edge: a good file reads back as
written; a hostile one (bad TOML, an unknown kind, 10,000 steps, HTML in a note, a 1 MB title,
...) is refused with a message that names its line and key, in both languages, and never with
a traceback; what the message quotes from the file is shown as plain text."""

from __future__ import annotations

import pytest
import streamlit as st

from lessons import choose, lesson
from lessons.kinds import KINDS
from lessons.lesson_file import MAX_BYTES, MAX_STEPS, LessonError, parse
from ui.i18n import TEXTS

TWO_STEPS = """\
title.en = "Two steps"
title.zh = "两步"
languages = ["en", "zh"]

[[steps]]
kind = "query_match"
minutes = 3
sentence = "the dog chased the ball"
point.en = "A query points at a key."
point.zh = "查询指向一个键。"
notes.en = "Ask first."
notes.zh = "先提问。"

[[steps]]
kind = "what_moves"
minutes = 2
title.en = "Recap"
title.zh = "回顾"
point.en = "Only learned weights set the order."
point.zh = "只有学到的参数决定顺序。"
notes.en = "One minute."
notes.zh = "一分钟。"
"""


def _step(kind: str = "query_match", **extra: str) -> str:
    lines = [f'kind = "{kind}"', "minutes = 2", 'point.en = "p"', 'notes.en = "n"']
    lines += [f"{key} = {value}" for key, value in extra.items()]
    return "[[steps]]\n" + "\n".join(lines) + "\n"


def _file(*steps: str, head: str = 'title.en = "T"\nlanguages = ["en"]\n') -> bytes:
    return (head + "\n" + "\n".join(steps or (_step(),))).encode()


def _line(data: bytes, line: str, nth: int = 1) -> int:
    """The number of the `nth` line of `data` that reads `line` (counted here, not by hand)."""
    lines = data.decode().splitlines()
    found = [i + 1 for i, text in enumerate(lines) if text == line]
    return found[nth - 1]


def _refused(data: bytes) -> LessonError:
    with pytest.raises(LessonError) as caught:
        parse(data, KINDS)
    return caught.value


def test_a_two_step_file_reads_back_as_written():
    read = lesson.read(TWO_STEPS.encode())
    assert read.title_texts == {"en": "Two steps", "zh": "两步"} and read.minutes == 5
    first, second = read.steps
    assert (first.id, first.minutes, first.sentence) == (
        "query_match",
        3,
        "the dog chased the ball",
    )
    assert first.title_texts is None and second.title_texts == {"en": "Recap", "zh": "回顾"}
    assert (
        first.point_texts["zh"] == "查询指向一个键。" and second.notes_texts["en"] == "One minute."
    )


def test_every_built_in_lesson_file_is_valid():
    for name in lesson.BUILTIN:
        path = lesson.BUILTIN_FOLDER / f"{name}.toml"
        assert len(path.read_bytes()) <= MAX_BYTES
        assert parse(path.read_bytes(), KINDS).steps


def test_bad_toml_names_its_line():
    error = _refused(_file(_step(), _step() + "minutes = = 3\n"))
    assert error.problem == "toml" and error.line == 15


def test_an_unknown_kind_names_the_step_key_and_line():
    data = _file(_step(), _step("no_such_kind"))
    error = _refused(data)
    line = _line(data, 'kind = "no_such_kind"')
    assert (error.problem, error.key, error.line) == ("kind", "steps[2].kind", line)
    assert "no_such_kind" in error.values["kind"] and "query_match" in error.values["kinds"]


def test_ten_thousand_steps_are_refused_with_the_limit():
    head = b'title.en = "T"\nlanguages = ["en"]\n'
    error = _refused(head + b"steps = [" + b"{}," * 10_000 + b"]\n")  # 30 KB: under the size
    assert error.problem == "steps" and error.values == {"n": 10_000, "max": MAX_STEPS}
    assert _refused(head + b"[[steps]]\n" * 10_000).problem == "size"  # 100 KB
    assert _refused(_file(*[_step()] * (MAX_STEPS + 1))).problem == "steps"
    assert len(lesson.read(_file(*[_step()] * MAX_STEPS)).steps) == MAX_STEPS


def test_html_in_a_note_is_refused_and_named():
    error = _refused(_file(_step(), _step(**{"notes.zh": '"<script>alert(1)</script>"'})))
    assert (error.problem, error.key) == ("language", "steps[2].notes.zh")  # a language too many
    data = _file(_step(), _step().replace('"n"', '"<img src=x onerror=alert(1)>"'))
    error = _refused(data)
    line = _line(data, 'notes.en = "<img src=x onerror=alert(1)>"')
    assert (error.problem, error.key, error.line) == ("markup", "steps[2].notes.en", line)
    assert lesson.read(_file(_step().replace('"n"', '"a < b and b > c"'))).steps  # not markup


def test_a_one_megabyte_title_is_refused_by_size_before_it_is_parsed():
    big = ('title.en = "' + "x" * 1_000_000 + '"\nlanguages = ["en"]\n').encode() + _step().encode()
    error = _refused(big)
    assert error.problem == "size" and error.values["max_kb"] == MAX_BYTES // 1024


@pytest.mark.parametrize(
    ("data", "problem", "key"),
    [
        (b"\xff\xfe title", "encoding", ""),
        (_file(head='languages = ["en"]\n'), "missing", "title"),
        (_file(head='title.en = "T"\nlanguages = ["fr"]\n'), "languages", "languages"),
        (_file(head='title.en = "T"\nlanguages = ["en", "zh"]\n'), "missing", "title.zh"),
        (_file(head='title.en = "T"\nlanguages = ["en"]\nscript = "x"\n'), "unknown_key", "script"),
        (_file(_step(minutes="0").replace("minutes = 2\n", "")), "minutes", "steps[1].minutes"),
        (_file(_step(minutes='"5"').replace("minutes = 2\n", "")), "minutes", "steps[1].minutes"),
        (_file(_step(sentence='""')), "empty", "steps[1].sentence"),
        (_file(_step(sentence='"' + "w " * 100 + '"')), "too_long", "steps[1].sentence"),
        (_file(_step(colour='"red"')), "unknown_key", "steps[1].colour"),
        (_file(_step().replace('point.en = "p"\n', "")), "missing", "steps[1].point"),
        (_file(_step().replace('"p"', '"bell \\u0007"')), "control", "steps[1].point.en"),
        (b'title.en = "T"\nlanguages = ["en"]\nsteps = []\n', "no_steps", "steps"),
    ],
)
def test_each_problem_is_named(data, problem, key):
    error = _refused(data)
    assert (error.problem, error.key) == (problem, key)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_message_names_line_and_key_in_the_readers_language(lang):
    data = _file(_step(), _step("no_such_kind"))
    st.session_state["lang"] = lang
    try:
        read, message = choose.read_upload(data)
    finally:
        st.session_state["lang"] = "en"
    line = _line(data, 'kind = "no_such_kind"')
    where = TEXTS["lesson_err_at_line_key"][lang].format(line=line, key="steps[2].kind")
    assert read is None and message.startswith(where) and "no_such_kind" in message
    assert "Traceback" not in message
    for problem in ("size", "encoding", "toml", "kind", "markup", "steps", "minutes"):
        assert f"lesson_err_{problem}" in TEXTS


def test_the_readme_example_is_a_lesson_and_each_kind_is_documented():
    """A teacher writes a lesson from README alone: its example reads, and its table of kinds
    names every kind there is."""
    readme = (lesson.BUILTIN_FOLDER.parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Write your own lesson", 1)[1]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    read = lesson.read(example.encode())
    assert [step.id for step in read.steps] == ["query_match", "what_moves"]
    documented = {line.split("`")[1] for line in section.splitlines() if line.startswith("| `")}
    assert set(KINDS) <= documented
