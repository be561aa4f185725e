"""The classroom store on SQLite and, when CLASSROOM_TEST_PG_URL names a database, PostgreSQL
(.ci/run sets it): one vote per student and round, changes until the reveal, expiry, the
teacher key, ending a class, a restart, and the exports."""

from __future__ import annotations

import csv
import io
import os
import secrets

import pytest
from sqlalchemy import create_engine, text

from core.export import table_csv
from lessons import store as class_store
from lessons.store import (
    CODE_ALPHABET,
    CODE_LENGTH,
    WRONG_CODES_PER_MINUTE,
    ClassStore,
    CodeAttempts,
    NotTeacher,
    engine_for,
)

PG_URL = os.environ.get("CLASSROOM_TEST_PG_URL")
T0 = 1_700_000_000.0


def _pg_schema() -> str:
    """A fresh schema of its own in the test database, so parallel workers never meet."""
    schema = "t_" + secrets.token_hex(6)
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f"CREATE SCHEMA {schema}"))
    admin.dispose()
    return schema


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path):
    """A database URL-maker: calling it again gives a new engine on the same database."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path}/class.db"
        yield lambda: engine_for(url)
        return
    if not PG_URL:
        pytest.skip("CLASSROOM_TEST_PG_URL is not set: PostgreSQL tests run in CI (.ci/run)")
    schema = _pg_schema()

    def make():
        return create_engine(PG_URL, connect_args={"options": f"-csearch_path={schema}"})

    yield make
    _drop_schema(schema)


def _drop_schema(schema: str) -> None:
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


@pytest.fixture
def store(db):
    return ClassStore(db())


def _voting(store: ClassStore, now: float = T0) -> tuple[str, str]:
    code, key = store.start("The black cat drank the milk", now)
    store.open_voting(code, key, now)
    return code, key


def test_schema_version_is_recorded(store):
    assert store.schema_version == class_store.SCHEMA_VERSION


def test_codes_and_keys(store):
    code, key = store.start("a b", T0)
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert not set(CODE_ALPHABET) & set("0O1IL")
    assert len(key) >= 22  # token_urlsafe(18): 144 bits
    assert store.find(code.lower(), T0 + 1).code == code  # typed in lower case, with spaces
    assert store.find(" ".join(code), T0 + 1) is not None


def test_one_answer_per_student_and_round(store):
    code, _key = _voting(store)
    assert store.answer(code, "alice", 0, "1", T0)
    assert store.answer(code, "alice", 0, "1", T0 + 1)  # a reload or a second tab sends again
    assert store.answer(code, "bob", 0, "2", T0 + 1)
    state = store.find(code, T0 + 2)
    assert store.count(state, 0, 1) == 2
    assert store.distribution(state, 0) == {1: {"1": 1, "2": 1}}


def test_answer_changes_until_reveal_then_is_fixed(store):
    code, key = _voting(store)
    store.answer(code, "alice", 0, "1", T0)
    assert store.answer(code, "alice", 0, "3", T0 + 1)
    store.reveal(code, key, T0 + 2)
    assert not store.answer(code, "alice", 0, "4", T0 + 3)
    assert not store.answer(code, "carol", 0, "4", T0 + 3)
    state = store.find(code, T0 + 4)
    assert store.my_answer(state, "alice", 0, 1) == "3"
    assert store.distribution(state, 0) == {1: {"3": 1}}


def test_no_answer_before_opening_while_paused_or_for_another_step(store):
    code, key = store.start("a b c", T0)
    assert not store.answer(code, "alice", 0, "1", T0)  # not open yet
    store.open_voting(code, key, T0)
    store.pause(code, key, True, T0)
    assert not store.answer(code, "alice", 0, "1", T0)
    store.pause(code, key, False, T0)
    assert not store.answer(code, "alice", 1, "1", T0)  # not the current step
    assert store.answer(code, "alice", 0, "1", T0)


def test_vote_again_keeps_both_rounds(store):
    code, key = _voting(store)
    store.answer(code, "alice", 0, "1", T0)
    store.answer(code, "bob", 0, "1", T0)
    store.reveal(code, key, T0)
    store.vote_again(code, key, T0)
    store.answer(code, "alice", 0, "2", T0)
    state = store.find(code, T0)
    assert state.round == 2 and state.voting
    assert store.distribution(state, 0) == {1: {"1": 2}, 2: {"2": 1}}
    store.go_to(code, key, 3, T0)
    store.go_to(code, key, 0, T0)  # back to the step: a new round, the old ones kept
    state = store.find(code, T0)
    assert (state.step, state.round, state.phase) == (0, 3, "ask")


def test_every_teacher_action_checks_the_key(store):
    code, key = store.start("a b c", T0)
    _other_code, other_key = store.start("a b c", T0)
    for wrong in ("", key[:-1] + ("A" if key[-1] != "A" else "B"), other_key):
        for action in (
            lambda k: store.open_voting(code, k, T0),
            lambda k: store.reveal(code, k, T0),
            lambda k: store.vote_again(code, k, T0),
            lambda k: store.go_to(code, k, 2, T0),
            lambda k: store.pause(code, k, True, T0),
            lambda k: store.show_sentence(code, k, "x", T0),
            lambda k: store.results(code, k, T0),
            lambda k: store.sentences(code, k, T0),
            lambda k: store.end(code, k, T0),
        ):
            with pytest.raises(NotTeacher):
                action(wrong)
    state = store.find(code, T0)
    assert (state.step, state.phase, state.paused) == (0, "ask", False)
    assert store.is_teacher(code, key, T0) and not store.is_teacher(code, other_key, T0)


def test_classes_expire_after_12_hours(store):
    code, key = _voting(store)
    store.answer(code, "alice", 0, "1", T0)
    hours = class_store.CLASS_HOURS * 3600
    assert store.find(code, T0 + hours - 1) is not None
    assert store.find(code, T0 + hours) is None
    assert not store.is_teacher(code, key, T0 + hours)
    assert not store.answer(code, "bob", 0, "1", T0 + hours)
    assert store.purge_expired(T0 + hours) == 1
    with store.engine.connect() as c:
        assert c.execute(text("SELECT COUNT(*) FROM class_answers")).scalar_one() == 0


def test_ending_a_class_deletes_its_answers_only(store):
    code, key = _voting(store)
    other, other_key = _voting(store)
    store.join(code, "alice", "Al", T0)
    store.answer(code, "alice", 0, "1", T0)
    store.submit_sentence(code, "alice", "my own words", T0)
    store.answer(other, "bob", 0, "2", T0)
    store.end(code, key, T0)
    assert store.find(code, T0) is None
    with store.engine.connect() as c:
        for table in ("class_answers", "class_sentences", "class_students"):
            left = c.execute(text(f"SELECT COUNT(*) FROM {table} WHERE student = 'alice'"))
            assert left.scalar_one() == 0, table
    assert store.results(other, other_key, T0) == [(0, 1, "2", 1)]


def test_a_restart_keeps_answers_and_the_step(db):
    first = ClassStore(db())
    code, key = _voting(first)
    first.go_to(code, key, 2, T0)
    first.open_voting(code, key, T0)
    first.answer(code, "alice", 2, "1", T0)
    first.engine.dispose()
    again = ClassStore(db())  # a new process on the same database
    state = again.find(code, T0 + 5)
    assert (state.step, state.phase) == (2, "open")
    assert again.my_answer(state, "alice", 2, 1) == "1"
    assert again.is_teacher(code, key, T0 + 5)


def test_results_hide_nicknames_unless_asked_and_csv_is_inert(store):
    code, key = _voting(store)
    store.join(code, "alice", '=HYPERLINK("http://x")', T0)
    store.join(code, "bob", "x" * 100, T0)
    store.answer(code, "alice", 0, "=1+1", T0)
    store.answer(code, "bob", 0, "1", T0)
    rows = store.results(code, key, T0)
    assert rows == [(0, 1, "1", 1), (0, 1, "=1+1", 1)]
    named = store.results(code, key, T0, nicknames=True)
    assert ("x" * class_store.MAX_NICKNAME) in {r[3] for r in named}
    out = table_csv(("step", "round", "answer", "nickname"), named)
    cells = [cell for row in csv.reader(io.StringIO(out)) for cell in row]
    assert all(not cell.startswith(("=", "+", "-", "@")) for cell in cells)
    assert '\'=HYPERLINK("http://x")' in cells


def test_sentences_reach_the_projector_only_when_shown(store):
    code, key = store.start("a b", T0)
    assert store.submit_sentence(code, "alice", "  the <b>dog</b>\n barked  ", T0)
    assert not store.submit_sentence(code, "bob", "   ", T0)
    assert not store.submit_sentence("ZZZZZZ", "bob", "hello", T0)
    state = store.find(code, T0)
    assert store.shown_sentence(state) is None
    assert store.sentences(code, key, T0) == [("alice", "the <b>dog</b> barked")]
    store.show_sentence(code, key, "alice", T0)
    assert store.shown_sentence(store.find(code, T0)) == "the <b>dog</b> barked"
    store.submit_sentence(code, "carol", "y" * 1000, T0)
    assert max(len(s) for _, s in store.sentences(code, key, T0)) == class_store.MAX_SENTENCE


def test_wrong_codes_are_limited_per_minute():
    attempts = CodeAttempts()
    for i in range(WRONG_CODES_PER_MINUTE):
        assert attempts.allowed(T0 + i)
        attempts.failed(T0 + i)
    assert not attempts.allowed(T0 + 30)
    assert attempts.wait(T0 + 30) == pytest.approx(30)
    assert attempts.allowed(T0 + 60)  # the first wrong code is a minute old


def test_sqlite_file_is_in_wal_mode(tmp_path):
    store = ClassStore(engine_for(f"sqlite:///{tmp_path}/sub/class.db"))
    with store.engine.connect() as c:
        assert c.execute(text("PRAGMA journal_mode")).scalar() == "wal"


def test_another_schema_version_is_refused(tmp_path):
    url = f"sqlite:///{tmp_path}/class.db"
    ClassStore(engine_for(url))
    with engine_for(url).begin() as c:
        c.execute(text("UPDATE class_meta SET value = '99' WHERE name = 'schema_version'"))
    with pytest.raises(class_store.SchemaMismatch):
        ClassStore(engine_for(url))


def test_a_class_keeps_its_own_lesson_for_every_replica_and_a_restart(db):
    """The lesson file lives in the class's database rows: a second engine (another replica,
    or the app after a restart) reads the same one; choosing it restarts the class at step 1
    and forgets the old lesson's answers; ending the class deletes it."""
    first = ClassStore(db())
    code, key = _voting(first)
    first.answer(code, "s1", 0, "1", T0)
    first.go_to(code, key, 2, T0)
    source = 'title.en = "Mine"\nlanguages = ["en"]\n# 中文 too\n'
    first.set_lesson(code, key, source, T0)
    replica = ClassStore(db())
    state = replica.find(code, T0)
    assert state.lesson is not None and (state.step, state.round, state.phase) == (0, 1, "ask")
    assert replica.lesson_source(state.id) == source
    assert replica.count(state, 0, 1) == 0  # the old lesson's answers are gone
    with pytest.raises(class_store.NotTeacher):
        replica.set_lesson(code, "wrong", "x", T0)
    with pytest.raises(ValueError):
        replica.set_lesson(code, key, "x" * (class_store.MAX_LESSON + 1), T0)
    replica.set_lesson(code, key, None, T0)  # back to the built-in lesson
    assert replica.find(code, T0).lesson is None and replica.lesson_source(state.id) is None
    replica.set_lesson(code, key, source, T0)
    replica.end(code, key, T0)
    assert first.lesson_source(state.id) is None
