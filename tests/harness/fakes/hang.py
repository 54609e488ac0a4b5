"""Stops answering (sleeps forever) at the AFTER-th new_game."""

from base import AFTER, hang, serve


def misbehave(request, games):
    if request.get("type") == "new_game" and games == AFTER:
        hang()
    return False


serve(misbehave)
