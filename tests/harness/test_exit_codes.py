"""Every command exits alike: 0 conformant / clean, 1 failures, 2 harness or protocol error,
3 usage error (an unknown option, a bad value, an input that is missing or not of its kind).

Through ``conformance.cli.main``, which maps click's usage errors to 3.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any, NoReturn

import pytest

import conformance.commands.run as run_command
from conformance.cli import NO_DATA, cli
from tests.harness.helpers import fake, invoke_main, scenarios


def invoke(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    return invoke_main(monkeypatch, *args)


@pytest.mark.parametrize("command", sorted(cli.commands))
def test_an_unknown_option_is_a_usage_error(monkeypatch: pytest.MonkeyPatch,
                                            command: str) -> None:
    code, out, err = invoke(monkeypatch, command, "--bogus")
    assert code == 3 and "No such option '--bogus'" in err, out + err


@pytest.mark.parametrize("command", sorted(cli.commands))
def test_help_exits_0_and_says_nothing_of_the_spec(monkeypatch: pytest.MonkeyPatch,
                                                    command: str) -> None:
    code, out, err = invoke(monkeypatch, command, "--help")
    assert code == 0 and "Usage:" in out and not err


@pytest.mark.parametrize("command", sorted(set(cli.commands) - NO_DATA))
def test_the_first_line_says_which_spec_is_used(monkeypatch: pytest.MonkeyPatch,
                                                 command: str) -> None:
    """Whatever else happens (here a usage error the command finds itself)."""
    args = {"arbitrate": ["/no/such/record.yaml"], "smoke": ["--impl", ""],
            "validate": ["/no/such/path"], "clauses": ["--ruleset", "nope"],
            "run": ["--ruleset", "nope"], "fuzz": ["--ruleset", "nope"],
            "mutate": ["--mutant", "nope"], "readings": ["--ruleset", "nope"],
            "miniatures": ["--miniature", "nope"], "bench": ["--json", "--messages", "1"],
            "steps": ["--kind", "nope"], "export": ["/no/such/dir", "--ruleset", "nope"]}
    code, _, err = invoke(monkeypatch, command, *args.get(command, ["--bogus"]))
    assert code == 3
    if command != "bench":  # bench's --messages is checked by click, before the command runs
        assert err.splitlines()[0].startswith("using "), err


@pytest.mark.parametrize("args", [
    ["validate", "/no/such/path"],
    ["arbitrate", "/no/such/record.yaml"],
    ["baseline", "/no/such/report.jsonl", "-o", "ledger.yaml"],
    ["run", "/no/such/fixture.yaml"],
    ["run", "--expected-failures", "/no/such/ledger.yaml"],
    ["--spec", "/no/such/spec", "validate"],
])
def test_a_missing_input_is_a_usage_error(monkeypatch: pytest.MonkeyPatch,
                                          args: list[str]) -> None:
    code, out, err = invoke(monkeypatch, *args)
    assert code == 3, out + err
    assert "Traceback" not in out + err


@pytest.mark.parametrize("args", [
    ["clauses", "--ruleset", "nope"],
    ["run", "--ruleset", "nope"],
    ["fuzz", "--ruleset", "nope"],
    ["fuzz", "--shard", "3/2"],
    ["fuzz", "--impl", "mutant:nope", "--games", "1"],
    ["fuzz", "--impl", "'unclosed", "--games", "1"],
    ["run", "--impl", "'unclosed"],
    ["smoke", "--impl", "'unclosed"],
    ["mutate", "--mutant", "nope"],
])
def test_a_bad_value_is_a_usage_error(monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    code, out, err = invoke(monkeypatch, *args)
    assert code == 3, out + err


def test_a_missing_program_gives_one_line_and_exit_2_before_the_suite_loads(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def no_loading(*args: Any, **kwargs: Any) -> NoReturn:
        raise AssertionError("the suite was loaded for a program that does not exist")

    monkeypatch.setattr(run_command, "load_all_scenarios", no_loading)
    monkeypatch.chdir(tmp_path)
    code, out, err = invoke(monkeypatch, "run", "--impl", "no-such-program --flag")
    lines = (out + err).splitlines()
    assert code == 2 and len(lines) <= 3, lines
    assert lines[0].startswith("using ")
    assert lines[1] == ("phom-conformance: --impl: cannot start 'no-such-program': no such"
                        " program on PATH, or it is not executable; give the command line that"
                        " starts your adapter")


def test_a_program_that_dies_at_start_gives_one_line_and_exit_2(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(run_command, "load_all_scenarios",
                        lambda rulesets, paths=None: scenarios(40))
    report = tmp_path / "r.jsonl"
    code, out, err = invoke(monkeypatch, "run", "--impl", shlex.join(fake("crash_at_start")),
                            "--report", str(report))
    lines = (out + err).splitlines()
    assert code == 2 and len(lines) <= 3, lines
    assert lines[-1].startswith("phom-conformance: the implementation did not start: ImplCrashed")
    assert "cannot open the rules database" in lines[-1]  # the last line of its stderr
    assert report.exists()  # the report asked for is written: 40 scenarios not run
