"""Answers the AFTER-th new_game only after DELAY seconds (argument 2, default 2).

With FAKE_WAITING=DIR in its environment, it notes each wait in DIR (a file named after its
pid) as it starts, so a test can act once the process is in its slow reply.
"""

import json
import os
import sys
import time
from pathlib import Path

from base import AFTER, answer, serve, write

DELAY = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
WAITING = os.environ.get("FAKE_WAITING")


def misbehave(request, games):
    if request.get("type") == "new_game" and games == AFTER:
        if WAITING:
            Path(WAITING, str(os.getpid())).touch()
        time.sleep(DELAY)
        write(json.dumps(answer(request)).encode())
        return True
    return False


serve(misbehave)
