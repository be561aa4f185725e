"""Class mode's ties to Streamlit: the store behind `st.connection("classroom")`, a QR code.
The store itself is live_class/store.py; the class's pipeline is the lesson's (lessons/lesson.py).

Where the database is: CLASSROOM_DB_URL, else `[connections.classroom] url` in
.streamlit/secrets.toml, else a SQLite file under data/ (git-ignored), so `make run` needs
nothing more.
"""

from __future__ import annotations

import io
import ipaddress
import os
from pathlib import Path

import segno
import streamlit as st

from core.params import Param
from lessons import lesson
from lessons.lesson import Lesson
from live_class.store import ClassState, ClassStore, make_folder

DEFAULT_DB = Path(__file__).resolve().parents[1] / "data" / "classroom.db"
CONNECTION = "classroom"
CODE = "code"  # the join code: a URL parameter of both class pages
TEACHER_KEY = "tk"  # the teacher key: in the teacher's own address only (a private parameter)
STUDENT = "me"  # a student's own token: in that student's address only (a private parameter)
CODE_PARAM = Param(CODE, "", "text")  # the same Param on /class and /join
LIVE_SECONDS = 2  # how often the live parts of both pages read the database
# Where a session keeps who it is once read (the address no longer holds it: a link from
# before, with `tk` or `me`, is read once and the parameter taken out of the address).
KEY_HELD = "_class_key"
STUDENT_HELD = "_class_student"
STUDENT_COOKIE = "cls_me_"  # + the join code: this browser's student token in that class
TEACHER_COOKIE = "cls_tk_"  # + the join code: the teacher key, on the teacher's browser
TRUST_FORWARDED = "CLASS_TRUST_FORWARDED"  # "1": a proxy on another host sets X-Forwarded-For


def from_this_machine(peer: str) -> bool:
    """Whether a connection's peer address is this machine: 127.0.0.0/8, ::1, or an IPv4
    loopback written as IPv6 (::ffff:127.0.0.1: what a server listening on :: sees of nginx
    on 127.0.0.1, so that every phone behind the README's nginx was one address)."""
    if peer in ("", "localhost"):
        return True
    try:
        address = ipaddress.ip_address(peer.split("%")[0])
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    return (mapped or address).is_loopback


def client_address() -> str:
    """The address the limits of live_class/store.py count against: the browser's, or, when the
    connection comes from this machine (nginx in front, deploy/nginx.conf), the last address
    in X-Forwarded-For, the one nginx saw. A forwarded header from anywhere else is not
    believed (a student could write any), unless CLASS_TRUST_FORWARDED=1 says a proxy on
    another host writes it."""
    peer = st.context.ip_address
    peer = peer if isinstance(peer, str) else ""
    if from_this_machine(peer) or os.environ.get(TRUST_FORWARDED) == "1":
        header = st.context.headers.get("X-Forwarded-For")
        forwarded = header.split(",")[-1].strip() if isinstance(header, str) else ""
        if forwarded:
            return forwarded[:64]
    return peer or "local"


def _secrets_url() -> str | None:
    """`url` of `[connections.classroom]` in .streamlit/secrets.toml, if there is one."""
    try:
        section = st.secrets.get("connections", {}).get(CONNECTION, {})
    except FileNotFoundError:  # no secrets file at all
        return None
    url = section.get("url") if hasattr(section, "get") else None
    return str(url) if url else None


@st.cache_resource(show_spinner=False)
def _store(url: str) -> ClassStore:
    return ClassStore(st.connection(CONNECTION, type="sql", url=url).engine)


def store() -> ClassStore:
    """The class store of this server process, on the configured database."""
    url = os.environ.get("CLASSROOM_DB_URL") or _secrets_url() or f"sqlite:///{DEFAULT_DB}"
    make_folder(url)
    return _store(url)


@st.cache_data(max_entries=32, show_spinner=False)
def qr_png(url: str) -> bytes:
    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="png", scale=8, border=2)
    return buf.getvalue()


@st.cache_resource(max_entries=64, show_spinner=False)
def _stored_lesson(_store: ClassStore, class_id: str, digest: str) -> Lesson:
    """A class's own lesson, read from the database and parsed once per process for each
    version (`digest`): the live parts re-run every LIVE_SECONDS."""
    source = _store.lesson_source(class_id)
    return lesson.read(source.encode("utf-8")) if source is not None else lesson.default()


def class_lesson(store: ClassStore, state: ClassState) -> Lesson:
    """The lesson this class follows: its own file from the database, or the built-in one;
    every replica of the app reads the same."""
    if state.lesson is None:
        return lesson.default()
    return _stored_lesson(store, state.id, state.lesson)
