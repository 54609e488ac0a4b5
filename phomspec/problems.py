"""A problem found in a spec file: where (file, line) and what to do."""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from phomspec.model import Where
from phomspec.yamlio import Document


def display_path(path: Path) -> str:
    """``path`` relative to the working directory when it lies below it."""
    try:
        return os.path.relpath(path) if path.resolve().is_relative_to(Path.cwd()) else str(path)
    except ValueError:
        return str(path)


@dataclass(frozen=True)
class Problem:
    """One thing wrong; ``str()`` gives ``file:line: message``."""

    file: str
    line: int | None
    message: str
    #: The file as a path (for filtering); ``file`` is its display form.
    path: Path | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where}: {self.message}"

    def sort_key(self) -> tuple[str, int, str]:
        return (self.file, self.line or 0, self.message)


def did_you_mean(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=3, cutoff=0.75)
    return f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""


def describe(data: Any, path: Sequence[str | int]) -> str:
    """A readable JSON path that names list items by id: ``clauses[2] (PHOM.SET).citations[0]``."""
    out = ""
    node = data
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
            node = node[step] if isinstance(node, list) and step < len(node) else None
            if isinstance(node, dict) and isinstance(node.get("id"), str):
                out += f" ({node['id']})"
        else:
            out += f".{step}" if out else str(step)
            node = node.get(step) if isinstance(node, dict) else None
    return out or "the file"


@dataclass
class Collector:
    """Collects problems; knows the documents, to turn a JSON path into a line."""

    documents: dict[Path, Document] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    #: Kinds of item (clause, ruleset...) of which a file could not be read.
    unreadable: set[str] = field(default_factory=set)

    def at(self, file: Path, line: int | None, message: str) -> None:
        self.problems.append(Problem(display_path(file), line, message, file))

    def line(self, where: Where, *, key: bool = False) -> int | None:
        doc = self.documents.get(where.file)
        return doc.line_of(where.path, key=key) if doc is not None else None

    def add(self, where: Where, message: str, *, key: bool = False) -> None:
        """A problem at ``where`` (at its key's line with ``key=True``)."""
        self.at(where.file, self.line(where, key=key), message)

    def ref(self, where: Where) -> str:
        """``file:line`` of ``where``, to point at a second place in a message."""
        line = self.line(where)
        return display_path(where.file) + (f":{line}" if line is not None else "")
