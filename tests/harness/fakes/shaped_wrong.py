"""A reference in the shape of a profile, wrong where that shape is easy to get wrong:
``shaped_wrong.py NAME [--profile LIST] ...`` (NAME: tests/harness/shaped_fakes.py WRONG)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tests.harness.shaped_fakes import serve_wrong

if __name__ == "__main__":
    sys.exit(serve_wrong(sys.argv[1], sys.argv[2:]))
