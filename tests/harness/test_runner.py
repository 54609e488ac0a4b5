"""The runner: exceptions to outcomes, restarts, --max-fail, the ledger, skips, selection."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conformance.errors import ImplCrashed, ImplTimeout, ProtocolViolation
from conformance.ledger import Ledger, LedgerError
from conformance.outcomes import Outcome
from conformance.runner import (
    Runner,
    RunOptions,
    SelectionError,
    keyword_matcher,
    replay_command,
    select,
)
from tests.harness.helpers import FakeScenario, ScriptedDriver, ok_replies, scenarios


def crash_on(game_ids: set[str], error: Exception) -> Any:
    """Replies like ok_replies, but raises ``error`` on new_game of the given game ids."""
    def replies(request: dict[str, Any]) -> dict[str, Any]:
        if request["type"] == "new_game" and request["game"] in game_ids:
            raise error
        return ok_replies(request)
    return replies


def outcomes(run: Any) -> list[Outcome]:
    return [r.outcome for r in run.results]


def test_each_exception_maps_to_its_outcome() -> None:
    todo = [
        FakeScenario("a"),
        FakeScenario("b", expect="rejected"),          # StepFailure
        FakeScenario("c", behaviour="skip"),           # ScenarioSkipped
        FakeScenario("d", behaviour="bug"),            # ValueError
        FakeScenario("e"), FakeScenario("f"), FakeScenario("g"), FakeScenario("h"),
    ]
    errors = {"e": ImplCrashed("gone", "stderr says why"), "f": ImplTimeout("slow"),
              "g": ProtocolViolation("garbage", b"xx")}

    def replies(request: dict[str, Any]) -> dict[str, Any]:
        if request["type"] == "new_game" and request["game"] in errors:
            raise errors[request["game"]]
        return ok_replies(request)

    driver = ScriptedDriver(replies)
    run = Runner(driver, RunOptions(replay=replay_command("impl --x"))).run(todo)
    assert outcomes(run) == [Outcome.PASS, Outcome.FAIL, Outcome.SKIPPED, Outcome.ERROR,
                             Outcome.CRASH, Outcome.TIMEOUT, Outcome.PROTOCOL_ERROR, Outcome.PASS]
    fail = run.results[1]
    assert (fail.step, fail.expected, fail.actual, fail.clause) == (
        "When seat 0 draws (1)", "rejected", "accepted", "TURN.DRAW-OR-EAT")
    assert fail.replay == "phom-conformance run --impl 'impl --x' -k b"
    assert "ValueError: a bug in the scenario" in run.results[3].message
    assert run.results[4].stderr_tail == "stderr says why"
    # crash, timeout and protocol error each restart the implementation before the next one
    assert run.restarts == 3 and driver.starts == 4 and driver.closed >= 1
    assert run.results[0].replay is None and run.results[0].transcript == ()
    assert run.results[1].transcript[0]["request"]["type"] == "new_game"


def test_restart_budget_then_every_remaining_scenario_is_an_error() -> None:
    todo = scenarios(6)
    driver = ScriptedDriver(crash_on({s.id for s in todo}, ImplCrashed("boom")))
    run = Runner(driver, RunOptions(max_restarts=2)).run(todo)
    assert outcomes(run) == [Outcome.CRASH] * 3 + [Outcome.ERROR] * 3
    assert all("restarted 2 times" in r.message for r in run.results[3:])
    assert [s.runs for s in todo] == [["fake-01"], ["fake-02"], ["fake-03"], [], [], []]


def test_start_failure_reports_every_scenario() -> None:
    driver = ScriptedDriver(ok_replies, start_error=ImplCrashed("exited with status 3", "tail"))
    run = Runner(driver).run(scenarios(4))
    assert outcomes(run) == [Outcome.ERROR] * 4
    assert run.start_error == "ImplCrashed: exited with status 3"
    assert run.results[0].stderr_tail == "tail"


def test_max_fail_reports_the_rest_as_skipped() -> None:
    todo = scenarios(5, expect="rejected")
    run = Runner(ScriptedDriver(ok_replies), RunOptions(max_fail=2)).run(todo)
    assert outcomes(run) == [Outcome.FAIL, Outcome.FAIL] + [Outcome.SKIPPED] * 3
    assert run.results[4].message == "not run: --max-fail reached"
    assert todo[2].runs == []


def test_unsupported_ruleset_is_skipped_with_the_reason() -> None:
    todo = [FakeScenario("a", rulesets=("u9la",)), FakeScenario("b")]
    run = Runner(ScriptedDriver(ok_replies)).run(todo)
    assert outcomes(run) == [Outcome.SKIPPED, Outcome.PASS]
    assert "does not support ruleset u9la" in run.results[0].message
    assert "co-ban" in run.results[0].message


def test_unsupported_error_reply_makes_a_failure_a_skip() -> None:
    def replies(request: dict[str, Any]) -> dict[str, Any]:
        if request["type"] == "apply":
            return {"ok": False, "error": {"code": "unsupported", "message": "no draws here"}}
        return ok_replies(request)

    run = Runner(ScriptedDriver(replies)).run([FakeScenario("a")])
    assert outcomes(run) == [Outcome.SKIPPED]
    assert "no draws here" in run.results[0].message


def write_ledger(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ledger.yaml"
    path.write_text(text)
    return path


def test_ledger_turns_failures_into_xfail_and_passes_into_xpass(tmp_path: Path) -> None:
    path = write_ledger(tmp_path, """\
