"""Echoes a wrong id in the reply to the AFTER-th new_game."""

import json

from base import AFTER, answer, serve, write


def misbehave(request, games):
    if request.get("type") == "new_game" and games == AFTER:
        reply = answer(request)
        reply["id"] = request["id"] + 1000
        write(json.dumps(reply).encode())
        return True
    return False


serve(misbehave)
