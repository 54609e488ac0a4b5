"""A minimal protocol implementation for the harness's own tests (standard library only).

It answers every request with a minimal valid reply and plays no game. A fake script sets
``serve(misbehave=...)``: a function called for each request that may misbehave instead of
answering (crash, hang, garble...), triggered at the ``AFTER``-th ``new_game`` of this
process (argument 1, default 3).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

AFTER = int(sys.argv[1]) if len(sys.argv) > 1 else 3

STATE = {
    "ruleset": "co-ban", "players": 2, "first": 0, "to_act": None, "phase": "over",
    "hands": [[], []], "stock_count": 0, "stock": [], "piles": [[], []], "eaten": [[], []],
    "laid": [[], []], "sent": [[], []], "lead": 0, "final_round": False, "tai": False,
    "left": [False, False], "money": [0, 0],
}


def answer(request: dict[str, Any]) -> dict[str, Any]:
    rid, kind = request.get("id"), request.get("type")
    if kind == "hello":
        return {"id": rid, "ok": True, "name": "fake", "version": "0", "language": "python",
                "protocol": "1.0", "rulesets": [{"id": "co-ban", "options": {}}],
                "readings": {}, "queries": ["state", "result"]}
    if kind == "new_game":
        return {"id": rid, "ok": True, "game": request.get("game"), "events": []}
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
    return {"id": rid, "ok": False, "error": {"code": "malformed", "message": f"type {kind!r}"}}


def write(line: bytes) -> None:
    sys.stdout.buffer.write(line + b"\n")
    sys.stdout.buffer.flush()


def hang() -> None:
    while True:
        time.sleep(60)


Misbehave = Callable[[dict[str, Any], int], bool]


def serve(misbehave: Misbehave | None = None) -> None:
    """Serve stdin line by line; ``misbehave(request, games)`` returns True when it handled
    the request itself (``games``: new_game requests so far, this one included)."""
    games = 0
    for raw in sys.stdin.buffer:
        if not raw.strip():
            continue
        request = json.loads(raw)
        if request.get("type") == "new_game":
            games += 1
        if misbehave is not None and misbehave(request, games):
            continue
        write(json.dumps(answer(request)).encode())
        if request.get("type") == "bye":
            os._exit(0)
