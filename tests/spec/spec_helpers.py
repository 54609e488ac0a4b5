"""Helpers of the spec tooling tests: the small test spec and editable copies of a spec."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import yaml

from phomspec.problems import Problem, display_path
from phomspec.validate import validate_paths
from phomspec.yamlio import fresh

MINI = Path(__file__).parent / "data" / "mini"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _normalised(problems: list[Problem], root: Path) -> set[tuple[str, str]]:
    """Problems as (file under root, message), the root's own path written as ``<root>``."""
    prefix = display_path(root) + "/"
    return {
        (
            p.path.resolve().relative_to(root.resolve()).as_posix() if p.path else p.file,
            p.message.replace(prefix, "<root>/"),
        )
        for p in problems
    }


@lru_cache(maxsize=128)
def _loaded(text: str) -> Any:
    """Plain YAML data of ``text`` (keys as YAML types them), kept: copies hold the same files."""
    return yaml.load(text, Loader=_LOADER)


@cache
def _baseline(source: Path) -> frozenset[tuple[str, str]]:
    return frozenset(_normalised(validate_paths([source]), source))


class SpecCopy:
    """A copy of spec directory ``source`` that a test breaks on purpose, one edit at a time."""

    def __init__(self, source: Path, root: Path):
        shutil.copytree(source, root)
        self.root = root
        self.baseline = _baseline(source)

    def load(self, rel: str) -> Any:
        return fresh(_loaded((self.root / rel).read_text(encoding="utf-8")))

    def save(self, rel: str, data: Any) -> None:
        text = yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=100)
        (self.root / rel).write_text(text, encoding="utf-8")

    def edit(self, rel: str, change: Callable[[Any], Any]) -> None:
        """Load ``rel``, let ``change`` modify the data in place, write it back."""
        data = self.load(rel)
        change(data)
        self.save(rel, data)

    def new_problems(self) -> list[Problem]:
        """Problems the edits introduced (the copy's own earlier problems left out)."""
        problems = validate_paths([self.root])
        return [p for p in problems if not _normalised([p], self.root) <= self.baseline]

    def clause_files(self) -> list[str]:
        return sorted(p.relative_to(self.root).as_posix() for p in self.root.glob("clauses/*.yaml"))

    def ruleset_files(self) -> dict[str, dict[str, Any]]:
        """Ruleset data by file (relative path)."""
        return {
            p.relative_to(self.root).as_posix(): self.load(p.relative_to(self.root).as_posix())
            for p in sorted(self.root.glob("rulesets/*.yaml"))
        }

    def line_of(self, rel: str, text: str) -> int:
        """1-based line of the first line of ``rel`` that contains ``text``."""
        for i, line in enumerate((self.root / rel).read_text(encoding="utf-8").splitlines(), 1):
            if text in line:
                return i
        raise LookupError(f"{text!r} not in {rel}")


def matching(problems: list[Problem], *fragments: str) -> list[Problem]:
    """The problems whose message holds every fragment."""
    return [p for p in problems if all(f in p.message for f in fragments)]
