"""Validate spec files: well-formed YAML, each file against its kind's JSON Schema, no duplicate
keys, then the cross-checks of :mod:`phomspec.crossref` over the whole spec root.

``validate_paths([...])`` takes spec roots, directories or single files. A file inside a spec
root is checked in the context of its root (its references resolve against the other files),
and only its own problems are reported. A ruleset file outside any root is checked as if it
were in the rulesets/ of the spec in use (``phomspec.paths.spec_dir``), in place of the ruleset
with its id: the same checks as one in ``spec/``. Any other YAML file outside a root gets the
checks that need no context (syntax, schema, ids, card codes).
"""

from __future__ import annotations

import hashlib
import os
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from phomspec.build import build_spec
from phomspec.crossref import CONTEXT_CHECKS, LOCAL_CHECKS
from phomspec.files import (
    ROOT_DIRS,
    ROOT_FILES,
    YAML_SUFFIXES,
    is_spec_root,
    kind_by_content,
    kind_by_location,
    root_files,
    root_of,
)
from phomspec.model import (
    AMBIGUITIES,
    CLAUSES,
    PARAMETERS,
    REASONS,
    RULESET,
    SCHEMA,
    SOURCES,
    Spec,
)
from phomspec.paths import spec_dir
from phomspec.problems import Collector, Problem
from phomspec.schemacheck import check_schema_validity
from phomspec.schemas import SCHEMA_FILES, schemas_dir
from phomspec.yamlio import Document, SpecSyntaxError, read_document

__all__ = [
    "CHECKS",
    "Outcome",
    "Problem",
    "check_paths",
    "check_root",
    "validate_paths",
    "validate_spec",
]

#: Names of the checks run on a spec root, for reports.
CHECKS: tuple[str, ...] = (
    "yaml_syntax",
    "duplicate_keys",
    "schema",
    *(c.__name__.removeprefix("check_") for c in (*LOCAL_CHECKS, *CONTEXT_CHECKS)),
)

#: The items each kind of file holds, as crossref names them.
_ITEMS = {
    CLAUSES: "clause",
    AMBIGUITIES: "ambiguity",
    SOURCES: "source",
    RULESET: "ruleset",
    PARAMETERS: "parameter",
    REASONS: "reason",
}

_MISSING = {
    "sources.yaml": "add the rule sources the clauses cite (schema: schemas/sources.schema.json)",
    "ambiguities.yaml": "add the ambiguity register (schema: schemas/ambiguity.schema.json)",
    "clauses": "add the clause catalog, one file per topic (schema: schemas/clause.schema.json)",
    "rulesets": "add at least one ruleset (schema: schemas/ruleset.schema.json)",
}


@dataclass(frozen=True)
class Outcome:
    """What a validation looked at and found."""

    files: tuple[Path, ...]
    problems: tuple[Problem, ...]
    #: Items of the spec roots validated in full: clauses, topics, ambiguities, ...
    counts: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


def _read(path: Path, out: Collector) -> Document | None:
    try:
        doc = read_document(path)
    except SpecSyntaxError as e:
        out.at(path, e.line, e.message)
        return None
    for line, key in doc.duplicate_keys:
        out.at(
            path,
            line,
            f"duplicate key {key!r} in one mapping (YAML keeps only the last one);"
            " remove or rename one of them",
        )
    return doc


def _check_document(doc: Document, kind: str | None, schemas: Path, out: Collector) -> None:
    if kind is None:
        keys = ", ".join(sorted({"clauses", "ambiguities", "sources", "parameters", "id"}))
        out.at(
            doc.path,
            1,
            f"cannot tell what kind of spec file this is: expected one of the top-level keys"
            f" {keys} (id for a ruleset), or a place in a spec directory",
        )
        return
    if kind != SCHEMA or doc.path.suffix == ".json":
        check_schema_validity(doc, kind, schemas, out)


#: Recent results of :func:`check_root`, by the content of every file they read.
_RECENT: OrderedDict[tuple[str, ...], tuple[Spec, list[Problem], list[Path]]] = OrderedDict()


def _fingerprint(root: Path) -> tuple[str, ...]:
    files = root_files(root)
    schemas = schemas_dir(root)
    if schemas != root / "schemas":
        files += sorted(schemas.rglob("*.json"))
    digests = (f"{p}={hashlib.sha1(p.read_bytes()).hexdigest()}" for p in files if p.is_file())
    return (str(root.resolve()), os.getcwd(), *digests)


def check_root(root: Path) -> tuple[Spec, list[Problem], list[Path]]:
    """Every check on the spec root ``root``: ``(spec, problems, files read)``.

    A root whose files have not changed since one of the last few checks is not read again.
    """
    key = _fingerprint(root)
    if key not in _RECENT:
        _RECENT[key] = _check_root(root)
        while len(_RECENT) > 8:
            _RECENT.popitem(last=False)
    spec, problems, files = _RECENT[key]
    return spec, list(problems), list(files)


