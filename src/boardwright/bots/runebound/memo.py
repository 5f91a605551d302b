"""A memo with a bounded number of entries, for the caches the bots share within a process
(fight tables, values): a long simulation must not grow without end."""

from __future__ import annotations

from itertools import islice
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedMemo(Generic[K, V]):
    """A dict of at most ``limit`` entries. When full, the older half goes (dicts keep insertion
    order): clearing it all would throw away what the current game is still asking for. Entries
    must be pure functions of their keys, so dropping one never changes an answer."""

    __slots__ = ("_entries", "limit")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._entries: dict[K, V] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: K) -> V | None:
        return self._entries.get(key)

    def put(self, key: K, value: V) -> None:
        entries = self._entries
        if len(entries) >= self.limit and key not in entries:
            for old in list(islice(entries, len(entries) // 2 or 1)):
                del entries[old]
        entries[key] = value

    def clear(self) -> None:
        self._entries.clear()
