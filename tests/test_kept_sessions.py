"""Closed sessions a server keeps for a reconnect are bounded (ui/reconnect.py): Streamlit's
own store keeps 128 for two minutes; the app keeps KEPT_SESSIONS, the newest."""

from __future__ import annotations

from streamlit.runtime.memory_session_storage import MemorySessionStorage

from ui.reconnect import KEPT_SESSIONS, bound_storage


class _Info:
    def __init__(self, i: int) -> None:
        self.i = i


def test_streamlits_store_is_bounded_to_a_class_keeping_the_newest() -> None:
    storage = MemorySessionStorage()
    assert storage._cache.maxsize == 128  # Streamlit 1.67's default, which this bounds
    for i in range(100):
        storage._cache[f"s{i}"] = _Info(i)
    ttl = storage._cache.ttl
    assert bound_storage(storage, KEPT_SESSIONS) == KEPT_SESSIONS == 32
    assert storage._cache.maxsize == 32 and storage._cache.ttl == ttl
    assert sorted(info.i for info in storage._cache.values()) == list(range(68, 100))
    for i in range(100, 140):  # new closed sessions push out the oldest
        storage._cache[f"s{i}"] = _Info(i)
    assert len(storage._cache) == 32 and storage.get("s139") is not None


def test_anything_else_is_left_alone() -> None:
    assert bound_storage(object(), KEPT_SESSIONS) == 0
    small = MemorySessionStorage(maxsize=8)
    assert bound_storage(small, KEPT_SESSIONS) == 8  # already within the bound
