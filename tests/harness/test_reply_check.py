"""``reply_problem`` (the always-on check) passes exactly the replies the protocol's member
rules pass (spec/protocol.md: an ok reply has the members of its type; an accepted apply
has ``events``, a rejected one ``reason``; an error reply has ``error.code`` and
``error.message``), on every mix of the members an apply reply may have or lack."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from conformance.protocol.schemas import REPLY_MEMBERS, reply_problem

_MEMBERS: dict[str, list[Any]] = {
    "id": [3],
    "ok": [True, False, 1, None],
    "ruling": ["accepted", "rejected", "maybe", None, ["accepted"]],
    "events": [[]],
    "reason": ["not_your_turn"],
    "error": [{"code": "malformed", "message": "m"}, {"code": "malformed"}],
}


def _replies() -> list[dict[str, Any]]:
    out = []
    names = list(_MEMBERS)
    for present in itertools.product((False, True), repeat=len(names)):
        chosen = [n for n, p in zip(names, present, strict=True) if p]
        for values in itertools.product(*(_MEMBERS[n] for n in chosen)):
            out.append(dict(zip(chosen, values, strict=True)))
    return out


def _passes(kind: str | None, reply: dict[str, Any]) -> bool:
    ok = reply.get("ok")
    if ok is False:
        error = reply.get("error")
        return isinstance(error, dict) and "code" in error and "message" in error
    if ok is not True:
        return False
    members = REPLY_MEMBERS.get(kind) if kind is not None else None
    if members is None:
        return True
    if kind == "apply" and "ruling" in reply:
        members = (*members, {"accepted": "events", "rejected": "reason"}.get(
            reply["ruling"] if isinstance(reply["ruling"], str) else "", "no such member"))
    return all(m in reply for m in ("id", *members)) or (
        # the detailed wording tests the members only, not id (the driver tests id first)
        kind != "apply" and all(m in reply for m in members))


@pytest.mark.parametrize("kind", ["apply", "new_game", "result", "bye", "nonsense", None])
def test_the_check_passes_what_the_member_rules_pass(kind: str | None) -> None:
    for reply in _replies():
        assert (reply_problem(kind, reply) is None) == _passes(kind, reply), reply
