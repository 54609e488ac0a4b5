"""The protocol's JSON Schemas: well-formed and in step with the card notation (the JSON
examples of the documents are checked by test_doc_examples)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from conformance.protocol.schemas import (
    ERROR_CODES,
    REQUEST_TYPES,
    fast_validator,
    reply_problem,
    request_problem,
    schema_dir,
    schema_problem,
    validator,
)
from reference_impl.cards import CARD_PATTERN
from tests.harness.helpers import ROOT
from tests.harness.test_doc_examples import ALL

SCHEMAS = sorted(Path(schema_dir()).glob("*.schema.json"))


def test_one_schema_per_message() -> None:
    names = {p.name.removesuffix(".schema.json") for p in SCHEMAS}
    expected = {f"{t}.{d}" for t in REQUEST_TYPES for d in ("request", "reply")}
    assert names == expected | {"error.reply", "common"}


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schema_is_valid_draft_2020_12(path: Path) -> None:
    schema = json.loads(path.read_text())
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_card_pattern_is_the_notation() -> None:
    common = json.loads((Path(schema_dir()) / "common.schema.json").read_text())
    assert common["$defs"]["card"]["pattern"] == CARD_PATTERN
    card = json.loads((ROOT / "spec" / "schemas" / "card.schema.json").read_text())
    assert card["pattern"] == CARD_PATTERN
    enum = common["$defs"]["error_code"]["enum"]
    assert tuple(enum) == ERROR_CODES


def test_schema_rejects_unknown_members_and_bad_cards() -> None:
    apply = {"id": 1, "type": "apply", "game": "g", "seat": 0,
             "action": {"type": "discard", "card": "KS"}}
    assert request_problem(apply) is None
    assert "'x' was unexpected" in (request_problem(apply | {"x": 1}) or "")
    bad = apply | {"action": {"type": "discard", "card": "KX"}}
    assert "action/card" in (request_problem(bad) or "")
    accepted = {"id": 1, "ok": True, "ruling": "accepted",
                "events": [{"type": "turn", "seat": 1, "final_round": False, "tai": False}]}
    assert schema_problem("apply.reply", accepted) is None
    odd = accepted | {"events": [{"type": "turn", "seat": 1, "final_round": False}]}
    assert "'tai' is a required property" in (schema_problem("apply.reply", odd) or "")


@pytest.mark.parametrize(("kind", "reply", "problem"), [
    ("apply", {"id": 1, "ok": True, "ruling": "accepted"}, "no 'events' in the apply reply"),
    ("apply", {"id": 1, "ok": True, "ruling": "rejected"}, "no 'reason' in the apply reply"),
    ("apply", {"id": 1, "ok": True, "ruling": "maybe"}, "ruling 'maybe'"),
    ("state", {"id": 1, "ok": True}, "no 'state' in the state reply"),
    ("state", {"id": 1}, "'ok' must be true or false"),
    ("state", {"id": 1, "ok": False, "error": {"code": "x"}}, "error.code and error.message"),
])
def test_cheap_checks_catch_missing_members(kind: str, reply: dict[str, Any],
                                            problem: str) -> None:
    assert problem in (reply_problem(kind, reply) or "")


def _kind(message: dict[str, Any]) -> str:
    if "type" in message and "ok" not in message:
        return f"{message['type']}.request"
    if message.get("ok") is False:
        return "error.reply"
    for key, kind in (("name", "hello"), ("ruling", "apply"), ("events", "new_game"),
                      ("actions", "legal_actions"), ("state", "state"), ("result", "result")):
        if key in message:
            return f"{kind}.reply"
    return "bye.reply"


#: The documents' JSON messages (one extractor: test_doc_examples): the fast validator's corpus.
EXAMPLES = [(x.line, x.message) for x in ALL]


def _variants(message: Any) -> list[Any]:
    """``message`` and a few broken copies: a member dropped, an unknown one, a bad value."""
    out = [message]
    if isinstance(message, dict):
        for key in list(message)[:4]:
            out.append({k: v for k, v in message.items() if k != key})
            out.append(message | {key: "1Z"})
        out.append(message | {"zz": 1})
    return out


@pytest.mark.parametrize(("line", "message"), EXAMPLES, ids=lambda v: str(v)[:40])
def test_fast_validator_agrees_with_jsonschema(line: int, message: dict[str, Any]) -> None:
    kind = _kind(message)
    for variant in _variants(message):
        expected = validator(kind).is_valid(variant)
        assert fast_validator(kind).is_valid(variant) is expected, (line, variant)
        assert (schema_problem(kind, variant) is None) is expected


def test_a_disagreement_keeps_the_fast_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    import conformance.protocol.schemas as schemas

    monkeypatch.setattr(schemas, "best_match", lambda errors: None)
    bad = {"id": 1, "type": "apply", "game": "g", "seat": 0,
           "action": {"type": "discard", "card": "KX"}}
    assert "at action/card:" in (schema_problem("apply.request", bad) or "")
