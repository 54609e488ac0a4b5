"""Answers the AFTER-th new_game only after DELAY seconds (argument 2, default 2)."""

import json
import sys
import time

from base import AFTER, answer, serve, write

DELAY = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0


def misbehave(request, games):
    if request.get("type") == "new_game" and games == AFTER:
        time.sleep(DELAY)
        write(json.dumps(answer(request)).encode())
        return True
    return False


serve(misbehave)
