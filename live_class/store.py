"""A class's state and its students' answers in a SQL database: SQLite by default, PostgreSQL
when one is configured. One schema and one code path (plain SQL both dialects accept).

It never imports Streamlit: the pages pass in an engine (connection.py beside it takes it from
`st.connection`), tests make their own. Every teacher action takes the teacher key and checks it
in constant time; every time is passed in (`now`, seconds since the epoch) so tests can move it.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.exc import OperationalError

from core.safe_text import Cleaned, one_line

SCHEMA_VERSION = 2  # 2: students admitted by the server, sentences moderated, address limits
CLASS_HOURS = 12.0  # a class expires this long after it starts
CLASS_SECONDS = CLASS_HOURS * 3600
# A vote written while the database is locked (SQLite: another writer, a backup, a slow disk
# past its 5 s busy timeout) is tried again, waits doubling up to a second, for this long in
# all before the phone is told: a lock delays a vote, never loses it.
LOCKED_RETRY_SECONDS = 30.0
T = TypeVar("T")
ROOM = "@"  # + a join code: a limits record that an address is in that class (class_limits)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read off a projector
CODE_LENGTH = 6
KEY_BYTES = 18  # secrets.token_urlsafe: 144 bits
STUDENT_BYTES = 12  # a student's own token, issued by `admit` (kept in a cookie, never a link)
MAX_NICKNAME = 24
MAX_SENTENCE = 120
MAX_ANSWER = 16  # an option id ("3", "yes", "positive")
MAX_LESSON = 64 * 1024  # characters of a class's own lesson file (lessons/lesson_file.py)
MAX_STUDENTS = 300  # a class's default limit; its teacher may change it
MAX_STUDENTS_LIMIT = 2000  # the most a teacher may set
TIDY_SECONDS = 60.0  # expired classes and old limit records go at most this often
PHASES = ("ask", "open", "revealed")  # a step's question: not yet open, voting, answer shown
# what the teacher did with a student's sentence
SENTENCE_STATUSES = ("new", "shown", "hidden", "removed")


@dataclass(frozen=True)
class Limits:
    """What one client address may do: the same for every replica (they are kept in the
    database). A class behind one school network shares one address, so joins allow a class."""

    joins: int = 60  # new students one address adds ...
    join_window: float = 600.0  # ... in this many seconds
    starts: int = 20  # classes one address starts ...
    start_window: float = 3600.0  # ... in this many seconds
    free_wrong_codes: int = 10  # wrong join codes before the wait starts ...
    wrong_window: float = 900.0  # ... counted over this many seconds
    first_wait: float = 2.0  # the wait after the first wrong code over the free ones, doubled
    # after each further one, up to this: a guesser is slowed to one code a minute, while a
    # student who mistyped (and, behind one network, the class) waits at most this long. The
    # right code of a class this address is in never waits (ClassStore.open_code).
    longest_wait: float = 60.0


class Refused(Exception):
    """A limit said no: `reason` is "full" (the class has its students), "joins", "starts" or
    "codes" (this address did that too often); `wait` seconds until it may try again."""

    def __init__(self, reason: str, wait: float = 0.0) -> None:
        super().__init__(f"{reason} (wait {wait:.0f} s)")
        self.reason = reason
        self.wait = wait


_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS class_meta (name VARCHAR(40) PRIMARY KEY, value VARCHAR(40))",
    """CREATE TABLE IF NOT EXISTS classes (
        id VARCHAR(32) PRIMARY KEY,
        code VARCHAR(6) NOT NULL UNIQUE,
        key_hash VARCHAR(64) NOT NULL,
        sentence VARCHAR(200) NOT NULL,
        step INTEGER NOT NULL DEFAULT 0,
        round INTEGER NOT NULL DEFAULT 1,
        phase VARCHAR(10) NOT NULL DEFAULT 'ask',
        paused INTEGER NOT NULL DEFAULT 0,
        shown_student VARCHAR(32),
        created DOUBLE PRECISION NOT NULL,
        expires DOUBLE PRECISION NOT NULL,
        shown_text VARCHAR(200),
        max_students INTEGER NOT NULL DEFAULT 300,
        closes_at DOUBLE PRECISION,
        join_shown INTEGER NOT NULL DEFAULT 1)""",
    """CREATE TABLE IF NOT EXISTS class_students (
        class_id VARCHAR(32) NOT NULL,
        student VARCHAR(32) NOT NULL,
        nickname VARCHAR(24) NOT NULL DEFAULT '',
        joined DOUBLE PRECISION NOT NULL DEFAULT 0,
        PRIMARY KEY (class_id, student))""",
    """CREATE TABLE IF NOT EXISTS class_answers (
        class_id VARCHAR(32) NOT NULL,
        student VARCHAR(32) NOT NULL,
        step INTEGER NOT NULL,
        round INTEGER NOT NULL,
        answer VARCHAR(16) NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (class_id, student, step, round))""",
    """CREATE TABLE IF NOT EXISTS class_sentences (
        class_id VARCHAR(32) NOT NULL,
        student VARCHAR(32) NOT NULL,
        sentence VARCHAR(200) NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        status VARCHAR(10) NOT NULL DEFAULT 'new',
        PRIMARY KEY (class_id, student))""",
    # a class's own lesson file, when the teacher chose one (none: the built-in lesson); a
    # table of its own, so a database made before lessons were files needs no migration
    """CREATE TABLE IF NOT EXISTS class_lessons (
        class_id VARCHAR(32) PRIMARY KEY,
        digest VARCHAR(64) NOT NULL,
        source TEXT NOT NULL)""",
    # what client addresses did ("join", "start", "code": a wrong join code), for the limits;
    # "@" + a join code: the address started that class or a student of it joined from there
    """CREATE TABLE IF NOT EXISTS class_limits (
        address VARCHAR(64) NOT NULL,
        kind VARCHAR(8) NOT NULL,
        at DOUBLE PRECISION NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS class_limits_by_address ON class_limits (address, kind, at)",
    # a training step shown as it learns, on every view at once: how far it has played (a
    # table of its own, so a database made before the show needs no migration)
    """CREATE TABLE IF NOT EXISTS class_shows (
        class_id VARCHAR(32) NOT NULL,
        step INTEGER NOT NULL,
        played DOUBLE PRECISION NOT NULL DEFAULT 0,
        started DOUBLE PRECISION,
        PRIMARY KEY (class_id, step))""",
)
# from schema 1: columns added in place (both dialects take ADD COLUMN with a default)
_FROM_1 = (
    ("classes", "shown_text", "VARCHAR(200)"),
    ("classes", "max_students", "INTEGER NOT NULL DEFAULT 300"),
    ("classes", "closes_at", "DOUBLE PRECISION"),
    ("classes", "join_shown", "INTEGER NOT NULL DEFAULT 1"),
    ("class_sentences", "status", "VARCHAR(10) NOT NULL DEFAULT 'new'"),
    ("class_students", "joined", "DOUBLE PRECISION NOT NULL DEFAULT 0"),
)
_OWN_TABLES = (
    "class_answers",
    "class_sentences",
    "class_students",
    "class_lessons",
    "class_shows",
)


