"""Closes its stdout at the AFTER-th new_game and keeps running (until killed)."""

import os

from base import AFTER, hang, serve


def misbehave(request, games):
    if request.get("type") == "new_game" and games == AFTER:
        os.close(1)
        hang()
    return False


serve(misbehave)
