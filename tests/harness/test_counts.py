"""Counts a reader can trust: ``not_run`` in the footer counts the scenarios the run gave up
on (every process crashing, a program that does not start, --max-fail), and a report cut by
``kill -9`` says how many of the planned scenarios it holds, read back and rendered. ``run``
refuses a scenario naming an unknown clause, in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.drivers.subprocess import SubprocessDriver
from conformance.errors import ImplCrashed
from conformance.outcomes import Outcome
from conformance.reports.html import render_html
from conformance.reports.jsonl import JsonlWriter, make_header, read_report
from conformance.reports.markdown import render_markdown
from conformance.runner import Runner, RunOptions
from tests.harness.helpers import ScriptedDriver, fake, ok_replies, scenarios
from tests.harness.test_cli import cli


def run_to_report(path: Path, driver, n: int, **options) -> dict:  # type: ignore[no-untyped-def]
    writer: dict[str, JsonlWriter] = {}

    def on_start(hello, error):  # type: ignore[no-untyped-def]
        writer["w"] = JsonlWriter(path, make_header(
            implementation=hello, command="x", rulesets=["co-ban"], seed=0, planned=n,
            start_error=error))

    Runner(driver, RunOptions(**options), on_result=lambda r: writer["w"].write(r),
           on_start=on_start).run(scenarios(n))
    return writer["w"].finish(complete=True)


def test_every_process_crashing_counts_the_scenarios_not_run(tmp_path: Path) -> None:
    # each process dies at its first new_game: 1 + 2 restarts crash, 5 scenarios are not run
    driver = SubprocessDriver(fake("crash_mid_game", 1), timeout=2.0, hello_timeout=5.0)
    footer = run_to_report(tmp_path / "r.jsonl", driver, 8, max_restarts=2)
    assert footer["totals"]["crash"] == 3 and footer["totals"]["error"] == 5
    assert footer["not_run"] == 5
    assert read_report(tmp_path / "r.jsonl").not_run == 5


def test_a_program_that_does_not_start_runs_nothing(tmp_path: Path) -> None:
    driver = ScriptedDriver(ok_replies, start_error=ImplCrashed("exited with status 3"))
    footer = run_to_report(tmp_path / "r.jsonl", driver, 4)
    assert footer["not_run"] == 4


def test_max_fail_counts_the_rest_not_run(tmp_path: Path) -> None:
    driver = ScriptedDriver(lambda r: {**ok_replies(r), "ruling": "rejected"})
    footer = run_to_report(tmp_path / "r.jsonl", driver, 6, max_fail=2)
    assert footer["totals"]["fail"] == 2 and footer["totals"]["skipped"] == 4
    assert footer["not_run"] == 4


def test_a_passing_run_has_none_not_run(tmp_path: Path) -> None:
    footer = run_to_report(tmp_path / "r.jsonl", ScriptedDriver(ok_replies), 3)
    assert footer["not_run"] == 0


def cut_report(tmp_path: Path, held: int, planned: int = 10) -> Path:
    """What ``kill -9`` leaves: the header, ``held`` scenario lines, half of the next one."""
    full = tmp_path / "full.jsonl"
    run_to_report(full, ScriptedDriver(ok_replies), planned)
    lines = full.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[: 1 + held]) + lines[1 + held][:30], encoding="utf-8")
    return cut


def test_a_cut_report_read_back_says_how_many_of_the_planned_it_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = cut_report(tmp_path, held=4)
    report = read_report(path)
    assert not report.complete and len(report.results) == 4
    assert report.not_run == 6
    code, out, err = cli(monkeypatch, "report", str(path))
    assert code == 2, out + err
    assert "(4 of 10 planned scenarios)" in " ".join(out.split())
    assert "holds 4 of the 10 planned scenarios" in render_markdown(report)
    assert "holds 4 of the 10 planned scenarios" in " ".join(render_html(report).split())


def test_the_footer_schema_takes_not_run(tmp_path: Path) -> None:
    driver = SubprocessDriver(fake("crash_mid_game", 1), timeout=2.0, hello_timeout=5.0)
    run_to_report(tmp_path / "r.jsonl", driver, 3, max_restarts=0)
    records = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert [r["outcome"] for r in records[1:-1]] == [Outcome.CRASH.value, "error", "error"]
    assert records[-1]["not_run"] == 2


# -- run refuses an unknown clause, in one line ----------------------------------------------

def test_run_refuses_a_fixture_naming_an_unknown_clause(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "nope.yaml"
    path.write_text(
        "cases:\n"
        "  - id: nope-clause\n"
        "    name: a case naming a clause the spec lacks\n"
        "    clauses: [TURN.EAT.NOPE]\n"
        "    rulesets: [co-ban]\n"
        "    deal: fx-eat-a\n"
        "    script:\n"
        "      - seat 0 discards 9C\n", encoding="utf-8")
    code, out, err = cli(monkeypatch, "run", str(path))
    lines = [ln for ln in (out + err).splitlines() if not ln.startswith("using ")]
    assert code == 2, out + err
    assert lines == [f"phom-conformance: cannot load the scenarios: {path}:2: scenario"
                     " nope-clause: unknown clause 'TURN.EAT.NOPE'; name one of"
                     " `phom-conformance clauses`"]