class NotTeacher(PermissionError):
    """A teacher action with a missing or wrong teacher key."""


class SchemaMismatch(RuntimeError):
    """The database holds another version of the schema."""


@dataclass(frozen=True)
class ClassState:
    """What every view of a class reads: where the lesson is and whether it takes answers."""

    id: str
    code: str
    sentence: str
    step: int
    round: int
    phase: str  # one of PHASES
    paused: bool
    shown_student: str | None  # whose sentence the teacher shows on the projector
    expires: float
    lesson: str | None = None  # the digest of the class's own lesson file (None: built-in)
    shown_text: str | None = None  # that sentence as it was when shown (frozen)
    max_students: int = MAX_STUDENTS
    closes_at: float | None = None  # voting's timer: when it closes by itself (None: no timer)
    join_shown: bool = True  # the projector shows the join slide (code, QR code, address)

    @property
    def voting(self) -> bool:
        """Open, not paused (the timer is not read here: see `voting_at`)."""
        return self.phase == "open" and not self.paused

    def voting_at(self, now: float) -> bool:
        """Whether an answer sent at `now` counts: open, not paused, and its timer not run out."""
        return self.voting and (self.closes_at is None or now < self.closes_at)

    def seconds_left(self, now: float) -> float | None:
        """The timer's seconds left while voting (None: no timer running)."""
        if self.phase != "open" or self.closes_at is None:
            return None
        return max(0.0, self.closes_at - now)


@dataclass(frozen=True)
class Show:
    """A training step played as a show: one clock for the whole class, so the projector and
    every phone draw the same moment of the same run. It plays, pauses and starts again only
    at the teacher's word."""

    step: int
    played: float = 0.0  # seconds played before `started` (all of them while paused)
    started: float | None = None  # when it was last set playing (None: paused, or not begun)

    @property
    def playing(self) -> bool:
        return self.started is not None

    def seconds(self, now: float) -> float:
        """Seconds played by `now`."""
        return self.played + (max(0.0, now - self.started) if self.started is not None else 0.0)


def make_folder(url: str) -> None:
    """A SQLite file's folder, made if missing (SQLite makes the file, not its folder)."""
    if url.startswith("sqlite") and "///" in url:
        path = url.split("///", 1)[1].split("?", 1)[0]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)


