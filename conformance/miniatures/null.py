"""``python -m conformance.miniatures.null``: the null implementation, playing no game.

The kit's null server (:mod:`conformance.protocol.null_server`) under the reference's hello:
every deal and every action accepted with no events, a state with no card anywhere, no legal
action, no result, and seat 0 opening and hosting every game. It answers ok even to a
request the protocol's schemas reject (five players, a short deck, a bad card code), which
a run with ``--strict-protocol`` reports as protocol errors.

The four miniatures of the game (accept-all, refuse-all, never-pays, never-ends) deal and
seat the table as the reference does, so a scenario about the deal or the session would
pass on all of them whatever it asserts; this one is wrong there too.
"""

from __future__ import annotations

from typing import Any

from conformance.miniatures.core import Miniature, main


class Null(Miniature):
    id = "null"
    summary = "the null server: accepts every deal and action, deals no card, seat 0 opens"

    def own(self, kind: str, request: dict[str, Any]) -> dict[str, Any] | None:
        return None if kind in ("hello", "bye") else self.null_reply(request)


if __name__ == "__main__":
    main(Null)
