"""``phom-conformance report``: a shields.io badge, and exit 3 for a missing or bad file."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from conformance.cli import cli
from conformance.outcomes import Outcome, ScenarioResult
from conformance.reports.badge import badge
from conformance.reports.jsonl import Report
from tests.reports.conftest import MutantRun


def _report(*outcomes: Outcome, complete: bool = True) -> Report:
    results = [ScenarioResult(f"s{i}", "s", o, rulesets=("co-ban",))
               for i, o in enumerate(outcomes)]
    return Report(header={"planned": len(results)}, results=results,
                  footer={"complete": complete})


def test_badge_of_a_failing_run_counts_what_passed(mutant_run: MutantRun, tmp_path: Path) -> None:
    out = tmp_path / "badge.json"
    result = CliRunner().invoke(cli, ["report", str(mutant_run.jsonl), "--badge", str(out)])
    assert result.exit_code == 1
    data = json.loads(out.read_text(encoding="utf-8"))
    records = mutant_run.records()
    passed = sum(r["outcome"] == "pass" for r in records)
    judged = sum(r["outcome"] != "skipped" for r in records)
    assert data["schemaVersion"] == 1 and data["label"] == "phỏm conformance"
    assert data["color"] == "red" and data["message"].endswith(f"({passed}/{judged})")


def test_badge_colours() -> None:
    assert badge(_report(Outcome.PASS, Outcome.SKIPPED)) == {
        "schemaVersion": 1, "label": "phỏm conformance", "message": "conformant (1/1)",
        "color": "brightgreen"}
    assert badge(_report(Outcome.PASS, Outcome.FAIL))["message"] == "50.0% (1/2)"
    assert badge(_report(Outcome.PASS, complete=False)) == {
        "schemaVersion": 1, "label": "phỏm conformance", "message": "cut short",
        "color": "lightgrey"}


def test_report_on_a_missing_or_broken_file_is_a_usage_error(tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    result = CliRunner().invoke(cli, ["report", str(missing)])
    assert result.exit_code == 3 and "nope.jsonl" in result.output
    assert len(result.output.strip().splitlines()) == 1
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["report", str(broken)])
    assert result.exit_code == 3 and f"{broken}:1:" in result.output
