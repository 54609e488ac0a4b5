"""The JSON Schemas of spec/schemas/: one registry, so schemas can ``$ref`` each other by file name.

Every ``*.json`` under the schemas directory is registered under its ``$id`` and under
:data:`BASE_URI` + its path relative to that directory, so ``"$ref": "card.schema.json"``
(or ``"../card.schema.json"`` from a subdirectory) resolves whether or not a schema has an id.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema_specifications import REGISTRY as SPECIFICATIONS
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from phomspec.errors import SpecError
from phomspec.paths import spec_dir

BASE_URI = "https://phom-conformance.invalid/spec/schemas/"

#: Schema file of each kind of spec file.
SCHEMA_FILES = {
    "clauses": "clause.schema.json",
    "ruleset": "ruleset.schema.json",
    "parameters": "parameters.schema.json",
    "ambiguities": "ambiguity.schema.json",
    "sources": "sources.schema.json",
    "reasons": "reasons.schema.json",
}


def schemas_dir(root: Path | None = None) -> Path:
    """``root/schemas`` when it holds the spec schemas, else the kit's own."""
    if root is not None and (root / "schemas" / SCHEMA_FILES["clauses"]).is_file():
        return root / "schemas"
    return spec_dir() / "schemas"


def _parsed(raw: bytes | None) -> Any:
    try:
        return json.loads(raw) if raw is not None else None
    except ValueError:
        return None  # reported by the validator as a problem of that schema file


#: The schema files of a directory: ``(path relative to it, bytes or None when unreadable)``.
SchemaFiles = tuple[tuple[str, bytes | None], ...]


@cache
def _schema_files(directory: Path) -> SchemaFiles:
    """What every schema under ``directory`` holds; directories with the same files (copies of
    the spec) give equal values, and so share the registry and validators cached by them."""
    files: list[tuple[str, bytes | None]] = []
    for path in sorted(directory.rglob("*.json")):
        try:
            raw: bytes | None = path.read_bytes()
        except OSError:
            raw = None
        files.append((path.relative_to(directory).as_posix(), raw))
    return tuple(files)


def registry(directory: Path) -> Registry[Any]:
    """All readable schemas under ``directory``, by ``$id`` and by relative path."""
    return _registry(_schema_files(directory))


@cache
def _registry(files: SchemaFiles) -> Registry[Any]:
    resources: list[tuple[str, Resource[Any]]] = []
    for rel, raw in files:
        contents = _parsed(raw)
        if not isinstance(contents, dict):
            continue
        resource = Resource.from_contents(contents, default_specification=DRAFT202012)
        by_path = BASE_URI + rel
        resources.append((by_path, resource))
        if isinstance(contents.get("$id"), str) and contents["$id"] != by_path:
            resources.append((contents["$id"], resource))
    return SPECIFICATIONS.with_resources(resources).crawl()


def validator(name: str, directory: Path | None = None) -> Draft202012Validator:
    """A validator for schema file ``name`` (e.g. ``"card.schema.json"``) of ``directory``."""
    directory = directory or schemas_dir()
    made = _validator(name, _schema_files(directory))
    if made is None:
        raise SpecError(
            f"{directory / name}: missing or not a JSON object; restore the schema file")
    return made


@cache
def _validator(name: str, files: SchemaFiles) -> Draft202012Validator | None:
    schema = _parsed(dict(files).get(name))
    if not isinstance(schema, dict):
        return None
    schema = {"$id": BASE_URI + name} | schema
    return Draft202012Validator(schema, registry=_registry(files))


def _fast_validator(name: str, directory: Path) -> Any:
    """``validator(name, directory)`` compiled by jsonschema_rs, or None when it cannot be."""
    return _compiled(name, _schema_files(directory))


@cache
def _compiled(name: str, files: SchemaFiles) -> Any:
    import jsonschema_rs

    schema = _parsed(dict(files).get(name))
    if not isinstance(schema, dict):
        return None
    resources: list[tuple[str, Any]] = []
    for rel, raw in files:
        contents = _parsed(raw)
        if isinstance(contents, dict):
            resources.append((BASE_URI + rel, contents))
            if isinstance(contents.get("$id"), str):
                resources.append((contents["$id"], contents))
    try:
        return jsonschema_rs.validator_for({"$id": BASE_URI + name} | schema,
                                           registry=jsonschema_rs.Registry(resources))
    except Exception:  # a schema it cannot compile: the full validator says what is wrong
        return None


def surely_valid(name: str, directory: Path, data: Any) -> bool:
    """Whether ``data`` is valid against schema file ``name`` of ``directory`` by the compiled
    validator (microseconds). False says nothing: :func:`validator` then finds and words the
    problems (it alone does, so the messages stay as they are)."""
    fast = _fast_validator(name, directory)
    if fast is None:
        return False
    try:
        return bool(fast.is_valid(data))
    except Exception:  # a value it cannot take (a YAML date, say): ask the full validator
        return False


def surely_valid_schema(schema: Any) -> bool:
    """Whether ``schema`` is valid against its metaschema by the compiled validator; False
    says nothing (as for :func:`surely_valid`)."""
    import jsonschema_rs

    try:
        return bool(jsonschema_rs.meta.is_valid(schema))
    except Exception:
        return False
