"""The bench's one timing loop."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Timings:
    wall: list[float]  # s per call
    cpu: list[float]  # s of this process's CPU per call (all its threads)


def timings(fn: Callable[[], object], runs: int) -> Timings:
    """Call fn `runs` times; the wall and CPU seconds of each call."""
    wall, cpu = [], []
    for _ in range(runs):
        c, w = time.process_time(), time.perf_counter()
        fn()
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
    return Timings(wall, cpu)


def median_seconds(fn: Callable[[], object], runs: int) -> float:
    """Median wall seconds of one call of fn."""
    return statistics.median(timings(fn, runs).wall)
