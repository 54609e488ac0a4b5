"""Prints a log line on stdout instead of the reply to the AFTER-th new_game."""

from base import AFTER, serve, write


def misbehave(request, games):
    if request.get("type") == "new_game" and games == AFTER:
        write(b"INFO starting game... \xff\xfe not json")
        return True
    return False


serve(misbehave)
