"""A null implementation: answers every request with a minimal valid reply, plays no game.

It measures the harness (``phom-conformance bench``) and nothing else: the standard library
only, one JSON parse and one JSON dump per message, replies flushed once per input chunk.
Run it with ``python -m conformance.drivers.null_impl`` (or as a plain script).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

HELLO = {
    "ok": True,
    "name": "null-implementation",
    "version": "1.0",
    "language": "python",
    "protocol": "1.0",
    "rulesets": [{"id": "co-ban", "options": {}}],
    "readings": {},
    "queries": ["legal_actions", "state", "result"],
}
_SEATS = 4
STATE = {
    "ruleset": "co-ban", "players": _SEATS, "first": 0, "to_act": None, "phase": "over",
    "hands": [[] for _ in range(_SEATS)], "stock_count": 0, "stock": [],
    "piles": [[] for _ in range(_SEATS)], "eaten": [[] for _ in range(_SEATS)],
    "laid": [[] for _ in range(_SEATS)], "sent": [[] for _ in range(_SEATS)],
    "lead": 0, "final_round": False, "tai": False, "left": [False] * _SEATS,
    "money": [0] * _SEATS,
}


_encode = json.JSONEncoder(separators=(",", ":")).encode


def reply(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict):
        return {"id": None, "ok": False, "error": {"code": "malformed", "message": "not an object"}}
    rid, kind = request.get("id"), request.get("type")
    if kind == "hello":
        return {"id": rid, **HELLO}
    if kind == "new_game":
        return {"id": rid, "ok": True, "game": request.get("game", "g"), "events": []}
    if kind == "apply":
        return {"id": rid, "ok": True, "ruling": "accepted", "events": []}
    if kind == "legal_actions":
        return {"id": rid, "ok": True, "seat": None, "actions": []}
    if kind == "state":
        return {"id": rid, "ok": True, "state": STATE}
    if kind == "result":
        return {"id": rid, "ok": True, "result": None}
    if kind == "bye":
        return {"id": rid, "ok": True}
    message = f"unknown request type {kind!r}"
    return {"id": rid, "ok": False, "error": {"code": "malformed", "message": message}}


def main() -> None:
    out = sys.stdout.buffer
    pending = b""
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()
        replies = []
        done = False
        for line in lines:
            if not line.strip():
                continue
            try:
                request = json.loads(line)
            except ValueError:
                request = None
            answer = reply(request)
            replies.append(_encode(answer).encode() + b"\n")
            if isinstance(request, dict) and request.get("type") == "bye":
                done = True
                break
        out.write(b"".join(replies))
        out.flush()
        if done:
            return


if __name__ == "__main__":
    main()
