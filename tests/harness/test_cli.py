"""The harness's commands through ``conformance.cli.main``: output and exit codes.

Exit codes: 0 conformant, 1 failures, 2 harness or protocol error, 3 usage error.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

import conformance.commands.run as run_command
from conformance.ledger import Ledger
from conformance.reports.jsonl import read_report
from tests.harness.helpers import FakeScenario, check_report_file, fake, invoke_main, scenarios

REFERENCE = f"{shlex.quote(sys.executable)} -m reference_impl.server"


def cli(monkeypatch: pytest.MonkeyPatch, *args: str,
        suite: list[Any] | None = None) -> tuple[int, str, str]:
    if suite is not None:
        monkeypatch.setattr(run_command, "load_all_scenarios", lambda rulesets, paths=None: suite)
    return invoke_main(monkeypatch, *args)


def impl(name: str, *args: object) -> str:
    return shlex.join(fake(name, *args))


def test_run_in_process_reference_writes_every_report(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    # the opening player may not draw (TURN.OPENING-DISCARD): every fake expects a rejection
    suite = scenarios(3, expect="rejected", applies=1)
    files = {k: tmp_path / f"out.{k}" for k in ("jsonl", "xml", "md", "html")}
    code, out, _ = cli(monkeypatch, "run", "--report", str(files["jsonl"]), "--junit",
                       str(files["xml"]), "--markdown", str(files["md"]), "--html",
                       str(files["html"]), suite=suite)
    assert code == 0, out
    assert "3 scenarios: 3 pass" in out and "conformant" in out
    check_report_file(files["jsonl"], 3)
    header = read_report(files["jsonl"]).header
    assert header["implementation"]["name"] == "phom-reference"
    assert header["command"] == "phom-reference (in-process)"
    assert all(p.stat().st_size > 0 for p in files.values())


def test_run_failures_exit_1_with_replay_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = cli(monkeypatch, "run", "--impl", impl("well_behaved"),
                       suite=scenarios(2, expect="rejected"))
    assert code == 1
    assert "2 scenarios: 2 fail" in out
    assert f"phom-conformance run --impl {shlex.quote(impl('well_behaved'))} -k fake-01" in out


def test_run_protocol_error_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = cli(monkeypatch, "run", "--impl", impl("non_json", 1), suite=scenarios(2))
    assert code == 2
    assert "protocol_error" in out


def test_run_impl_that_cannot_start_exits_2(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    code, _, _ = cli(monkeypatch, "run", "--impl", impl("crash_at_start"), "--report",
                     str(report), suite=scenarios(2))
    assert code == 2
    assert read_report(report).header["start_error"].startswith("ImplCrashed")
    report.unlink()
    code, out, err = cli(monkeypatch, "run", "--impl", "/no/such/program --flag", "--report",
                         str(report), suite=scenarios(1))
    assert code == 2 and not out and not report.exists()  # at once: nothing was run
    assert err.splitlines()[1:] == [
        "phom-conformance: --impl: cannot start '/no/such/program': no such program, or it is"
        " not executable; give the command line that starts your adapter"]


def test_run_without_the_scenario_model_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "conformance.suite.discover", None)
    code, out, err = cli(monkeypatch, "run")
    assert code == 2
    banner, *lines = err.strip().splitlines()  # which spec/ and features/, then the error
    assert banner.startswith("using ") and len(lines) == 1 and "conformance.suite.discover" in err
    assert "Traceback" not in err + out


@pytest.mark.parametrize(("args", "message"), [
    (["-k", "a and"], "-k 'a and': the expression ends too early"),
    (["--ruleset", "nope"], "unknown ruleset nope"),
    (["-k", "zzz-no-such"], "no scenario matches"),
    (["--max-fail", "0"], "--max-fail"),
    (["--no-such-option"], "No such option"),
    (["--impl", "node 'adapter.js"], "cannot read the implementation command"),
])
def test_usage_errors_exit_3(monkeypatch: pytest.MonkeyPatch, args: list[str],
                             message: str) -> None:
    code, out, err = cli(monkeypatch, "run", *args, suite=scenarios(2))
    assert code == 3
    assert message in err + out
    assert "Traceback" not in err + out


def test_bad_ledger_exits_3(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.yaml"
    ledger.write_text("expected_failures:\n  - id: x\n")
    code, _, err = cli(monkeypatch, "run", "--expected-failures", str(ledger),
                       suite=scenarios(1))
    assert code == 3
    assert f"{ledger}:2: entry 'x' has no reason" in err


def test_max_fail(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    code, _out, _ = cli(monkeypatch, "run", "--impl", impl("well_behaved"), "--max-fail", "1",
                       "--report", str(report), suite=scenarios(4, expect="rejected"))
    assert code == 1
    outcomes = [r.outcome.value for r in read_report(report).results]
    assert outcomes == ["fail", "skipped", "skipped", "skipped"]


def test_baseline_then_ledger_then_xpass(monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    report, ledger = tmp_path / "r.jsonl", tmp_path / "ledger.yaml"
    failing = [FakeScenario("a", expect="rejected"), FakeScenario("b")]
    code, _, _ = cli(monkeypatch, "run", "--impl", impl("well_behaved"), "--report",
                     str(report), suite=failing)
    assert code == 1
    code, out, _ = cli(monkeypatch, "baseline", str(report), "-o", str(ledger))
    assert code == 0 and "1 expected failure(s)" in out
    text = ledger.read_text()
    assert "- id: a\n    outcome: fail\n" in text and 'reason: ""' in text
    assert "implementation: {name: fake, version: '0'}" in text
    code, _, err = cli(monkeypatch, "run", "--impl", impl("well_behaved"),
                       "--expected-failures", str(ledger), suite=failing)
    assert code == 3 and "has no reason" in err  # reasons must be filled in
    ledger.write_text(text.replace('reason: ""', "reason: draws are never refused (#7)"))
    assert Ledger.load(ledger).entries["a"].reason == "draws are never refused (#7)"
    code, out, _ = cli(monkeypatch, "run", "--impl", impl("well_behaved"),
                       "--expected-failures", str(ledger), suite=failing)
    assert code == 0 and "1 pass, 1 xfail" in out
    fixed = [FakeScenario("a"), FakeScenario("b")]
    code, out, _ = cli(monkeypatch, "run", "--impl", impl("well_behaved"),
                       "--expected-failures", str(ledger), suite=fixed)
    assert code == 1 and "1 xpass" in out


def test_report_rerenders_and_merges(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    cli(monkeypatch, "run", "--impl", impl("well_behaved"), "--report", str(a),
        suite=[FakeScenario("x")])
    cli(monkeypatch, "run", "--impl", impl("well_behaved"), "--report", str(b),
        suite=[FakeScenario("y", expect="rejected")])
    junit = tmp_path / "merged.xml"
    code, out, _ = cli(monkeypatch, "report", str(a), str(b), "--junit", str(junit))
    assert code == 1 and "2 scenarios: 1 pass, 1 fail" in out
    assert 'tests="2"' in junit.read_text()
    code, out, _ = cli(monkeypatch, "report", str(a))
    assert code == 0
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{}\n")
    code, _, err = cli(monkeypatch, "report", str(broken))
    assert code == 3 and f"{broken}:1:" in err


def test_smoke_against_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = cli(monkeypatch, "smoke", "--impl", REFERENCE, "--games", "2")
    assert code == 0, out
    assert "ok    game 2 (co-ban, 4 players, seed 1)" in out
    assert "error reply 'unknown_game'" in out
    assert "smoke passed" in out


def test_smoke_full_random_play_against_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = cli(monkeypatch, "smoke", "--impl", REFERENCE, "--games", "2", "--full",
                       "--ruleset", "hoi-quan-bai")
    assert code == 0, out


def test_smoke_tells_adapter_problems(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = cli(monkeypatch, "smoke", "--impl", impl("well_behaved"), "--games", "1")
    assert code == 2
    assert "FAIL  unknown game id: expected an error reply 'unknown_game'" in out
    code, out, _ = cli(monkeypatch, "smoke", "--impl", impl("crash_at_start"))
    assert code == 2 and "cannot open the rules database" in out
    code, _, err = cli(monkeypatch, "smoke", "--impl", "")
    assert code == 3 and "the implementation command is empty" in err
    code, out, _ = cli(monkeypatch, "smoke", "--impl", impl("schema_invalid"), "--games", "1")
    assert code == 2 and "apply.reply schema" in out


def test_bench_json(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = cli(monkeypatch, "bench", "--json", "--messages", "300", "--games", "1",
                       "--engine-games", "1", "--repeat", "1")
    assert code == 0
    figures = json.loads(out)
    assert {e["ruleset"] for e in figures["engine"]} == {"co-ban", "hoi-quan-bai", "ki-gui",
                                                         "u9la"}
    for key in ("raw_null_msgs_per_s", "harness_null_msgs_per_s",
                "harness_reference_msgs_per_s", "inprocess_reference_msgs_per_s"):
        assert figures[key] > 0
    assert figures["harness_vs_raw"] == pytest.approx(
        figures["harness_null_msgs_per_s"] / figures["raw_null_msgs_per_s"], abs=0.001)


def test_every_scenario_skipped_is_not_a_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    # the fake offers co-ban only: a u9la suite has nothing it can play
    suite = [FakeScenario("a", rulesets=("u9la",)), FakeScenario("b", rulesets=("u9la",))]
    code, out, _ = cli(monkeypatch, "run", "--impl", impl("well_behaved"), suite=suite)
    assert code == 2
    assert "2 scenarios: 2 skipped" in out and "nothing tested" in out


def test_run_only_the_given_fixture_file(monkeypatch: pytest.MonkeyPatch) -> None:
    # A fixture file given as a path (as `fuzz --out` writes them) runs as it is, alone.
    from phomspec.paths import fixtures_dir

    path = fixtures_dir() / "money-004.yaml"
    code, out, _ = cli(monkeypatch, "run", str(path))
    assert code == 0, out
    assert "scenarios:" in out and "conformant" in out
    whole_suite = len(run_command.load_all_scenarios(None))  # what `run` alone would run
    assert int(out.split(" scenarios")[0].split()[-1]) != whole_suite


def test_run_with_a_missing_path_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, _ = cli(monkeypatch, "run", "no/such/fixture.yaml")
    assert code == 3


def test_run_starts_its_implementations_before_it_imports_the_rest() -> None:
    # `run --jobs N` starts the implementations first, so that they start up while the
    # command imports the engine, the suite and the reports, and loads the suite
    import subprocess

    heavy = ["reference_impl", "conformance.suite.model", "conformance.reports.jsonl",
             "jsonschema", "rich", "jinja2", "yaml", "gherkin"]
    code = f"""
import json, sys
import conformance.commands.run as run
def spy(driver, jobs):
    print(json.dumps([jobs, [m for m in {heavy!r} if m in sys.modules]]))
    raise SystemExit(0)
run.start_ahead = spy
sys.argv = ["phom-conformance", "run", "--impl", sys.executable, "--jobs", "2"]
from conformance.cli import main
main()
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert json.loads(done.stdout) == [2, []]
    # the report writers load only when a report of their kind is written
    code = ("import sys, conformance.reports.outputs;"
            " print([m for m in ('jinja2', 'conformance.reports.html') if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_the_suite_loads_without_garbage_collection_and_leaves_it_as_it_was(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    from conformance.suite import discover

    seen: list[bool] = []
    # the pause is load_scenarios' own, so every command's load (run, validate, clauses) has it
    monkeypatch.setattr(discover, "_scenarios",
                        lambda *args, **kwargs: seen.append(gc.isenabled()) or [])
    was = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            assert run_command.load_all_scenarios(None, []) == []
            assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
    assert seen == [False, False]
