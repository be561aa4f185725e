"""The one training queue of a server process: every training run (page 7's live runs, and a
run the "Trained" source or a link asks for) trains in turns, first come first served, on a
thread that gives way to other students' page views."""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

TRAINING_NICE = 10  # a training thread gives way to other students' page views (Linux nice)
RUNS_AT_ONCE = 1  # runs training at once in one process; the others wait their turn
WAIT_POLL_SECONDS = 0.2  # a waiting run looks at the queue (and at a Stop click) this often


class TrainingTurns:
    """Live runs of one process train in turns, first pressed first served.

    Python runs one thread at a time (the GIL), so ten runs at once would each get a tenth of
    it and a student opening a page an eleventh. In turns, the page shares it with one run, and
    runs end sooner: of ten 2,000-step runs, half end within 8 s and the last after about 16 s,
    instead of all after about 42 s (make bench). A run that is stopped or left gives up its
    place.
    """

    def __init__(self, at_once: int) -> None:
        self.at_once = at_once
        self._queue: deque[object] = deque()  # tokens of the runs training, then those waiting
        self._changed = threading.Condition()

    @contextmanager
    def place(self) -> Iterator[object]:
        token = object()
        with self._changed:
            self._queue.append(token)
        try:
            yield token
        finally:
            with self._changed:
                self._queue.remove(token)
                self._changed.notify_all()

    def ahead(self, token: object) -> int:
        """How many runs must end before this one may train (0: it may train now)."""
        with self._changed:
            return max(0, self._queue.index(token) - self.at_once + 1)

    def wait(self, seconds: float) -> None:
        with self._changed:
            self._changed.wait(seconds)


TURNS = TrainingTurns(RUNS_AT_ONCE)  # one per server process, shared by every session


def give_way_to_pages() -> None:
    """Lower the CPU priority of this script run's thread, which trains for up to a few
    seconds: when a class trains at once, a student opening a page is served first. Linux
    gives each thread its own nice value, and the thread ends with this session's run (and the
    re-run it asks for when done), so no other run is affected. Elsewhere, nothing changes."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), TRAINING_NICE)
    except (AttributeError, OSError):
        pass
