"""The spec's JSON Schemas: valid, strict (unknown keys are errors), and the one card pattern."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Resource
from referencing.jsonschema import DRAFT202012

from phomspec.paths import spec_dir
from phomspec.schemas import BASE_URI, SCHEMA_FILES, registry, surely_valid, validator
from reference_impl.cards import CARD_PATTERN, format_card

MINE = ["card.schema.json", *SCHEMA_FILES.values()]


def _load(name: str) -> dict[str, Any]:
    return json.loads((spec_dir() / "schemas" / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _objects(node: Any, path: str = "#") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every subschema that describes an object, with its JSON pointer."""
    if isinstance(node, dict):
        if node.get("type") == "object" or "properties" in node:
            yield path, node
        for key, value in node.items():
            yield from _objects(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{path}/{i}")


@pytest.mark.parametrize("name", MINE)
def test_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    schema = _load(name)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == BASE_URI + name
    Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("name", MINE)
def test_every_object_rejects_unknown_keys(name: str) -> None:
    # A map keyed by names (propertyNames) is the only object that takes open keys; its keys
    # are checked against the spec by the validator (parameters, rulesets, options).
    for pointer, node in _objects(_load(name)):
        if "propertyNames" in node:
            continue
        if node.get("$ref") == "https://json-schema.org/draft/2020-12/schema":
            continue  # a parameter's value schema: a JSON Schema, checked by the metaschema
        if {"if", "then"} & set(pointer.split("/")):
            continue  # a conditional part adds constraints to an object checked above
        assert node.get("additionalProperties") is False, f"{name}{pointer}"


def test_card_schema_uses_the_notation_pattern() -> None:
    assert _load("card.schema.json")["pattern"] == CARD_PATTERN


def test_card_schema_accepts_every_card_and_the_accepted_spellings() -> None:
    v = validator("card.schema.json")
    for c in range(52):
        assert v.is_valid(format_card(c)), format_card(c)
    for code in ("TH", "10♥", "A♠", "K♣", "7♦"):
        assert v.is_valid(code), code


@pytest.mark.parametrize("code", ["1S", "11H", "7X", "10", "S7", "7s", " 7S", "", "AH2"])
def test_card_schema_rejects_malformed_codes(code: str) -> None:
    assert not validator("card.schema.json").is_valid(code)


def test_card_list_rejects_duplicates() -> None:
    cards = {"$ref": "card.schema.json#/$defs/cards"}
    v = Draft202012Validator(
        {"$id": BASE_URI + "t.json"} | cards, registry=registry(spec_dir() / "schemas")
    )
    assert v.is_valid(["7S", "8S"])
    assert not v.is_valid(["7S", "7S"])
    assert not v.is_valid(["7S", "1S"])


def test_a_schema_in_a_subdirectory_refers_to_the_card_by_relative_path() -> None:
    # A protocol schema at spec/schemas/protocol/x.json writes "$ref": "../card.schema.json".
    uri = BASE_URI + "protocol/x.json"
    schema = {"$id": uri, "type": "array", "items": {"$ref": "../card.schema.json"}}
    reg = registry(spec_dir() / "schemas").with_resource(
        uri, Resource.from_contents(schema, default_specification=DRAFT202012)
    )
    v = Draft202012Validator(schema, registry=reg)
    assert v.is_valid(["7S", "10H"])
    assert not v.is_valid(["7S", "11H"])


def test_copies_of_the_schemas_share_validators_and_an_edited_copy_gets_its_own(
        tmp_path: Path) -> None:
    one, two, edited = (tmp_path / n for n in ("one", "two", "edited"))
    for where in (one, two, edited):
        shutil.copytree(spec_dir() / "schemas", where)
    assert validator("card.schema.json", one) is validator("card.schema.json", two)
    card = _load("card.schema.json")
    assert validator("card.schema.json", one).is_valid("7H")
    (edited / "card.schema.json").write_text(json.dumps(card | {"maxLength": 1}), encoding="utf-8")
    assert validator("card.schema.json", edited) is not validator("card.schema.json", one)
    assert not validator("card.schema.json", edited).is_valid("7H")
    assert surely_valid("card.schema.json", one, "7H")
    assert not surely_valid("card.schema.json", edited, "7H")