def engine_for(url: str) -> Engine:
    """An engine for `url` (ClassStore gives a SQLite file WAL mode and a busy timeout)."""
    make_folder(url)
    return create_engine(url, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")  # readers do not block the writer
    cursor.execute("PRAGMA busy_timeout=5000")  # a writer waits for another, up to 5 s
    cursor.execute("PRAGMA synchronous=NORMAL")  # safe in WAL mode
    cursor.close()


def _is_locked(error: OperationalError) -> bool:
    return "database is locked" in str(error.orig) or "database is busy" in str(error.orig)


def _while_locked(write: Callable[[], T]) -> T:
    """`write()`, tried again while the database says it is locked, for LOCKED_RETRY_SECONDS."""
    deadline = time.monotonic() + LOCKED_RETRY_SECONDS
    wait = 0.05
    while True:
        try:
            return write()
        except OperationalError as error:
            if not _is_locked(error) or time.monotonic() + wait > deadline:
                raise
        time.sleep(wait)
        wait = min(wait * 2, 1.0)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


MAX_CODE_PASTE = 2_000  # characters the code box keeps: a whole join link fits


def clean_code(raw: str) -> str:
    """What a student typed as a code, as the store keeps codes (upper case, no spaces); from a
    join link pasted whole (`…/join?code=AB12CD`), the code it carries."""
    found = re.search(r"[?&]code=([^&#\s]*)", raw, flags=re.IGNORECASE)
    code = found.group(1) if found else raw
    return "".join(code.split()).upper()[: CODE_LENGTH * 2]


def new_student() -> str:
    return secrets.token_urlsafe(STUDENT_BYTES)


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class ClassStore:
    """Classes, their students, answers and sentences, in one database."""

    def __init__(self, engine: Engine, limits: Limits = Limits()) -> None:
        self.engine = engine
        self.limits = limits
        self._next_tidy = 0.0  # this process's own note of when to look again
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
            engine.dispose()  # connections opened before the listener get the pragmas too
        with engine.begin() as c:
            for statement in _SCHEMA:
                c.execute(text(statement))
            found = c.execute(
                text("SELECT value FROM class_meta WHERE name = 'schema_version'")
            ).scalar()
            if found == "1":
                have = inspect(c)
                for table, column, kind in _FROM_1:
                    if column not in {col["name"] for col in have.get_columns(table)}:
                        c.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {kind}"))
                c.execute(
                    text("UPDATE class_meta SET value = :v WHERE name = 'schema_version'"),
                    {"v": str(SCHEMA_VERSION)},
                )
            elif found is None:
                c.execute(
                    text("INSERT INTO class_meta (name, value) VALUES ('schema_version', :v)"),
                    {"v": str(SCHEMA_VERSION)},
                )
            elif found != str(SCHEMA_VERSION):
                raise SchemaMismatch(f"database schema {found}, this app writes {SCHEMA_VERSION}")
            c.execute(
                text(
                    "INSERT INTO class_meta (name, value) SELECT 'tidied', '0' WHERE NOT EXISTS "
                    "(SELECT 1 FROM class_meta WHERE name = 'tidied')"
                )
            )

    @property
    def schema_version(self) -> int:
        with self.engine.connect() as c:
            value = c.execute(
                text("SELECT value FROM class_meta WHERE name = 'schema_version'")
            ).scalar_one()
        return int(value)

    # ---- what one client address may do (shared by every replica) ----------------------------

    def _done(self, address: str, kind: str, since: float) -> list[float]:
        with self.engine.connect() as c:
            rows = c.execute(
                text(
                    "SELECT at FROM class_limits WHERE address = :a AND kind = :k AND at > :since "
                    "ORDER BY at"
                ),
                {"a": address[:64], "k": kind, "since": since},
            )
            return [float(r.at) for r in rows]

    def _note(self, address: str, kind: str, now: float) -> None:
        with self.engine.begin() as c:
            c.execute(
                text("INSERT INTO class_limits (address, kind, at) VALUES (:a, :k, :now)"),
                {"a": address[:64], "k": kind, "now": now},
            )

    def _claim(self, address: str, kind: str, most: int, window: float, now: float) -> None:
        """Note that `address` does `kind` now, unless it did it `most` times in the last
        `window` s (then raise Refused, noting nothing). Atomic: of many at once, exactly
        `most` pass (SQLite runs one writer at a time; PostgreSQL is told to, for this table)."""
        with self.engine.begin() as c:
            if self.engine.dialect.name == "postgresql":
                c.execute(text("LOCK TABLE class_limits IN SHARE ROW EXCLUSIVE MODE"))
            c.execute(
                text("INSERT INTO class_limits (address, kind, at) VALUES (:a, :k, :now)"),
                {"a": address[:64], "k": kind, "now": now},
            )
            rows = c.execute(
                text(
                    "SELECT at FROM class_limits WHERE address = :a AND kind = :k AND at > :since "
                    "ORDER BY at"
                ),
                {"a": address[:64], "k": kind, "since": now - window},
            )
            done = [float(r.at) for r in rows]
            if len(done) > most:  # leaving the block by raising takes the note back
                raise Refused(kind + "s", done[len(done) - 1 - most] + window - now)

    def _within(self, address: str, kind: str, most: int, window: float, now: float) -> None:
        """Raise Refused when `address` did `kind` `most` times in the last `window` s."""
        done = self._done(address, kind, now - window)
        if len(done) >= most:
            raise Refused(kind + "s", done[len(done) - most] + window - now)

    def code_wait(self, address: str, now: float) -> float:
        """Seconds this address waits before it may try another join code: none for its first
        `free_wrong_codes` wrong ones (in `wrong_window`), then a wait that doubles with each
        further wrong one."""
        lim = self.limits
        wrong = self._done(address, "code", now - lim.wrong_window)
        over = len(wrong) - lim.free_wrong_codes
        if over < 0:
            return 0.0
        wait = min(lim.first_wait * 2**over, lim.longest_wait)
        return max(0.0, wrong[-1] + wait - now)

    def open_code(self, code: str, address: str, now: float) -> ClassState | None:
        """The class a typed join code opens (None: none; the wrong code counts against
        `address`). Raises Refused("codes", wait) while the address must wait, except for the
        code of a class this address is already in (started there, or a student joined from
        there): one student mistyping behind a school's network never keeps the class out, and
        a guesser from elsewhere is still slowed."""
        state = self.find(code, now)
        if state is not None and self._done(address, ROOM + state.code, now - CLASS_SECONDS):
            return state
        wait = self.code_wait(address, now)
        if wait > 0:
            raise Refused("codes", wait)
        if state is None:
            self._note(address, "code", now)
        return state

    # ---- starting, finding, ending --------------------------------------------------------

    def start(
        self, sentence: str, now: float, address: str = "", hours: float = CLASS_HOURS
    ) -> tuple[str, str]:
        """A new class on `sentence`: (its join code, the teacher key). Raises
        Refused("starts", wait) when `address` started its `limits.starts` classes lately."""
        self.tidy(now)
        self._claim(address, "start", self.limits.starts, self.limits.start_window, now)
        key = secrets.token_urlsafe(KEY_BYTES)
        for _ in range(20):
            code = new_code()
            with self.engine.begin() as c:
                taken = c.execute(
                    text("SELECT 1 FROM classes WHERE code = :code"), {"code": code}
                ).first()
                if taken:
                    continue
                c.execute(
                    text(
                        "INSERT INTO classes (id, code, key_hash, sentence, created, expires) "
                        "VALUES (:id, :code, :kh, :s, :now, :exp)"
                    ),
                    {
                        "id": secrets.token_hex(16),
                        "code": code,
                        "kh": _hash(key),
                        "s": one_line(sentence, MAX_SENTENCE).text,
                        "now": now,
                        "exp": now + hours * 3600,
                    },
                )
            self._note(address, ROOM + code, now)
            return code, key
        raise RuntimeError("no free join code after 20 tries")

    def find(self, code: str, now: float) -> ClassState | None:
        """The live class of this join code, or None (unknown or expired)."""
        self.tidy(now)
        with self.engine.connect() as c:
            row = c.execute(
                text(
                    "SELECT c.id, c.code, c.sentence, c.step, c.round, c.phase, c.paused, "
                    "c.shown_student, c.expires, l.digest, c.shown_text, c.max_students, "
                    "c.closes_at, c.join_shown "
                    "FROM classes c LEFT JOIN class_lessons l ON l.class_id = c.id "
                    "WHERE c.code = :code AND c.expires > :now"
                ),
                {"code": clean_code(code), "now": now},
            ).first()
        if row is None:
            return None
        return ClassState(
            row.id,
            row.code,
            row.sentence,
            int(row.step),
            int(row.round),
            row.phase,
            bool(row.paused),
            row.shown_student,
            float(row.expires),
            row.digest,
            row.shown_text,
            int(row.max_students),
            None if row.closes_at is None else float(row.closes_at),
            bool(row.join_shown),
        )

    def is_teacher(self, code: str, key: str, now: float) -> bool:
        """Whether `key` is this class's teacher key (compared in constant time)."""
        with self.engine.connect() as c:
            stored = c.execute(
                text("SELECT key_hash FROM classes WHERE code = :code AND expires > :now"),
                {"code": clean_code(code), "now": now},
            ).scalar()
        # an unknown class is compared against a dummy, so both paths take the same time
        return hmac.compare_digest(_hash(key or ""), stored or "0" * 64) and stored is not None

    def _teacher(self, code: str, key: str, now: float) -> ClassState:
        if not self.is_teacher(code, key, now):
            raise NotTeacher("this action needs the class's teacher key")
        state = self.find(code, now)
        if state is None:  # it expired between the two reads
            raise NotTeacher("this class has ended")
        return state

    def end(self, code: str, key: str, now: float) -> None:
        """End the class: its answers, sentences and students are deleted, its code dies."""
        state = self._teacher(code, key, now)
        self._delete(state.id)

    def _delete(self, class_id: str) -> None:
        with self.engine.begin() as c:
            for table in _OWN_TABLES:
                c.execute(text(f"DELETE FROM {table} WHERE class_id = :id"), {"id": class_id})
            c.execute(text("DELETE FROM classes WHERE id = :id"), {"id": class_id})

    def purge_expired(self, now: float) -> int:
        """Delete every expired class with everything it holds; how many there were."""
        with self.engine.connect() as c:
            ids = [
                r.id
                for r in c.execute(
                    text("SELECT id FROM classes WHERE expires <= :now"), {"now": now}
                )
            ]
        for class_id in ids:
            self._delete(class_id)
        return len(ids)

    def tidy(self, now: float) -> bool:
        """Remove expired classes and limit records older than any window, at most once every
        TIDY_SECONDS for all replicas together (the database row `tidied` says when it last
        happened; one replica claims each turn). Any request may call it. Whether it ran."""
        if now < self._next_tidy:
            return False
        self._next_tidy = now + TIDY_SECONDS
        with self.engine.begin() as c:
            claimed = c.execute(
                text(
                    "UPDATE class_meta SET value = :now WHERE name = 'tidied' "
                    "AND CAST(value AS DOUBLE PRECISION) <= :due"
                ),
                {"now": repr(now), "due": now - TIDY_SECONDS},
            ).rowcount
        if claimed != 1:
            return False
        self.purge_expired(now)
        lim = self.limits
        oldest = now - max(lim.join_window, lim.start_window, lim.wrong_window)
        with self.engine.begin() as c:
            c.execute(
                text("DELETE FROM class_limits WHERE at <= :t AND kind NOT LIKE '@%'"),
                {"t": oldest},
            )
            c.execute(
                text("DELETE FROM class_limits WHERE at <= :t AND kind LIKE '@%'"),
                {"t": now - CLASS_SECONDS},
            )
        return True

    # ---- the teacher's pacing ---------------------------------------------------------------

    def _set(self, state: ClassState, **values: object) -> None:
        sets = ", ".join(f"{name} = :{name}" for name in values)
        with self.engine.begin() as c:
            c.execute(text(f"UPDATE classes SET {sets} WHERE id = :id"), {**values, "id": state.id})

    def go_to(self, code: str, key: str, step: int, now: float) -> None:
        """Move the class to `step`: its question is asked afresh in the round after the last
        one recorded (round 1 when none was)."""
        state = self._teacher(code, key, now)
        with self.engine.connect() as c:
            last = c.execute(
                text("SELECT MAX(round) FROM class_answers WHERE class_id = :id AND step = :s"),
                {"id": state.id, "s": step},
            ).scalar()
        self._set(state, step=max(step, 0), round=int(last) + 1 if last else 1, phase="ask")

    def open_voting(self, code: str, key: str, now: float, seconds: float | None = None) -> None:
        """Take answers for the current round (again, after a reveal: answers change again),
        for `seconds` if given: then voting closes by itself."""
        closes = None if not seconds else now + float(seconds)
        self._set(self._teacher(code, key, now), phase="open", closes_at=closes)

    def reveal(self, code: str, key: str, now: float) -> None:
        self._set(self._teacher(code, key, now), phase="revealed")

    def vote_again(self, code: str, key: str, now: float, seconds: float | None = None) -> None:
        """A second (third, ...) round of the same question, open at once (for `seconds`)."""
        state = self._teacher(code, key, now)
        closes = None if not seconds else now + float(seconds)
        self._set(state, round=state.round + 1, phase="open", closes_at=closes)

    def show_of(self, state: ClassState) -> Show:
        """The show of the class's current step (not begun: nothing played, paused)."""
        with self.engine.connect() as c:
            row = c.execute(
                text("SELECT played, started FROM class_shows WHERE class_id = :id AND step = :s"),
                {"id": state.id, "s": state.step},
            ).first()
        if row is None:
            return Show(state.step)
        started = None if row.started is None else float(row.started)
        return Show(state.step, float(row.played), started)

    def _set_show(self, state: ClassState, played: float, started: float | None) -> None:
        with self.engine.begin() as c:
            where = {"id": state.id, "s": state.step}
            c.execute(text("DELETE FROM class_shows WHERE class_id = :id AND step = :s"), where)
            c.execute(
                text(
                    "INSERT INTO class_shows (class_id, step, played, started) "
                    "VALUES (:id, :s, :played, :started)"
                ),
                {**where, "played": played, "started": started},
            )

    def play_show(self, code: str, key: str, now: float) -> None:
        """Play the current step's show from where it stands (a playing show plays on). It
        shows the answer as it learns: voting closes now, so every vote is a prediction."""
        state = self._teacher(code, key, now)
        show = self.show_of(state)
        if not show.playing:
            self._set_show(state, show.played, now)
        if state.voting_at(now):
            self._set(state, closes_at=now)

    def pause_show(self, code: str, key: str, now: float) -> None:
        """Hold the show at the moment it has reached."""
        state = self._teacher(code, key, now)
        self._set_show(state, self.show_of(state).seconds(now), None)

    def restart_show(self, code: str, key: str, now: float) -> None:
        """Play the show again from its first step."""
        self._set_show(self._teacher(code, key, now), 0.0, now)

    def show_join(self, code: str, key: str, shown: bool, now: float) -> None:
        """Show or hide the join slide (code, QR code, address) on the projector."""
        self._set(self._teacher(code, key, now), join_shown=int(shown))

    def pause(self, code: str, key: str, paused: bool, now: float) -> None:
        self._set(self._teacher(code, key, now), paused=int(paused))

    def set_max_students(self, code: str, key: str, most: int, now: float) -> None:
        """How many students the class admits (students already in stay)."""
        if not 1 <= most <= MAX_STUDENTS_LIMIT:
            raise ValueError(f"a class admits 1 to {MAX_STUDENTS_LIMIT} students")
        self._set(self._teacher(code, key, now), max_students=int(most))

    def set_lesson(self, code: str, key: str, source: str | None, now: float) -> None:
        """The class's lesson file (None: the built-in lesson), already checked by
        lessons/lesson_file.py. The class starts it at its first step, and the old lesson's
        answers are deleted: their step numbers would name the new lesson's questions."""
        state = self._teacher(code, key, now)
        if source is not None and len(source) > MAX_LESSON:
            raise ValueError(f"a lesson file holds at most {MAX_LESSON} characters")
        with self.engine.begin() as c:
            for table in ("class_lessons", "class_answers"):
                c.execute(text(f"DELETE FROM {table} WHERE class_id = :id"), {"id": state.id})
            if source is not None:
                c.execute(
                    text(
                        "INSERT INTO class_lessons (class_id, digest, source) "
                        "VALUES (:id, :digest, :source)"
                    ),
                    {"id": state.id, "digest": _hash(source), "source": source},
                )
            c.execute(
                text("UPDATE classes SET step = 0, round = 1, phase = 'ask' WHERE id = :id"),
                {"id": state.id},
            )

    def lesson_source(self, class_id: str) -> str | None:
        """The text of the class's own lesson file (None: it follows the built-in lesson)."""
        with self.engine.connect() as c:
            return c.execute(
                text("SELECT source FROM class_lessons WHERE class_id = :id"), {"id": class_id}
            ).scalar()

    # ---- students ---------------------------------------------------------------------------

    def is_student(self, state: ClassState, student: str) -> bool:
        with self.engine.connect() as c:
            found = c.execute(
                text("SELECT 1 FROM class_students WHERE class_id = :id AND student = :st"),
                {"id": state.id, "st": student[:32]},
            ).first()
        return found is not None

    def admit(self, code: str, known: str | None, address: str, now: float) -> str:
        """This browser's student token in the class: `known` (what its cookie holds) when the
        class issued it, else a new one, issued here. Raises Refused("full") when the class
        has its `max_students`, Refused("joins", wait) when `address` added its
        `limits.joins` students lately; KeyError when the code opens no class."""
        state = self.find(code, now)
        if state is None:
            raise KeyError(code)
        if known and self.is_student(state, known):
            return known
        lim = self.limits
        self._within(address, "join", lim.joins, lim.join_window, now)
        student = new_student()
        with self.engine.begin() as c:
            added = c.execute(
                text(
                    "INSERT INTO class_students (class_id, student, nickname, joined) "
                    "SELECT CAST(:id AS VARCHAR(32)), CAST(:st AS VARCHAR(32)), '', :now WHERE "
                    "(SELECT COUNT(*) FROM class_students WHERE class_id = :id) < :most"
                ),
                {"id": state.id, "st": student, "most": state.max_students, "now": now},
            ).rowcount
        if added != 1:
            raise Refused("full")
        self._note(address, "join", now)
        self._note(address, ROOM + state.code, now)
        return student

    def rename(self, code: str, student: str, nickname: str, now: float) -> Cleaned | None:
        """A student's nickname, as kept (one line, no bidi control, cut at MAX_NICKNAME);
        None when this is no student of a live class."""
        state = self.find(code, now)
        cleaned = one_line(nickname, MAX_NICKNAME)
        if state is None:
            return None
        with self.engine.begin() as c:
            done = c.execute(
                text(
                    "UPDATE class_students SET nickname = :nick "
                    "WHERE class_id = :id AND student = :st"
                ),
                {"id": state.id, "st": student[:32], "nick": cleaned.text},
            ).rowcount
        return cleaned if done == 1 else None

    def answer(
        self,
        code: str,
        student: str,
        step: int,
        round_: int,
        answer: str,
        options: Sequence[str],
        now: float,
    ) -> bool:
        """Record (or change) a student's answer to round `round_` of `step`; False when the
        class takes no such answer now (not open, revealed, paused, another step or round), the
        answer is none of the question's `options` (computed by the page from the class's
        sentence, not sent by the browser), or `student` is not one the class admitted."""
        if answer not in options or len(answer) > MAX_ANSWER:
            return False
        return _while_locked(lambda: self._write_answer(code, student, step, round_, answer, now))

    def _write_answer(
        self, code: str, student: str, step: int, round_: int, answer: str, now: float
    ) -> bool:
        with self.engine.begin() as c:
            done = c.execute(
                text(
                    "INSERT INTO class_answers (class_id, student, step, round, answer, at) "
                    "SELECT c.id, s.student, c.step, c.round, :ans, :now FROM classes c "
                    "JOIN class_students s ON s.class_id = c.id AND s.student = :st "
                    "WHERE c.code = :code AND c.expires > :now AND c.step = :step "
                    "AND c.round = :round AND c.phase = 'open' AND c.paused = 0 "
                    "AND (c.closes_at IS NULL OR c.closes_at > :now) "
                    "ON CONFLICT (class_id, student, step, round) "
                    "DO UPDATE SET answer = excluded.answer, at = excluded.at"
                ),
                {
                    "st": student[:32],
                    "ans": answer,
                    "now": now,
                    "code": clean_code(code),
                    "step": step,
                    "round": round_,
                },
            )
            return done.rowcount == 1

    def my_answer(self, state: ClassState, student: str, step: int, round_: int) -> str | None:
        with self.engine.connect() as c:
            return c.execute(
                text(
                    "SELECT answer FROM class_answers WHERE class_id = :id AND student = :st "
                    "AND step = :s AND round = :r"
                ),
                {"id": state.id, "st": student, "s": step, "r": round_},
            ).scalar()

    def count(self, state: ClassState, step: int, round_: int) -> int:
        """How many students answered this round (the projector's live number)."""
        with self.engine.connect() as c:
            return int(
                c.execute(
                    text(
                        "SELECT COUNT(*) FROM class_answers WHERE class_id = :id AND step = :s "
                        "AND round = :r"
                    ),
                    {"id": state.id, "s": step, "r": round_},
                ).scalar_one()
            )

    def students(self, state: ClassState) -> int:
        """How many students joined (the projector shows it: an inflated count is seen)."""
        with self.engine.connect() as c:
            return int(
                c.execute(
                    text("SELECT COUNT(*) FROM class_students WHERE class_id = :id"),
                    {"id": state.id},
                ).scalar_one()
            )

    def distribution(self, state: ClassState, step: int) -> dict[int, dict[str, int]]:
        """round -> answer -> how many chose it, for one step."""
        with self.engine.connect() as c:
            rows = c.execute(
                text(
                    "SELECT round, answer, COUNT(*) AS n FROM class_answers WHERE class_id = :id "
                    "AND step = :s GROUP BY round, answer ORDER BY round, answer"
                ),
                {"id": state.id, "s": step},
            )
            out: dict[int, dict[str, int]] = {}
            for r in rows:
                out.setdefault(int(r.round), {})[r.answer] = int(r.n)
        return out

    def results(
        self, code: str, key: str, now: float, nicknames: bool = False
    ) -> list[tuple[object, ...]]:
        """Teacher only: (step, round, answer, count) per answer given, in order; with
        `nicknames`, (step, round, answer, nickname) per student instead."""
        state = self._teacher(code, key, now)
        with self.engine.connect() as c:
            if nicknames:
                rows = c.execute(
                    text(
                        "SELECT a.step, a.round, a.answer, COALESCE(s.nickname, '') AS nick "
                        "FROM class_answers a LEFT JOIN class_students s "
                        "ON s.class_id = a.class_id AND s.student = a.student "
                        "WHERE a.class_id = :id ORDER BY a.step, a.round, a.answer, nick"
                    ),
                    {"id": state.id},
                )
            else:
                rows = c.execute(
                    text(
                        "SELECT step, round, answer, COUNT(*) AS n FROM class_answers "
                        "WHERE class_id = :id GROUP BY step, round, answer "
                        "ORDER BY step, round, answer"
                    ),
                    {"id": state.id},
                )
            return [tuple(r) for r in rows]

    def answers_by_student(
        self, code: str, key: str, now: float
    ) -> list[tuple[str, dict[tuple[int, int], str]]]:
        """Teacher only: (nickname, {(step, round): answer}) for every student, in the order
        they joined (a student who answered nothing too)."""
        state = self._teacher(code, key, now)
        with self.engine.connect() as c:
            students = c.execute(
                text(
                    "SELECT student, nickname FROM class_students WHERE class_id = :id "
                    "ORDER BY joined, student"
                ),
                {"id": state.id},
            ).all()
            answers = c.execute(
                text("SELECT student, step, round, answer FROM class_answers WHERE class_id = :id"),
                {"id": state.id},
            )
            given: dict[str, dict[tuple[int, int], str]] = {}
            for r in answers:
                given.setdefault(r.student, {})[(int(r.step), int(r.round))] = r.answer
        return [(r.nickname, given.get(r.student, {})) for r in students]

    # ---- the students' own sentences --------------------------------------------------------

    def submit_sentence(
        self, code: str, student: str, sentence: str, step: int, now: float
    ) -> tuple[str, Cleaned]:
        """Keep this student's sentence for the step that asks for them, `step` (one per
        student: a new one replaces theirs while it is not on the projector). The outcome:
        "taken"; "empty"; "closed" (the class is on another step, paused, or gone, or this is no
        student of it); "shown" (theirs is on the projector: it stays as the teacher chose it).
        With the sentence as cleaned (one line, no bidi control, cut at MAX_SENTENCE)."""
        cleaned = one_line(sentence, MAX_SENTENCE)
        state = self.find(code, now)
        if not cleaned.text:
            return "empty", cleaned
        if state is None or state.step != step or state.paused:
            return "closed", cleaned
        if state.shown_student == student:
            return "shown", cleaned
        with self.engine.begin() as c:
            done = c.execute(
                text(
                    "INSERT INTO class_sentences (class_id, student, sentence, at, status) "
                    "SELECT c.id, s.student, :s, :now, 'new' FROM classes c "
                    "JOIN class_students s ON s.class_id = c.id AND s.student = :st "
                    "WHERE c.id = :id AND c.step = :step AND c.paused = 0 "
                    "AND (c.shown_student IS NULL OR c.shown_student <> :st) "
                    "ON CONFLICT (class_id, student) DO UPDATE SET sentence = excluded.sentence, "
                    "at = excluded.at, status = 'new'"
                ),
                {"id": state.id, "st": student[:32], "s": cleaned.text, "now": now, "step": step},
            ).rowcount
        return ("taken" if done == 1 else "closed"), cleaned

    def _sentence_status(self, state: ClassState, student: str, status: str) -> None:
        with self.engine.begin() as c:
            c.execute(
                text(
                    "UPDATE class_sentences SET status = :status "
                    "WHERE class_id = :id AND student = :st"
                ),
                {"id": state.id, "st": student, "status": status},
            )

    def show_sentence(self, code: str, key: str, student: str | None, now: float) -> None:
        """Put one student's sentence on the projector, its text frozen as it is now (None:
        take the shown one down, as `hide_sentence`)."""
        state = self._teacher(code, key, now)
        if student is None:
            self.hide_sentence(code, key, now)
            return
        with self.engine.connect() as c:
            sentence = c.execute(
                text(
                    "SELECT sentence FROM class_sentences WHERE class_id = :id AND student = :st "
                    "AND status <> 'removed'"
                ),
                {"id": state.id, "st": student},
            ).scalar()
        if sentence is None:
            return
        if state.shown_student is not None and state.shown_student != student:
            self._sentence_status(state, state.shown_student, "hidden")
        self._set(state, shown_student=student, shown_text=sentence)
        self._sentence_status(state, student, "shown")

    def hide_sentence(self, code: str, key: str, now: float) -> None:
        """Take the shown sentence off the projector (it stays in the gallery, as hidden)."""
        state = self._teacher(code, key, now)
        if state.shown_student is not None:
            self._sentence_status(state, state.shown_student, "hidden")
        self._set(state, shown_student=None, shown_text=None)

    def remove_sentence(self, code: str, key: str, student: str, now: float) -> None:
        """Take a sentence out of the gallery (and off the projector, if it is shown); the
        results file still says it was removed."""
        state = self._teacher(code, key, now)
        if state.shown_student == student:
            self._set(state, shown_student=None, shown_text=None)
        self._sentence_status(state, student, "removed")

    def sentence_count(self, code: str, key: str, now: float, removed: bool = False) -> int:
        """Teacher only: how many sentences the gallery holds (with `removed`: those too)."""
        state = self._teacher(code, key, now)
        with self.engine.connect() as c:
            return int(
                c.execute(
                    text(
                        "SELECT COUNT(*) FROM class_sentences WHERE class_id = :id "
                        "AND (:removed OR status <> 'removed')"
                    ),
                    {"id": state.id, "removed": removed},
                ).scalar_one()
            )

    def sentences(
        self,
        code: str,
        key: str,
        now: float,
        offset: int = 0,
        limit: int | None = None,
        removed: bool = False,
    ) -> list[tuple[str, str, str]]:
        """Teacher only: (student, sentence, status) oldest first, a page of them from
        `offset` (at most `limit`); removed ones only with `removed`."""
        state = self._teacher(code, key, now)
        page = "" if limit is None else " LIMIT :limit OFFSET :offset"
        with self.engine.connect() as c:
            rows = c.execute(
                text(
                    "SELECT student, sentence, status FROM class_sentences WHERE class_id = :id "
                    "AND (:removed OR status <> 'removed') ORDER BY at, student" + page
                ),
                {"id": state.id, "removed": removed, "limit": limit, "offset": max(0, offset)},
            )
            return [(r.student, r.sentence, r.status) for r in rows]

    def shown_sentence(self, state: ClassState) -> str | None:
        """The sentence the teacher put on the projector, as it was when shown."""
        return state.shown_text
