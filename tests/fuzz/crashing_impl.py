"""A fake implementation for the fuzzer's tests: the reference over the protocol, except that
it dies on its Nth ``apply`` (N from the command line), as a buggy server might."""

from __future__ import annotations

import json
import sys

from reference_impl.server import Server


def main() -> None:
    die_at = int(sys.argv[1])
    server = Server()
    applies = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("type") == "apply":
            applies += 1
            if applies == die_at:
                sys.stderr.write("fake crash\n")
                sys.exit(3)
        sys.stdout.write(json.dumps(server.handle(request)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
