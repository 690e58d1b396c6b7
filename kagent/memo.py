"""A bounded memo keyed by content: the result of a pure analysis of some texts, computed once per
distinct content.

One repair verifies, guards, screens and reports the same candidate and reference sources several
times; the analyses that read them statically (the static anti-cheat, tools.problem's
inspection) keep their results here instead of repeating them. Texts are keyed by their SHA-256
(the memo holds digests, not sources); the least recently used entry goes when it is full.
Thread-safe: the MCP server may verify from several threads.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


def text_digest(text: str | None) -> str | None:
    """SHA-256 of `text` (None stays None: "no text" is a key of its own)."""
    return None if text is None else hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class ContentMemo(Generic[T]):
    """`get(key, compute)`: compute's value for `key`, computed at most once while it is kept.
    Exceptions are not kept (a failing input is recomputed, and raises again)."""

    def __init__(self, maxsize: int = 128):
        self.maxsize = maxsize
        self._entries: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                return self._entries[key]
        value = compute()  # outside the lock: two threads may compute the same key once each
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.maxsize:
                self._entries.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
