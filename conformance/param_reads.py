"""Which ruleset parameters the in-process engine's games read (``phom-conformance readings``
prunes its replays with it).

The engine takes a game's parameters from ``reference_impl.params.params_of`` (the seam the
mutants patch too) and reads them as attributes. While :func:`tracking` is open, each game
gets a copy that notes the dotted name of every parameter read. The engine is deterministic:
a game whose every parameter read has the same value under other parameters makes the same
moves and gives the same replies.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from reference_impl import params
from reference_impl.params import NAMES, Params, field_name

#: Parameter attribute -> dotted name.
_DOTTED = {field_name(n): n for n in NAMES}


class RecordingParams(Params):
    """Parameters that add the dotted name of each one read to their set ``read``."""

    __slots__ = ("read",)

    def __getattribute__(self, name: str) -> Any:
        if name in _DOTTED:
            object.__getattribute__(self, "read").add(_DOTTED[name])
        return object.__getattribute__(self, name)


def recording(p: Params, names: set[str]) -> RecordingParams:
    """A copy of ``p`` that records every parameter read into ``names``."""
    copy: RecordingParams = object.__new__(RecordingParams)
    for attr in _DOTTED:
        object.__setattr__(copy, attr, object.__getattribute__(p, attr))
    object.__setattr__(copy, "read", names)
    return copy


@contextmanager
def tracking() -> Iterator[list[set[str]]]:
    """While open, every game the in-process engine starts plays by recording parameters;
    yields the list of their sets of names read, one per game started, in order. A game
    started without ``params_of`` is not in the list."""
    made: list[set[str]] = []
    original = params.params_of

    def params_of(rs: Any) -> Params:
        names: set[str] = set()
        made.append(names)
        return recording(original(rs), names)

    params.params_of = params_of
    try:
        yield made
    finally:
        params.params_of = original
