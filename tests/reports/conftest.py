"""One run of the suite against a rule mutant, rendered to every report format, shared by
the report tests (the figures they check come from this report, not from fixed numbers)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

MUTANT = "meld-qka-run"


@dataclass(frozen=True)
class MutantRun:
    """The files of one ``run`` against a mutant and what it printed."""

    jsonl: Path
    markdown: Path
    html: Path
    junit: Path
    terminal: str
    code: int

    def records(self) -> list[dict[str, Any]]:
        lines = self.jsonl.read_text(encoding="utf-8").splitlines()
        return [r for r in map(json.loads, lines) if r.get("kind") == "scenario"]


@pytest.fixture(scope="session")
def mutant_run(tmp_path_factory: pytest.TempPathFactory) -> MutantRun:
    out = tmp_path_factory.mktemp("mutant-run")
    files = {k: out / f"run.{k}" for k in ("jsonl", "md", "html", "xml")}
    impl = f"{sys.executable} -m conformance.mutants.serve {MUTANT}"
    # one job: under pytest-xdist both cores are busy already, and a second job costs about
    # half as much CPU again (the report is the same; tests/harness/test_parallel.py checks it)
    proc = subprocess.run(
        [sys.executable, "-m", "conformance.cli", "run", "--impl", impl, "--jobs", "1",
         "--report", str(files["jsonl"]), "--markdown", str(files["md"]),
         "--html", str(files["html"]), "--junit", str(files["xml"])],
        capture_output=True, text=True, timeout=600, cwd=out)
    assert proc.returncode == 1, proc.stderr
    return MutantRun(files["jsonl"], files["md"], files["html"], files["xml"], proc.stdout,
                     proc.returncode)
