"""Where spec files are and what kind each one is (by location first, then by top-level key).

A *spec root* is a directory holding ``parameters.yaml`` (the repository's ``spec/``, a copy
of it, or a house's own spec). Its layout::

    parameters.yaml sources.yaml ambiguities.yaml reasons.yaml
    rulesets/*.yaml clauses/*.yaml schemas/**.json
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from phomspec.model import AMBIGUITIES, CLAUSES, PARAMETERS, REASONS, RULESET, SCHEMA, SOURCES

#: Files every spec root has, and what each holds.
ROOT_FILES = {
    "parameters.yaml": PARAMETERS,
    "sources.yaml": SOURCES,
    "ambiguities.yaml": AMBIGUITIES,
    "reasons.yaml": REASONS,
}
#: Directories of a spec root whose YAML files are all of one kind.
ROOT_DIRS = {"clauses": CLAUSES, "rulesets": RULESET}
YAML_SUFFIXES = (".yaml", ".yml")


def is_spec_root(directory: Path) -> bool:
    return (directory / "parameters.yaml").is_file()


def _yaml_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.iterdir() if p.is_file() and p.suffix in YAML_SUFFIXES)


def root_files(root: Path) -> list[Path]:
    """Every file of a spec root that the validator reads, in a stable order."""
    files = [root / name for name in ROOT_FILES if (root / name).is_file()]
    files += [p for p in _yaml_files(root) if p.name not in ROOT_FILES]
    for name in ROOT_DIRS:
        if (root / name).is_dir():
            files += _yaml_files(root / name)
    if (root / "schemas").is_dir():
        files += sorted(p for p in (root / "schemas").rglob("*.json") if p.is_file())
    return files


def root_of(path: Path) -> Path | None:
    """The spec root ``path`` belongs to (a root file, a clause or ruleset file, a schema)."""
    path = path.resolve()
    parent = path.parent
    if path.suffix in YAML_SUFFIXES:
        if is_spec_root(parent):
            return parent
        if parent.name in ROOT_DIRS and is_spec_root(parent.parent):
            return parent.parent
        return None
    if path.suffix == ".json":
        for ancestor in path.parents:
            if ancestor.name == "schemas" and is_spec_root(ancestor.parent):
                return ancestor.parent
    return None


def kind_by_location(path: Path, root: Path | None) -> str | None:
    """The kind a file's place in a spec root gives it, if any."""
    if root is None:
        return None
    rel = path.resolve().relative_to(root.resolve())
    if len(rel.parts) == 1:
        return ROOT_FILES.get(rel.name)
    if rel.parts[0] == "schemas" and path.suffix == ".json":
        return SCHEMA
    if len(rel.parts) == 2 and path.suffix in YAML_SUFFIXES:
        return ROOT_DIRS.get(rel.parts[0])
    return None


def kind_by_content(path: Path, data: Any) -> str | None:
    """The kind a file's top-level keys suggest, if any."""
    if not isinstance(data, dict):
        return None
    if path.suffix == ".json":
        return SCHEMA if "$schema" in data else None
    keys = set(data)
    if "clauses" in keys or "topic" in keys:
        return CLAUSES
    if "ambiguities" in keys:
        return AMBIGUITIES
    if "sources" in keys:
        return SOURCES
    if "reasons" in keys:
        return REASONS
    if "id" in keys:
        return RULESET
    if "parameters" in keys:
        return PARAMETERS
    return None
