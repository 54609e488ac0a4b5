"""The kit's own checks, each run as a test so pytest-xdist packs them beside the others.

Each is the command CI used to run on its own before pytest (mypy, and the
``phom-conformance`` checks), run as a subprocess from the checkout's root at one job (the
other pytest worker has the other core), and passes when it exits 0; on failure the test shows
what the command printed. They come first in the collection (``tests/checks``), longest first,
so the workers start them early and the short tests fill in around them. Each command stays
usable alone, as docs/development.md lists them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.suite.cache import ENV_DIR

ROOT = Path(__file__).resolve().parents[2]

#: The check commands, longest first: (id, argv after ``python -m``).
CHECKS = [
    ("readings", ["conformance.cli", "readings", "--check", "--jobs", "1"]),
    ("miniatures", ["conformance.cli", "miniatures", "--check", "--jobs", "1"]),
    ("mypy", ["mypy"]),
    ("strict-run", ["conformance.cli", "run", "--impl", "phom-reference", "--strict-protocol",
                    "--jobs", "1"]),
    ("validate", ["conformance.cli", "validate"]),
    ("clauses", ["conformance.cli", "clauses", "--coverage", "--check"]),
]


@pytest.fixture(scope="session")
def suite_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A suite cache (conformance.suite.cache) of this pytest run, shared by its workers."""
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = root / "suite-cache"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.mark.parametrize("argv", [argv for _, argv in CHECKS], ids=[name for name, _ in CHECKS])
def test_check_passes(argv: list[str], suite_cache: Path) -> None:
    # each command as it runs outside pytest, with the suite cache on: the commands that load
    # the whole suite alike (miniatures, the strict run, clauses) load it once between them,
    # into a cache of this run's own
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
    env[ENV_DIR] = str(suite_cache)
    done = subprocess.run([sys.executable, "-m", *argv], cwd=ROOT, capture_output=True,
                          text=True, env=env)
    if done.returncode != 0:
        pytest.fail(f"`{' '.join(argv)}` exited {done.returncode}:\n{done.stdout}\n{done.stderr}",
                    pytrace=False)
