"""The bench's one timing loop, and the percentiles its tables show."""

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


def percentile(values: list[float], q: float) -> float:
    """The value at quantile q (0..1) of values, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def spread_cells(seconds: list[float]) -> str:
    """p50, p95 and max of `seconds` as three markdown table cells."""
    cells = (percentile(seconds, 0.5), percentile(seconds, 0.95), max(seconds))
    return " | ".join(f"{x:.2f}" for x in cells)