expected_failures:
  - id: bad
    outcome: fail
    reason: we price the third eat at 2 (ticket 12)
  - id: fixed
    outcome: fail
    reason: fixed since
""")
    ledger = Ledger.load(path)
    todo = [FakeScenario("bad", expect="rejected"), FakeScenario("fixed"), FakeScenario("new",
            expect="rejected")]
    run = Runner(ScriptedDriver(ok_replies), RunOptions(ledger=ledger)).run(todo)
    assert outcomes(run) == [Outcome.XFAIL, Outcome.XPASS, Outcome.FAIL]
    assert "ticket 12" in run.results[0].message
    assert f"{path}:5" in run.results[1].message and "remove the entry" in run.results[1].message
    assert [e.id for e in ledger.unused(["bad", "fixed"])] == []
    assert [e.id for e in ledger.unused(["bad"])] == ["fixed"]


def test_ledger_says_when_the_failure_changed_kind(tmp_path: Path) -> None:
    ledger = Ledger.load(write_ledger(tmp_path, """\
expected_failures:
  - {id: fake-01, outcome: fail, reason: known}
"""))
    driver = ScriptedDriver(crash_on({"fake-01"}, ImplCrashed("boom")))
    run = Runner(driver, RunOptions(ledger=ledger)).run(scenarios(2))
    assert outcomes(run) == [Outcome.XFAIL, Outcome.PASS]
    assert "the ledger says fail, it is now crash" in run.results[0].message
    assert run.restarts == 1  # an expected crash still needs a fresh process


@pytest.mark.parametrize(("text", "message"), [
    ("expected_failures:\n  - id: a\n    outcome: fail\n",
     "ledger.yaml:2: entry 'a' has no reason"),
    ("expected_failures:\n  - {id: a, reason: x}\n  - {id: a, reason: y}\n",
     "ledger.yaml:3: scenario 'a' is listed twice (first at line 2)"),
    ("expected_failures:\n  - {id: a, reason: x, why: y}\n", "ledger.yaml:2: unknown key(s) why"),
    ("expected_failures:\n  - {id: a, reason: x, outcome: pass}\n", "is not a failure"),
    ("expected:\n  - 1\n", "unknown key(s) expected"),
    ("expected_failures: [\n", "ledger.yaml:2: YAML syntax error"),
])
def test_ledger_errors_name_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(LedgerError) as e:
        Ledger.load(write_ledger(tmp_path, text))
    assert message in str(e.value)


def test_keyword_expressions() -> None:
    def m(expr: str, text: str) -> bool:
        return keyword_matcher(expr)(text.lower())

    assert m("eat", "eat-chot-3")
    assert not m("eat and not chot", "eat-chot-3")
    assert m("(u or den) and hoi", "u-den-1 hoi-quan-bai")
    assert m("not u-den", "eat-1")
    for bad in ("", "a and", "(a", "a )", "or a"):
        with pytest.raises(SelectionError):
            keyword_matcher(bad)


def test_select_exact_id_ruleset_and_clause() -> None:
    todo = [FakeScenario("eat-1", clauses=("EAT.NTH-CARD",)),
            FakeScenario("eat-10", clauses=("EAT.CHOT-PRICE",), rulesets=("u9la",)),
            FakeScenario("deal-1", clauses=("DEAL.STOCK",), tags=("negative",))]
    assert [s.id for s in select(todo, "eat-1")] == ["eat-1"]  # exact id: that one alone
    assert [s.id for s in select(todo, "eat")] == ["eat-1", "eat-10"]
    assert [s.id for s in select(todo, "negative")] == ["deal-1"]
    assert [s.id for s in select(todo, clauses=["EAT.*"])] == ["eat-1", "eat-10"]
    assert [s.id for s in select(todo, rulesets=["u9la"])] == ["eat-10"]


def test_replay_command_quotes_everything() -> None:
    replay = replay_command("node my adapter.js", timeout=2.5, strict=True)
    assert replay("x[co-ban]") == ("phom-conformance run --impl 'node my adapter.js' --timeout 2.5"
                                   " --strict-protocol -k 'x[co-ban]'")
    assert replay_command(None)("a") == "phom-conformance run -k a"


def test_replay_command_names_the_spec_and_features_given(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run with --spec/--features replays against the same copies (they are global options,
    before the command)."""
    monkeypatch.setenv("PHOM_SPEC", str(tmp_path / "spec"))
    monkeypatch.delenv("PHOM_FEATURES", raising=False)
    assert replay_command(None)("a") == f"phom-conformance --spec {tmp_path / 'spec'} run -k a"


def test_a_run_left_open_is_closed_by_its_caller_unless_it_stops_early() -> None:
    driver = ScriptedDriver(ok_replies)
    runner = Runner(driver)
    run = runner.run(scenarios(3), close=False)
    assert outcomes(run) == [Outcome.PASS] * 3 and driver.closed == 0
    runner.close()
    assert driver.closed == 1
    stopped = ScriptedDriver(ok_replies)

    def interrupt(result: Any) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        Runner(stopped, on_result=interrupt).run(scenarios(3), close=False)
    assert stopped.closed == 1  # stopped early: closed at once, as run() always did
