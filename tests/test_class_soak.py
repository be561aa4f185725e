"""Class store under load (make soak / make bench, not make test): 200 simulated students
join and answer one question at once, each on its own thread, through the store alone (no
Streamlit); every answer is stored once, within 10 s, with p95 submit -> stored under 0.5 s.

It measures the database path (SQLite in WAL mode with its busy timeout, or PostgreSQL when
CLASSROOM_TEST_PG_URL is set), not a page's cost per student."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from live_class.store import ClassStore
from tests.test_class_store import db  # noqa: F401  (the fixture: SQLite, PostgreSQL)

pytestmark = pytest.mark.soak
STUDENTS = 200
OPTIONS = tuple(str(i) for i in range(5))
THREADS = 32  # concurrent submitters (a server's script threads)


def test_200_students_answer_one_question(db):  # noqa: F811
    store = ClassStore(db())
    now = time.time()
    code, key = store.start("The black cat drank the milk", now)
    store.open_voting(code, key, now)

    def one(i: int) -> float:
        student = store.admit(code, None, f"10.9.{i // 250}.{i % 250}", time.time())
        begin = time.perf_counter()
        assert store.answer(code, student, 0, 1, str(i % 5), OPTIONS, time.time())
        return time.perf_counter() - begin

    start = time.perf_counter()
    with ThreadPoolExecutor(THREADS) as pool:
        latencies = np.array(list(pool.map(one, range(STUDENTS))))
    total = time.perf_counter() - start
    state = store.find(code, time.time())
    p95 = float(np.percentile(latencies, 95))
    name = store.engine.dialect.name
    print(f"\n{name}: {STUDENTS} students in {total:.2f} s, p95 {p95 * 1000:.0f} ms")
    assert store.count(state, 0, 1) == STUDENTS
    assert total < 10 and p95 < 0.5
