"""Replies to the AFTER-th new_game without 'events' (caught even without strict mode)."""

import json

from base import AFTER, answer, serve, write


def misbehave(request, games):
    if request.get("type") == "new_game" and games == AFTER:
        reply = answer(request)
        del reply["events"]
        write(json.dumps(reply).encode())
        return True
    return False


serve(misbehave)
