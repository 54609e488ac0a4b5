"""JSON for people: a value on one line when it fits, else one member per line, indented.

Lines are broken only between members, never inside a string or a number, so a page shows
them with ``white-space: pre`` and no token is ever wrapped in the middle.
"""

from __future__ import annotations

import json
from typing import Any


def one_line(value: Any) -> str:
    """Compact JSON on one line (``, `` and ``: `` separators, characters as they are)."""
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def pretty_json(value: Any, width: int = 100, indent: int = 2) -> str:
    """``value`` laid out in at most ``width`` columns where its members allow it."""
    return "\n".join(_lines(value, width, indent, 0))


def _lines(value: Any, width: int, indent: int, depth: int) -> list[str]:
    flat = one_line(value)
    if len(flat) + depth * indent <= width or not isinstance(value, dict | list) or not value:
        return [flat]
    pad = " " * indent
    out: list[str]
    if isinstance(value, dict):
        out = ["{"]
        items = list(value.items())
        for i, (k, v) in enumerate(items):
            inner = _lines(v, width, indent, depth + 1)
            comma = "," if i < len(items) - 1 else ""
            inner[0] = f"{one_line(str(k))}: {inner[0]}"
            inner[-1] += comma
            out += [pad + line for line in inner]
        out.append("}")
        return out
    if all(not isinstance(v, dict | list) for v in value):
        return ["[", *(pad + line for line in _packed(value, width - (depth + 1) * indent)), "]"]
    out = ["["]
    for i, v in enumerate(value):
        inner = _lines(v, width, indent, depth + 1)
        inner[-1] += "," if i < len(value) - 1 else ""
        out += [pad + line for line in inner]
    out.append("]")
    return out


def _packed(items: list[Any], width: int) -> list[str]:
    """Scalars filled into lines of at most ``width`` columns (a longer one alone)."""
    lines: list[str] = []
    line = ""
    for i, v in enumerate(items):
        token = one_line(v) + ("," if i < len(items) - 1 else "")
        if line and len(line) + 1 + len(token) > width:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    lines.append(line)
    return lines
