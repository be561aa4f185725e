"""Choosing a lesson on /present and /class: one of the built-in lessons, or a lesson file the
teacher uploads. A file with a problem gets one message naming its line and key, in the
reader's language, as plain text; never a traceback."""

from __future__ import annotations

import streamlit as st

from lessons import lesson
from lessons.lesson import BUILTIN, Lesson
from lessons.lesson_file import MAX_BYTES, MAX_STEPS, LessonError
from ui.i18n import t

UPLOADED = "file"  # the picker's option for an uploaded file (the others: BUILTIN's names)


# The uploader's own line ("200MB per file • TOML") is hidden: the caption above it states the
# real limits (64 KB, 40 steps). Streamlit takes a limit in whole megabytes only, so it refuses
# a file past 1 MB before it reaches the app, and the app refuses one past 64 KB, saying so.
UPLOAD_MB = 1
UPLOAD_CSS = """<style>
[data-testid="stFileUploaderDropzoneInstructions"] { display: none; }
</style>"""


def problem_text(error: LessonError) -> str:
    """What is wrong with a lesson file, where, in the page's language (plain text)."""
    if error.line is not None and error.key:
        where = t("lesson_err_at_line_key", line=error.line, key=error.key)
    elif error.line is not None:
        where = t("lesson_err_at_line", line=error.line)
    elif error.key:
        where = t("lesson_err_at_key", key=error.key)
    else:
        where = ""
    return where + t(f"lesson_err_{error.problem}", **error.values)


def read_upload(data: bytes) -> tuple[Lesson | None, str | None]:
    """An uploaded file -> (its lesson, None) or (None, what is wrong)."""
    try:
        return lesson.read(data), None
    except LessonError as error:
        return None, problem_text(error)


def _label(option: str) -> str:
    if option == UPLOADED:
        return t("lesson_own_file")
    built = lesson.builtin(option)
    return t("lesson_builtin", title=built.title, m=built.minutes)


def picker(key: str) -> Lesson | None:
    """The built-in lessons and an upload; the lesson picked (None: no file yet, or a file
    with a problem, said on screen)."""
    # the options are the labels themselves: a format_func that reads the page's language
    # cannot be replayed by AppTest, and a label names one option in each language
    names = {_label(option): option for option in (*BUILTIN, UPLOADED)}
    choice = names.get(st.selectbox(t("lesson_pick"), tuple(names), key=f"{key}_choice"))
    if choice != UPLOADED:
        return lesson.builtin(choice or BUILTIN[0])
    st.caption(t("lesson_limits", kb=MAX_BYTES // 1024, steps=MAX_STEPS))
    st.html(UPLOAD_CSS)
    upload = st.file_uploader(
        t("lesson_upload"), type=["toml"], key=f"{key}_file", max_upload_size=UPLOAD_MB
    )
    if upload is None:
        return None
    if upload.size > MAX_BYTES:  # refused before it is read
        problem = problem_text(
            LessonError("size", max_kb=MAX_BYTES // 1024, kb=-(-upload.size // 1024))
        )
        st.error(t("lesson_refused"), icon=":material/error:")
        st.text(problem)
        return None
    read, problem = read_upload(upload.getvalue())
    if problem is not None:
        st.error(t("lesson_refused"), icon=":material/error:")
        st.text(problem)  # it may quote the file: plain text, never Markdown or HTML
        return None
    st.success(t("lesson_read", n=len(read.steps), m=read.minutes))
    return read
