"""The protocol's JSON Schemas (spec/schemas/protocol/) and the cheap checks every reply gets.

``reply_problem`` is the always-on check (id, ``ok``, the members a reply of that type needs):
a few dict look-ups per message. ``schema_problem`` is the full JSON Schema validation of
strict mode: the verdict comes from ``jsonschema_rs`` (compiled, a few microseconds a
message); ``jsonschema`` only words the error of a message already found invalid.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from phomspec.paths import spec_dir

if TYPE_CHECKING:  # imported when strict mode first validates: a plain run never needs them
    import jsonschema
    from referencing import Registry

    from reference_impl.memo import Memo

PROTOCOL_VERSION = "1.1"
REQUEST_TYPES = (
    "hello", "new_game", "apply", "legal_actions", "state", "result", "next_game", "evaluate",
    "bye",
)
QUERIES = ("legal_actions", "state", "result", "next_game", "evaluate")
ERROR_CODES = ("malformed", "unknown_game", "unsupported", "bad_deal", "internal")

#: Members an ``ok: true`` reply must have, by request type (checked on every reply).
REPLY_MEMBERS: dict[str, tuple[str, ...]] = {
    "hello": ("name", "version", "language", "protocol", "rulesets", "readings", "queries"),
    "new_game": ("game", "events"),
    "apply": ("ruling",),
    "legal_actions": ("seat", "actions"),
    "state": ("state",),
    "result": ("result",),
    "next_game": ("first", "host"),
    "evaluate": ("answer",),
    "bye": (),
}


def schema_dir() -> Any:
    return spec_dir() / "schemas" / "protocol"


@cache
def _registry() -> tuple[Registry, dict[str, str]]:
    from referencing import Registry, Resource

    resources = []
    ids: dict[str, str] = {}
    for path in sorted(schema_dir().glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
        ids[path.name.removesuffix(".schema.json")] = schema["$id"]
    return Registry().with_resources(resources), ids


@cache
def validator(name: str) -> jsonschema.protocols.Validator:
    """Validator of one message schema, e.g. ``"apply.request"`` or ``"error.reply"``."""
    import jsonschema

    registry, ids = _registry()
    if name not in ids:
        raise KeyError(f"no protocol schema {name!r} in {schema_dir()}")
    schema = registry.contents(ids[name])
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema, registry=registry)


@cache
def _fast_validators() -> dict[str, Any]:
    """Every message schema compiled by jsonschema_rs, by name (one registry of them all)."""
    import jsonschema_rs

    registry, ids = _registry()
    contents = {uri: registry.contents(uri) for uri in ids.values()}
    rs_registry = jsonschema_rs.Registry(list(contents.items()))
    return {name: jsonschema_rs.validator_for(contents[uri], registry=rs_registry)
            for name, uri in ids.items()}


def fast_validator(name: str) -> Any:
    """The compiled (jsonschema_rs) validator of one message schema; it decides validity."""
    try:
        return _fast_validators()[name]
    except KeyError:
        raise KeyError(f"no protocol schema {name!r} in {schema_dir()}") from None


def best_match(errors: Iterable[Any]) -> Any:
    """jsonschema's pick of the error to report among ``errors`` (jsonschema is imported
    here, by strict mode's first invalid message: a plain run never loads it)."""
    from jsonschema.exceptions import best_match as pick

    return pick(errors)


def schema_problem(name: str, message: object) -> str | None:
    """None when ``message`` is valid against schema ``name``; else one line: where, what."""
    fast = _fast_validators().get(name) or fast_validator(name)
    if fast.is_valid(message):
        return None
    # a suite sends the same invalid message once per ruleset: it is worded once (a long
    # message is worded afresh: the memo keeps its text)
    if len(text := repr(message)) > _WORDED_MAX:
        return _worded(name, message)
    return _wordings().get((name, text), lambda: _worded(name, message))


#: The longest message (its repr) whose wording is kept.
_WORDED_MAX = 4096


@cache
def _wordings() -> Memo[str]:
    """The wording of invalid messages, by schema and message text (a list is no tuple);
    made by the first invalid message, as jsonschema is imported (a run imports neither the
    engine nor jsonschema before it starts its implementations)."""
    from reference_impl.memo import Memo

    return Memo(256)


def _worded(name: str, message: object) -> str:
    """The one line of an invalid ``message``: jsonschema's best match, where and what."""
    fast = fast_validator(name)
    error = best_match(validator(name).iter_errors(message))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "(top level)"
        return f"{name} schema: at {where}: {error.message}"
    # the two validators disagree (none did on the kit's message corpus): the compiled
    # one's verdict stands, in its own words
    rs_error = next(iter(fast.iter_errors(message)))
    where = "/".join(str(p) for p in rs_error.instance_path) or "(top level)"
    return f"{name} schema: at {where}: {rs_error.message}"


def request_problem(message: dict[str, Any]) -> str | None:
    """Schema check of an outgoing request (strict mode)."""
    kind = message.get("type")
    if kind not in REQUEST_TYPES:
        return f"unknown request type {kind!r}"
    return schema_problem(f"{kind}.request", message)


def reply_schema_problem(request_type: object, reply: dict[str, Any]) -> str | None:
    """Schema check of a reply to a request of ``request_type`` (strict mode)."""
    if reply.get("ok") is False:
        return schema_problem("error.reply", reply)
    if request_type not in REQUEST_TYPES:
        return f"ok reply to a request of unknown type {request_type!r}"
    return schema_problem(f"{request_type}.reply", reply)


_NEEDED = {kind: frozenset(("id", "ok", *members)) for kind, members in REPLY_MEMBERS.items()}


def reply_problem(request_type: object, reply: dict[str, Any]) -> str | None:
    """The always-on check: ``ok`` and the members a reply of this type needs."""
    if reply.get("ok") is True:
        if request_type == "apply":  # the commonest: its members tested one by one
            ruling = reply.get("ruling")
            if "id" in reply and ((ruling == "accepted" and "events" in reply) or (
                    ruling == "rejected" and "reason" in reply)):
                return None
        elif isinstance(request_type, str):
            needed = _NEEDED.get(request_type)
            if needed is not None and reply.keys() >= needed:
                return None
    return _reply_problem_detail(request_type, reply)


def _reply_problem_detail(request_type: object, reply: dict[str, Any]) -> str | None:
    ok = reply.get("ok")
    if ok is False:
        error = reply.get("error")
        if not isinstance(error, dict) or "code" not in error or "message" not in error:
            return "an error reply needs error.code and error.message"
        return None
    if ok is not True:
        return f"'ok' must be true or false (got {ok!r})"
    needed = REPLY_MEMBERS.get(request_type) if isinstance(request_type, str) else None
    if needed is None:
        return None
    missing = [m for m in needed if m not in reply]
    if request_type == "apply" and not missing:
        ruling = reply["ruling"]
        if ruling == "rejected":
            missing.append("reason")
        elif ruling == "accepted":
            missing.append("events")
        else:
            return f"apply reply with ruling {ruling!r} (expected 'accepted' or 'rejected')"
    if missing:
        return f"no {', '.join(repr(m) for m in missing)} in the {request_type} reply"
    return None
