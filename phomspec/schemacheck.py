"""Check one parsed file against the JSON Schema of its kind; one readable problem per error."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from jsonschema.exceptions import best_match
from jsonschema.validators import validator_for
from referencing import Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

from phomspec.errors import SpecError
from phomspec.model import SCHEMA, Where
from phomspec.problems import Collector, describe
from phomspec.schemas import (
    BASE_URI,
    SCHEMA_FILES,
    registry,
    surely_valid,
    surely_valid_schema,
    validator,
)
from phomspec.yamlio import Document, JsonPath

_JSON_TYPES = {
    bool: "a boolean",
    int: "a number",
    float: "a number",
    str: "a string",
    list: "a list",
    dict: "a mapping",
    type(None): "empty (null)",
}


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _yaml_hint(value: Any, expected: Any) -> str:
    wants_string = expected == "string" or (isinstance(expected, list) and "string" in expected)
    if not wants_string:
        return ""
    if isinstance(value, bool):
        return "; YAML reads unquoted yes/no/on/off/true/false as booleans: quote the value"
    if isinstance(value, int | float):
        return '; YAML reads unquoted digits as a number (002 as 2): quote it, e.g. "002"'
    if value is None:
        return "; the value is empty: write it, or remove the key"
    return ""


def explain(error: ValidationError) -> str:
    """What is wrong with a value, in words, from one schema error."""
    desc = error.schema.get("description") if isinstance(error.schema, dict) else None
    value = error.instance
    v = error.validator
    if v == "type":
        got = _JSON_TYPES.get(type(value), type(value).__name__)
        expected = error.validator_value
        names = expected if isinstance(expected, list) else [expected]
        return f"expected {' or '.join(names)}, got {got} {_shown(value)}" + _yaml_hint(
            value, expected
        )
    if v == "pattern" and desc:
        return f"{_shown(value)} is not {desc}"
    if v == "enum":
        allowed = ", ".join(_shown(x) for x in error.validator_value)
        return f"{_shown(value)} is not one of {allowed}"
    if v == "const":
        return f"{_shown(value)} must be {_shown(error.validator_value)}"
    if v in ("oneOf", "anyOf") and error.context:
        # the branch whose type fits says most ("not a ruleset id" over "expected null")
        fitting = [e for e in error.context if e.validator != "type"]
        inner = best_match(fitting or error.context)
        suffix = f" ({desc})" if desc else ""
        return f"{explain(inner)}{suffix}"
    if v == "uniqueItems":
        seen: list[Any] = []
        dups = [x for x in value if x in seen or seen.append(x)]  # type: ignore[func-returns-value]
        return f"{_shown(dups[0]) if dups else 'an item'} is listed twice; list each once"
    return error.message + (f" ({desc})" if desc else "")


def schema_problems(doc: Document, errors: Iterator[ValidationError], out: Collector) -> None:
    """Turn schema errors on ``doc`` into problems at the right lines."""
    seen: set[tuple[Any, ...]] = set()
    where = Where(doc.path)
    for error in sorted(errors, key=lambda e: [str(p) for p in e.absolute_path]):
        path = tuple(error.absolute_path)
        spot = describe(doc.data, path)
        instance = error.instance
        if error.validator == "additionalProperties" and isinstance(instance, dict):
            allowed = list((error.schema.get("properties") or {}).keys())
            for key in instance:
                if key in allowed or (path, key) in seen:
                    continue
                seen.add((path, key))
                out.add(
                    Where(doc.path, (*path, key)),
                    f"{spot}: unknown key {key!r}; allowed keys: {', '.join(allowed)};"
                    " remove it or fix its spelling",
                    key=True,
                )
            continue
        if error.validator == "required" and isinstance(instance, dict):
            for key in error.validator_value:
                if key not in instance and (path, key) not in seen:
                    seen.add((path, key))
                    out.add(Where(doc.path, path), f"{spot}: missing key {key!r}; add it")
            continue
        if error.validator == "propertyNames" and error.context:
            inner = best_match(error.context)
            key = inner.instance
            out.add(
                Where(doc.path, (*path, key)),
                f"{spot}: key {explain(inner)}",
                key=True,
            )
            continue
        signature = (path, error.validator, str(error.validator_value))
        if signature in seen:
            continue
        seen.add(signature)
        out.add(where if not path else Where(doc.path, path), f"{spot}: {explain(error)}")


def check_schema_validity(doc: Document, kind: str, schemas: Path, out: Collector) -> None:
    """Validate ``doc`` against its kind's schema (a schema file: against the metaschema)."""
    if kind == SCHEMA:
        _check_json_schema(doc, schemas, out)
        return
    try:
        v = validator(SCHEMA_FILES[kind], schemas)
    except SpecError as e:
        out.at(doc.path, None, str(e))
        return
    if surely_valid(SCHEMA_FILES[kind], schemas, doc.data):
        return
    schema_problems(doc, v.iter_errors(doc.data), out)


def _refs(node: Any, path: JsonPath = ()) -> Iterator[tuple[JsonPath, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield (*path, key), value
            elif key not in ("const", "enum", "default", "examples"):
                yield from _refs(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _refs(value, (*path, i))


def _check_json_schema(doc: Document, schemas: Path, out: Collector) -> None:
    schema = doc.data
    if not isinstance(schema, dict):
        out.at(doc.path, 1, "a JSON Schema file must hold a JSON object")
        return
    cls = validator_for(schema, default=Draft202012Validator)
    if not surely_valid_schema(schema):
        schema_problems(doc, cls(cls.META_SCHEMA).iter_errors(schema), out)
    try:
        rel = doc.path.resolve().relative_to(schemas.resolve()).as_posix()
    except ValueError:
        rel = doc.path.name
    base = schema["$id"] if isinstance(schema.get("$id"), str) else BASE_URI + rel
    itself = Resource.from_contents(schema, default_specification=DRAFT202012)
    resolver = registry(schemas).with_resource(base, itself).resolver(base_uri=base)
    for path, ref in _refs(schema):
        try:
            resolver.lookup(ref)
        except Unresolvable:
            out.add(
                Where(doc.path, path),
                f"$ref {ref!r} does not resolve (relative to {base}); point it at a schema file"
                " under spec/schemas/ or a $defs entry that exists",
            )