def _check_root(
    root: Path, guest: Document | None = None
) -> tuple[Spec, list[Problem], list[Path]]:
    """Every check on ``root``; with ``guest`` (a ruleset document from elsewhere), as if that
    file were in ``root/rulesets/`` in place of the ruleset with its id."""
    out = Collector(documents={})
    for name, fix in _MISSING.items():
        if name in ROOT_FILES and not (root / name).is_file():
            out.at(root, None, f"missing {name}: {fix}")
        elif name in ROOT_DIRS and not any(
            p.suffix in YAML_SUFFIXES for p in (root / name).glob("*")
        ):
            out.at(root / name, None, f"no {name} files in {name}/: {fix}")
    schemas = schemas_dir(root)
    files = root_files(root)
    documents = []
    for path in files:
        doc = _read(path, out)
        if doc is None:
            what = _ITEMS.get(kind_by_location(path, root) or "")
            out.unreadable |= {what} if what else set()
            continue
        kind = kind_by_location(path, root) or kind_by_content(path, doc.data)
        out.documents[path] = doc
        _check_document(doc, kind, schemas, out)
        if kind is not None:
            documents.append((kind, doc))
    if guest is not None:
        documents = [(k, d) for k, d in documents if not _same_ruleset(k, d, guest)]
        out.documents[guest.path] = guest
        _check_document(guest, RULESET, schemas, out)
        documents.append((RULESET, guest))
    spec = build_spec(root, documents)
    for check in (*LOCAL_CHECKS, *CONTEXT_CHECKS):
        check(spec, out)
    return spec, sorted(out.problems, key=Problem.sort_key), files


def _same_ruleset(kind: str, doc: Document, guest: Document) -> bool:
    def rid(d: Document) -> object:
        return d.data.get("id") if isinstance(d.data, dict) else None

    return kind == RULESET and rid(doc) == rid(guest)


def _check_standalone(path: Path) -> list[Problem]:
    out = Collector(documents={})
    doc = _read(path, out)
    if doc is not None:
        out.documents[path] = doc
        kind = kind_by_content(path, doc.data)
        context = spec_dir()
        if kind == RULESET and is_spec_root(context):
            # its own problems, and those it causes elsewhere (a reading it lacks, say)
            before = {str(p) for p in check_root(context)[1]}
            found = _check_root(context, guest=doc)[1]
            return out.problems + [p for p in found if str(p) not in before or (
                p.path is not None and p.path.resolve() == path.resolve())]
        _check_document(doc, kind, schemas_dir(), out)
        if kind in SCHEMA_FILES:
            spec = build_spec(path.parent, [(kind, doc)])
            for check in LOCAL_CHECKS:
                check(spec, out)
    return out.problems


def _counts(spec: Spec) -> dict[str, int]:
    return {
        "topics": len(spec.topics),
        "clauses": len(spec.clauses),
        "ambiguities": len(spec.ambiguities),
        "sources": len(spec.sources),
        "rulesets": len(spec.rulesets),
        "parameters": len(spec.parameters),
    }


def _files_under(directory: Path) -> list[Path]:
    return sorted(
        p
        for p in directory.rglob("*")
        if p.is_file() and (p.suffix in YAML_SUFFIXES or p.suffix == ".json")
    )


def check_paths(paths: Iterable[str | os.PathLike[str]]) -> Outcome:
    """Validate spec roots, directories and files; see the module docstring."""
    full: dict[Path, Path] = {}  # resolved root -> root as given
    partial: dict[Path, set[Path]] = {}
    standalone: list[Path] = []
    problems: list[Problem] = []

    def add_file(f: Path) -> None:
        root = root_of(f)
        if root is None:
            standalone.append(f)
        else:
            partial.setdefault(root, set()).add(f.resolve())

    for raw in paths:
        p = Path(raw)
        if p.is_dir() and is_spec_root(p):
            full.setdefault(p.resolve(), p)
        elif p.is_dir():
            for f in _files_under(p):
                add_file(f)
        elif p.is_file():
            add_file(p)
        else:
            problems.append(Problem(str(p), None, "no such file or directory; check the path"))

    files: list[Path] = []
    counts: dict[str, int] = {}
    for given in full.values():
        spec, found, read = check_root(given)
        problems += found
        files += read
        for k, v in _counts(spec).items():
            counts[k] = counts.get(k, 0) + v
    for root, wanted in partial.items():
        if root in full:
            continue
        _, found, read = check_root(root)
        problems += [p for p in found if p.path is not None and p.path.resolve() in wanted]
        files += [f for f in read if f.resolve() in wanted]
    for f in standalone:
        problems += _check_standalone(f)
        files.append(f)
    return Outcome(tuple(files), tuple(problems), MappingProxyType(counts))


def validate_paths(paths: Iterable[str | os.PathLike[str]]) -> list[Problem]:
    """Every problem in the given spec roots, directories and files (empty when all is well)."""
    return list(check_paths(paths).problems)


def validate_spec(root: Path | None = None) -> list[Problem]:
    """Every problem of one spec root (default: the kit's spec)."""
    return validate_paths([root or spec_dir()])
