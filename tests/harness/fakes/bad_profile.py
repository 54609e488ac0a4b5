"""The reference with other members in its hello: ``bad_profile.py NAME=JSON... [-- OPTIONS]``
(OPTIONS: those of ``phom-reference``); the server plays on as it is."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tests.harness.shaped_fakes import serve_hello

if __name__ == "__main__":
    args = sys.argv[1:]
    cut = args.index("--") if "--" in args else len(args)
    sys.exit(serve_hello(args[:cut], args[cut + 1:]))
