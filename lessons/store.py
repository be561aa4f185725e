"""A class's state and its students' answers in a SQL database: SQLite by default, PostgreSQL
when one is configured. One schema and one code path (plain SQL both dialects accept).

It never imports Streamlit: the pages pass in an engine (connection.py beside it takes it from
`st.connection`), tests make their own. Every teacher action takes the teacher key and checks it
in constant time; every time is passed in (`now`, seconds since the epoch) so tests can move it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine, create_engine, event, text

SCHEMA_VERSION = 1
CLASS_HOURS = 12.0  # a class expires this long after it starts
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read off a projector
CODE_LENGTH = 6
KEY_BYTES = 18  # secrets.token_urlsafe: 144 bits
STUDENT_BYTES = 12  # a student's own token (in their page address only)
MAX_NICKNAME = 24
MAX_SENTENCE = 120
MAX_ANSWER = 16  # an option id ("3", "yes", "positive")
MAX_LESSON = 64 * 1024  # characters of a class's own lesson file (lessons/lesson_file.py)
WRONG_CODES_PER_MINUTE = 10
PHASES = ("ask", "open", "revealed")  # a step's question: not yet open, voting, answer shown

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
        expires DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS class_students (
        class_id VARCHAR(32) NOT NULL,
        student VARCHAR(32) NOT NULL,
        nickname VARCHAR(24) NOT NULL DEFAULT '',
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
        PRIMARY KEY (class_id, student))""",
    # a class's own lesson file, when the teacher chose one (none: the built-in lesson); a
    # table of its own, so a database made before lessons were files needs no migration
    """CREATE TABLE IF NOT EXISTS class_lessons (
        class_id VARCHAR(32) PRIMARY KEY,
        digest VARCHAR(64) NOT NULL,
        source TEXT NOT NULL)""",
)
_OWN_TABLES = ("class_answers", "class_sentences", "class_students", "class_lessons")


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

    @property
    def voting(self) -> bool:
        return self.phase == "open" and not self.paused


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


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_code(raw: str) -> str:
    """What a student typed as a code, as the store keeps codes (upper case, no spaces)."""
    return "".join(raw.split()).upper()[: CODE_LENGTH * 2]


def new_student() -> str:
    return secrets.token_urlsafe(STUDENT_BYTES)


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class CodeAttempts:
    """Wrong join codes of one browser session in the last minute (at most
    WRONG_CODES_PER_MINUTE are tried; then the session waits)."""

    def __init__(self) -> None:
        self._wrong: deque[float] = deque()

    def _forget(self, now: float) -> None:
        while self._wrong and self._wrong[0] <= now - 60:
            self._wrong.popleft()

    def allowed(self, now: float) -> bool:
        self._forget(now)
        return len(self._wrong) < WRONG_CODES_PER_MINUTE

    def wait(self, now: float) -> float:
        """Seconds until another try is allowed (0 when it is)."""
        return 0.0 if self.allowed(now) else self._wrong[0] + 60 - now

    def failed(self, now: float) -> None:
        self._wrong.append(now)


