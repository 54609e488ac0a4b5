"""Exits quietly (status 0) at the AFTER-th new_game, without replying."""

import os

from base import AFTER, serve


def misbehave(request, games):
    if request.get("type") == "new_game" and games == AFTER:
        os._exit(0)
    return False


serve(misbehave)
