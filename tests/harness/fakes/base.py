"""The fake implementations' common part: the null server under the name ``fake``.

It answers every request with a minimal valid reply and plays no game
(:mod:`conformance.protocol.null_server`). A fake script calls ``serve(misbehave)``: a function
called for each request that may misbehave instead of answering (crash, hang, garble...),
triggered at the ``AFTER``-th ``new_game`` of this process (argument 1, default 3).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from conformance.protocol import null_server

AFTER = int(sys.argv[1]) if len(sys.argv) > 1 else 3

SERVER = null_server.NullServer(name="fake", version="0", queries=("state", "result"),
                                players=2)


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """The correct reply to ``request``, for a fake to spoil."""
    return SERVER.reply(request)


def write(line: bytes) -> None:
    sys.stdout.buffer.write(line + b"\n")
    sys.stdout.buffer.flush()


def hang() -> None:
    while True:
        time.sleep(60)


def serve(misbehave: null_server.Misbehave | None = None) -> None:
    """Serve stdin; ``misbehave(request, games)`` returns True when it handled the request
    itself (``games``: new_game requests so far, this one included)."""
    null_server.serve(SERVER, misbehave)