class ClassStore:
    """Classes, their students, answers and sentences, in one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
            engine.dispose()  # connections opened before the listener get the pragmas too
        with engine.begin() as c:
            for statement in _SCHEMA:
                c.execute(text(statement))
            found = c.execute(
                text("SELECT value FROM class_meta WHERE name = 'schema_version'")
            ).scalar()
            if found is None:
                c.execute(
                    text("INSERT INTO class_meta (name, value) VALUES ('schema_version', :v)"),
                    {"v": str(SCHEMA_VERSION)},
                )
            elif found != str(SCHEMA_VERSION):
                raise SchemaMismatch(f"database schema {found}, this app writes {SCHEMA_VERSION}")

    @property
    def schema_version(self) -> int:
        with self.engine.connect() as c:
            value = c.execute(
                text("SELECT value FROM class_meta WHERE name = 'schema_version'")
            ).scalar_one()
        return int(value)

    # ---- starting, finding, ending --------------------------------------------------------

    def start(self, sentence: str, now: float, hours: float = CLASS_HOURS) -> tuple[str, str]:
        """A new class on `sentence`: (its join code, the teacher key)."""
        self.purge_expired(now)
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
                        "s": sentence[:MAX_SENTENCE],
                        "now": now,
                        "exp": now + hours * 3600,
                    },
                )
            return code, key
        raise RuntimeError("no free join code after 20 tries")

    def find(self, code: str, now: float) -> ClassState | None:
        """The live class of this join code, or None (unknown or expired)."""
        with self.engine.connect() as c:
            row = c.execute(
                text(
                    "SELECT c.id, c.code, c.sentence, c.step, c.round, c.phase, c.paused, "
                    "c.shown_student, c.expires, l.digest FROM classes c "
                    "LEFT JOIN class_lessons l ON l.class_id = c.id "
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
        assert state is not None
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

    def open_voting(self, code: str, key: str, now: float) -> None:
        """Take answers for the current round (again, after a reveal: answers change again)."""
        self._set(self._teacher(code, key, now), phase="open")

    def reveal(self, code: str, key: str, now: float) -> None:
        self._set(self._teacher(code, key, now), phase="revealed")

    def vote_again(self, code: str, key: str, now: float) -> None:
        """A second (third, ...) round of the same question, open at once."""
        state = self._teacher(code, key, now)
        self._set(state, round=state.round + 1, phase="open")

    def pause(self, code: str, key: str, paused: bool, now: float) -> None:
        self._set(self._teacher(code, key, now), paused=int(paused))

    def show_sentence(self, code: str, key: str, student: str | None, now: float) -> None:
        """Put one student's sentence on the projector (None: none)."""
        self._set(self._teacher(code, key, now), shown_student=student)

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

    def join(self, code: str, student: str, nickname: str, now: float) -> ClassState | None:
        """Add (or rename) a student; the class, or None when the code opens none."""
        state = self.find(code, now)
        if state is None:
            return None
        params = {"id": state.id, "st": student[:32], "nick": nickname.strip()[:MAX_NICKNAME]}
        with self.engine.begin() as c:
            c.execute(
                text(
                    "INSERT INTO class_students (class_id, student, nickname) "
                    "VALUES (:id, :st, :nick) ON CONFLICT (class_id, student) "
                    "DO UPDATE SET nickname = excluded.nickname"
                ),
                params,
            )
        return state

    def answer(self, code: str, student: str, step: int, answer: str, now: float) -> bool:
        """Record (or change) this student's answer to the current round of `step`; False
        when the class takes no answer for it now (not open, revealed, paused, another step)."""
        with self.engine.begin() as c:
            done = c.execute(
                text(
                    "INSERT INTO class_answers (class_id, student, step, round, answer, at) "
                    "SELECT id, :st, step, round, :ans, :now FROM classes "
                    "WHERE code = :code AND expires > :now AND step = :step "
                    "AND phase = 'open' AND paused = 0 "
                    "ON CONFLICT (class_id, student, step, round) "
                    "DO UPDATE SET answer = excluded.answer, at = excluded.at"
                ),
                {
                    "st": student[:32],
                    "ans": answer[:MAX_ANSWER],
                    "now": now,
                    "code": clean_code(code),
                    "step": step,
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

    # ---- the students' own sentences --------------------------------------------------------

    def submit_sentence(self, code: str, student: str, sentence: str, now: float) -> bool:
        """Keep this student's sentence (one per student: a new one replaces it)."""
        state = self.find(code, now)
        cleaned = " ".join(sentence.split())[:MAX_SENTENCE]
        if state is None or not cleaned:
            return False
        with self.engine.begin() as c:
            c.execute(
                text(
                    "INSERT INTO class_sentences (class_id, student, sentence, at) "
                    "VALUES (:id, :st, :s, :now) ON CONFLICT (class_id, student) "
                    "DO UPDATE SET sentence = excluded.sentence, at = excluded.at"
                ),
                {"id": state.id, "st": student[:32], "s": cleaned, "now": now},
            )
        return True

    def sentences(self, code: str, key: str, now: float) -> list[tuple[str, str]]:
        """Teacher only: (student, sentence) for every sentence sent, oldest first."""
        state = self._teacher(code, key, now)
        with self.engine.connect() as c:
            rows = c.execute(
                text(
                    "SELECT student, sentence FROM class_sentences WHERE class_id = :id "
                    "ORDER BY at, student"
                ),
                {"id": state.id},
            )
            return [(r.student, r.sentence) for r in rows]

    def shown_sentence(self, state: ClassState) -> str | None:
        """The sentence the teacher put on the projector, if any."""
        if state.shown_student is None:
            return None
        with self.engine.connect() as c:
            return c.execute(
                text("SELECT sentence FROM class_sentences WHERE class_id = :id AND student = :st"),
                {"id": state.id, "st": state.shown_student},
            ).scalar()
