"""A null implementation: answers every request with a minimal valid reply, plays no game.

It measures the harness (``phom-conformance bench``) and nothing else: the standard library
only, one JSON parse and one JSON dump per message, replies flushed once per input chunk.
Run it with ``python -m conformance.protocol.null_server`` (or as a plain script).

It is also the core of the harness's own fake implementations (tests/harness/fakes): those
name themselves differently and pass ``misbehave``, a hook that may crash, hang or garble
instead of answering; and of the miniature implementations (conformance.miniatures).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

#: ``misbehave(request, games)``: True when it handled the request itself (``games``: the
#: new_game requests so far, this one included).
Misbehave = Callable[[dict[str, Any], int], bool]

_encode = json.JSONEncoder(separators=(",", ":")).encode


class NullServer:
    """The replies of an implementation that accepts everything and plays no game."""

    def __init__(
        self,
        name: str = "null-implementation",
        version: str = "1.0",
        queries: Sequence[str] = ("legal_actions", "state", "result"),
        players: int = 4,
    ):
        self.hello: dict[str, Any] = {
            "ok": True, "name": name, "version": version, "language": "python",
            "protocol": "1.0", "rulesets": [{"id": "co-ban", "options": {}}],
            "readings": {}, "queries": list(queries),
        }
        self.state: dict[str, Any] = {
            "ruleset": "co-ban", "players": players, "first": 0, "to_act": None,
            "phase": "over", "hands": [[] for _ in range(players)], "stock_count": 0,
            "stock": [], "piles": [[] for _ in range(players)],
            "eaten": [[] for _ in range(players)], "laid": [[] for _ in range(players)],
            "sent": [[] for _ in range(players)], "lead": 0, "final_round": False,
            "tai": False, "left": [False] * players, "money": [0] * players,
        }

    def reply(self, request: Any) -> dict[str, Any]:
        """The minimal valid reply to ``request`` (a malformed-request error for a non-object
        or an unknown type)."""
        if not isinstance(request, dict):
            return {"id": None, "ok": False,
                    "error": {"code": "malformed", "message": "not an object"}}
        rid, kind = request.get("id"), request.get("type")
        if kind == "hello":
            return {"id": rid, **self.hello}
        if kind == "new_game":
            return {"id": rid, "ok": True, "game": request.get("game", "g"), "events": []}
        if kind == "apply":
            return {"id": rid, "ok": True, "ruling": "accepted", "events": []}
        if kind == "legal_actions":
            return {"id": rid, "ok": True, "seat": None, "actions": []}
        if kind == "state":
            return {"id": rid, "ok": True, "state": self.state}
        if kind == "result":
            return {"id": rid, "ok": True, "result": None}
        if kind == "next_game":  # seat 0 opens and hosts every game
            return {"id": rid, "ok": True, "first": 0, "host": 0}
        if kind == "bye":
            return {"id": rid, "ok": True}
        message = f"unknown request type {kind!r}"
        return {"id": rid, "ok": False, "error": {"code": "malformed", "message": message}}


def serve(server: NullServer | None = None, misbehave: Misbehave | None = None) -> None:
    """Answer stdin's JSON lines on stdout until ``bye`` or the end of input.

    Replies are written once per input chunk; with ``misbehave``, those already owed are
    written before each call, so whatever it writes itself comes in request order.
    """
    server = server or NullServer()
    out = sys.stdout.buffer
    pending = b""
    games = 0
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()
        replies: list[bytes] = []
        done = False
        for line in lines:
            if not line.strip():
                continue
            try:
                request = json.loads(line)
            except ValueError:
                request = None
            if isinstance(request, dict):
                if request.get("type") == "new_game":
                    games += 1
                if misbehave is not None:
                    out.write(b"".join(replies))
                    out.flush()
                    replies.clear()
                    if misbehave(request, games):
                        continue
            replies.append(_encode(server.reply(request)).encode() + b"\n")
            if isinstance(request, dict) and request.get("type") == "bye":
                done = True
                break
        out.write(b"".join(replies))
        out.flush()
        if done:
            return


if __name__ == "__main__":
    serve()
