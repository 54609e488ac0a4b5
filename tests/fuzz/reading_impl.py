"""A fake implementation for the fuzzer's and smoke's tests: the reference over the protocol,
playing the readings given on its command line (``AMB.ID=READING``...), and declaring them in
its hello unless ``--silent`` comes first (then it plays them without saying so)."""

from __future__ import annotations

import json
import sys

from reference_impl.server import Server


def main() -> None:
    args = sys.argv[1:]
    silent = bool(args) and args[0] == "--silent"
    readings = dict(a.split("=", 1) for a in args[1 if silent else 0:])
    server = Server()
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("type") == "new_game":
            request["readings"] = {**(request.get("readings") or {}), **readings}
        reply = server.handle(request)
        if request.get("type") == "hello" and not silent:
            reply["readings"] = dict(readings)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if request.get("type") == "bye":
            return


if __name__ == "__main__":
    main()
