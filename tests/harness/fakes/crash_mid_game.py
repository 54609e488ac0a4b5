"""Dies with a traceback on stderr (status 1) at the AFTER-th new_game."""

import sys

from base import AFTER, serve


def misbehave(request, games):
    if request.get("type") == "new_game" and games == AFTER:
        sys.stderr.write("Traceback (most recent call last):\n  ...\nKeyError: 'stock'\n")
        sys.stderr.flush()
        sys.exit(1)
    return False


serve(misbehave)
