"""A small bounded memo: what a server made of a request's members (a session replays the
same tables and deals: the ruleset is resolved and the deal checked once per session), and
other values that a process makes again and again from the same parts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Memo(Generic[T]):
    """``get(parts, make)``: ``make()``'s value for ``parts`` (request members, told apart by
    their ``repr``: a list from a tuple, ``1`` from ``True`` or ``"1"``), made once while kept;
    the ``size`` most recent are kept. Only a value is kept: a ``make`` that raises raises
    again the next time."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._kept: dict[str, T] = {}

    def get(self, parts: Any, make: Callable[[], T]) -> T:
        key = repr(parts)
        kept = self._kept.get(key)
        if kept is None:
            kept = make()
            if len(self._kept) >= self.size:
                del self._kept[next(iter(self._kept))]
            self._kept[key] = kept
        return kept
