"""Replies to the AFTER-th new_game with a 50 MB line."""

import sys

from base import AFTER, serve

SIZE = 50 * 1024 * 1024


def misbehave(request, games):
    if request.get("type") == "new_game" and games == AFTER:
        out = sys.stdout.buffer
        out.write(b'{"id": %d, "ok": true, "game": "' % request["id"])
        block = b"x" * (1 << 20)
        for _ in range(SIZE // len(block)):
            out.write(block)
        out.write(b'", "events": []}\n')
        out.flush()
        return True
    return False


serve(misbehave)
