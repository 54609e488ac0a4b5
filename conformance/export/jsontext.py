"""Indented JSON text, fast: the text ``json.dumps(value, ensure_ascii=False, indent=1)`` gives,
character for character.

With an indent, the standard library encodes in pure Python (its C encoder knows no
indentation), through one generator per nesting level: a fifth of an ``export``'s CPU. Here each
container's items are joined by the separator of its depth (a comma, a newline and one space
per level) in one ``str.join`` over ``map``, strings written by the C ``encode_basestring``,
numbers by ``int.__repr__`` and ``float.__repr__``, as json.dumps writes them. A value with
anything else (a subclass of a JSON type, a type that needs ``default``, a key that is not a
string, nesting past 900 levels) is left to ``json.dumps``, which writes or raises what it
always does.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json.encoder import encode_basestring  # the C version, where the accelerator is built
from typing import Any


class _Unknown(Exception):
    """A value :func:`dumps` leaves to ``json.dumps``."""


def _float(o: float) -> str:
    # json.encoder's floatstr, allow_nan as json.dumps has it
    if o != o:
        return "NaN"
    if o == _INF:
        return "Infinity"
    if o == -_INF:
        return "-Infinity"
    return float.__repr__(o)


_INF = float("inf")
_CONTAINERS = frozenset({dict, list, tuple})
_STR = {str}
#: The text of each scalar, by exact type (a subclass is left to json.dumps).
_SCALAR: dict[type, Callable[[Any], str]] = {
    str: encode_basestring,
    int: int.__repr__,
    bool: {True: "true", False: "false"}.__getitem__,
    type(None): {None: "null"}.__getitem__,
    float: _float,
}
_ITEM = "{}: {}".format


def _make_writer(depth: int) -> Callable[[Any], str]:
    def write(value: Any) -> str:
        scalar = _SCALAR.get(type(value))
        if scalar is not None:
            return scalar(value)
        if type(value) in _CONTAINERS:
            return _text(value, depth)
        raise _Unknown

    return write


#: As deep as a value is written here (json.dumps reaches its RecursionError about there).
_DEEPEST = 900
#: The writer of a value inside a container, by the value's depth.
_WRITERS = [_make_writer(depth) for depth in range(_DEEPEST + 2)]


def _text(o: Any, depth: int) -> str:
    """The text of ``o`` (exactly a dict, list or tuple) at ``depth``."""
    if not o:
        return "{}" if type(o) is dict else "[]"
    if depth > _DEEPEST:
        raise _Unknown
    inner = "\n" + " " * (depth + 1)
    if type(o) is dict:
        # a key that is not a str is left to json.dumps (encode_basestring: TypeError)
        body = ("," + inner).join(map(_ITEM, map(encode_basestring, o),
                                      map(_WRITERS[depth + 1], o.values())))
        return f"{{{inner}{body}\n{' ' * depth}}}"
    if set(map(type, o)) == _STR:
        body = ("," + inner).join(map(encode_basestring, o))
    else:
        body = ("," + inner).join(map(_WRITERS[depth + 1], o))
    return f"[{inner}{body}\n{' ' * depth}]"


def dumps(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, indent=1)``: the same text, faster."""
    if type(value) in _CONTAINERS:
        try:
            return _text(value, 0)
        except (_Unknown, TypeError, ValueError, RecursionError):
            pass
    return json.dumps(value, ensure_ascii=False, indent=1)
