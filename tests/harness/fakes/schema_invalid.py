"""Replies to every apply with an event the schema rejects (a bad card code, an unknown
member); the members a reply needs are all there, so only strict mode notices."""

import json

from base import answer, serve, write


def misbehave(request, games):
    if request.get("type") == "apply":
        reply = answer(request)
        reply["events"] = [{"type": "drew", "seat": 0, "card": "1Z", "colour": "red"}]
        write(json.dumps(reply).encode())
        return True
    return False


serve(misbehave)
