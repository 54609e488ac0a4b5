"""``run`` and ``smoke`` under an implementation profile (spec/protocol.md 8): the reference in
each shape passes with skips only for what the shape cannot express; a fake of each shape,
wrong where that shape is easy to get wrong, fails under the clause it breaks; readings per
ruleset; bad profile members are one line each and left out."""

from __future__ import annotations

import re
import shlex
import sys
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from conformance.drivers import make_driver
from conformance.outcomes import Outcome, ScenarioResult
from conformance.protocol import Driver
from conformance.protocol.messages import check_hello
from conformance.reports.jsonl import read_report
from conformance.runner import Runner
from conformance.suite.expressible import shape_problem
from conformance.suite.model import Scenario
from conformance.suite.profile import profile_in_force
from reference_impl.profiles import DEFAULT, Profile
from tests.harness.helpers import fake
from tests.harness.shaped_fakes import ServerDriver
from tests.harness.test_cli import cli
from tests.shared import kit_suite

#: What a skip may say under each shape: the reasons the shape cannot express a scenario.
SKIPS = {
    "no-money": [r"money: none"],
    "bare-eat": [r"eat: bare: the scenario expects .* refused",
                 r"eat: bare: the implementation ate .* the scenario names"],
    "auto-lay": [r"lay_down: auto: the scenario (expects its|checks the table|lays down)",
                 r"lay_down: auto: the implementation played .* the script plays"],
    "claimed-u": [],
}
#: The feature file of the deal-sizes scenarios the CLI runs here (loaded alone: the whole
#: suite's load would cost more than the run).
DEAL = str(Path(__file__).resolve().parents[2] / "features" / "deal.feature")
#: What a skip may say under u: automatic: the scenarios of the reading 'declared' (8.3).
AUTOMATIC_SKIPS = [r"the scenario plays a u action", r"reads AMB.U-AUTOMATIC as 'automatic'"]


@cache
def suite(ruleset: str | None = None) -> tuple[Scenario, ...]:
    return tuple(s for s in kit_suite() if ruleset is None or s.ruleset == ruleset)


def run(driver: Driver, scenarios: Any) -> list[ScenarioResult]:
    return Runner(driver).run(list(scenarios)).results


def outcomes(results: list[ScenarioResult]) -> Counter[str]:
    return Counter(r.outcome.value for r in results)


# -- the reference in each shape -----------------------------------------------------------


@pytest.mark.parametrize("names", ["no-money", "bare-eat", "auto-lay", "claimed-u",
                                   "auto-lay,bare-eat,no-money",
                                   "auto-lay,bare-eat,claimed-u,no-money"])
def test_reference_in_each_shape_passes_with_skips_only_for_what_it_cannot_express(
        names: str) -> None:
    results = run(ServerDriver(["--profile", names]), suite("co-ban"))
    counts = outcomes(results)
    assert set(counts) == ({"pass", "skipped"} if names != "claimed-u" else {"pass"}), counts
    allowed = [p for name in names.split(",") for p in SKIPS[name]]
    if "claimed-u" not in names:
        allowed += AUTOMATIC_SKIPS
    for r in results:
        if r.outcome is Outcome.SKIPPED:
            assert any(re.search(p, r.message) for p in allowed), (r.id, r.message)
    # money steps are noted, not run, in scenarios that check more than money
    noted = [r for r in results if r.outcome is Outcome.PASS and r.message]
    assert bool(noted) == ("no-money" in names)
    assert all("money: none" in r.message for r in noted)
    assert counts["pass"] > counts["skipped"] / 2


def test_money_scenarios_are_skipped_before_they_start_and_rankings_still_compared() -> None:
    p = Profile.of_names("no-money")
    money = next(s for s in suite("co-ban") if s.base_id == "money-only-the-nhat-receives")
    assert "money: none" in (shape_problem(money, p) or "")
    # a scenario that checks the ranking and the payments runs, checking the ranking
    ranked = next(s for s in suite("co-ban") if s.base_id == "hold-back-allowed")
    assert shape_problem(ranked, p) is None
    (result,) = run(ServerDriver(["--profile", "no-money"]), [ranked])
    assert result.outcome is Outcome.PASS
    assert "Then the payments are" in result.message and "Then the totals" in result.message
    assert "the ranking" not in result.message


def test_scenarios_needing_an_action_the_implementation_does_not_take_skip_before_start() -> None:
    actions = ["draw", "eat", "discard", "lay_down", "send", "pass"]
    timeouts = [s for s in suite("co-ban") if any(
        "times out" in st.text or "leaves" in st.text for st in s.steps)]
    assert timeouts
    results = run(ServerDriver(hello={"actions": actions}), timeouts)
    assert {r.outcome for r in results} == {Outcome.SKIPPED}
    assert all("the implementation takes only draw, eat, discard" in r.message for r in results)
    assert all(r.transcript == () for r in results)  # not started: nothing was sent


def test_hold_back_reading_skips_the_scenarios_tagged_with_the_other() -> None:
    results = run(ServerDriver(["--reading", "AMB.HOLD-BACK=lay-all"]), suite("co-ban"))
    assert set(outcomes(results)) == {"pass", "skipped"}
    for r in results:
        if r.outcome is Outcome.SKIPPED:
            assert "needs reading AMB.HOLD-BACK=choose" in r.message or \
                "reads AMB.U-AUTOMATIC as 'automatic'" in r.message, r.message


def test_readings_declared_for_one_ruleset_apply_to_that_ruleset_only() -> None:
    tagged = [s for s in suite() if ("AMB.HOLD-BACK", "choose") in s.readings
              and s.ruleset in ("co-ban", "hoi-quan-bai")]
    results = run(ServerDriver(["--reading", "co-ban:AMB.HOLD-BACK=lay-all"]), tagged)
    by = {r.id: r.outcome for r in results}
    assert {o for i, o in by.items() if i.endswith("[co-ban]")} == {Outcome.SKIPPED}
    assert {o for i, o in by.items() if i.endswith("[hoi-quan-bai]")} == {Outcome.PASS}


# -- fakes of each shape, wrong where it is easy to go wrong -------------------------------

#: The scenarios of the fakes' tests: the files where their mistakes show.
FILES = ("invariants.feature", "laydown.feature", "turn-2.feature", "ranking.feature",
         "ranking-2.feature", "rounds-2.feature")


def _some(ruleset: str) -> list[Scenario]:
    return [s for s in suite(ruleset) if Path(s.source).name in FILES]


@pytest.mark.parametrize(("command", "clause", "says"), [
    (fake("shaped_wrong", "leaves-eaten-out", "--profile", "auto-lay"), "LAY.EATEN-INCLUDED",
     "DISCARD_UNLAID_EATEN"),
    (fake("shaped_wrong", "joins-eaten-cards", "--profile", "bare-eat"),
     "TURN.EAT.DISTINCT-PHOM", "EAT_WITH_EATEN_CARD"),
], ids=["auto-lay-leaves-an-eaten-card-out", "bare-eat-joins-two-eaten-cards"])
def test_a_wrong_choice_of_the_shape_is_caught_under_the_clause_it_breaks(
        command: list[str], clause: str, says: str) -> None:
    results = run(make_driver(command), _some("co-ban"))
    failed = [r for r in results if r.outcome is not Outcome.PASS
              and r.outcome is not Outcome.SKIPPED]
    assert failed
    for r in failed:
        assert r.outcome is Outcome.FAIL and r.clause == clause, (r.id, r.clause, r.message)
        assert f"refused by the rules, {says} under {clause}" in str(r.actual)


def test_a_ranking_only_engine_that_ranks_ties_by_seat_is_caught_under_the_tie_rule() -> None:
    command = [sys.executable, "-m", "conformance.mutants.serve", "rank-tie-by-seat",
               "--profile", "no-money"]
    results = run(make_driver(command), _some("hoi-quan-bai"))
    failed = [r for r in results if r.outcome is Outcome.FAIL]
    assert "RANK.TIE-EARLIER-LAYDOWN" in {r.clause for r in failed}
    assert all("the ranking is" in (r.step or "") for r in failed)  # never a money step
    assert not [r for r in results if r.outcome not in
                (Outcome.PASS, Outcome.FAIL, Outcome.SKIPPED)]


# -- smoke -----------------------------------------------------------------------------------


def test_smoke_passes_the_reference_in_every_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    reference = shlex.join([sys.executable, "-m", "reference_impl.server", "--profile",
                            "auto-lay,bare-eat,no-money"])
    code, out, _ = cli(monkeypatch, "smoke", "--impl", reference, "--full", "--games", "3")
    assert code == 0, out
    assert "profile: lay_down auto, eat bare, money none" in out
    assert out.count("result agrees") == 3


def test_smoke_catches_an_automatic_lay_down_that_leaves_an_eaten_card_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    wrong = shlex.join(fake("shaped_wrong", "leaves-eaten-out", "--profile", "auto-lay"))
    code, out, _ = cli(monkeypatch, "smoke", "--impl", wrong, "--full", "--games", "2")
    assert code == 1, out
    assert "DISCARD_UNLAID_EATEN under LAY.EATEN-INCLUDED" in out


# -- bad profiles, 1.0 adapters, reports ----------------------------------------------------


@pytest.mark.parametrize(("members", "line", "left_out"), [
    ({"lay_down": "automatic"}, "hello: lay_down: 'automatic' is not one of 'explicit', 'auto'",
     "lay_down"),
    ({"money": 0}, "hello: money: expected a string, got 0", "money"),
    ({"actions": ["draw", "discard"]}, "hello: actions: every implementation takes 'eat'",
     "actions"),
    ({"lay_down": "auto", "actions": ["draw", "eat", "discard", "lay_down"]},
     "hello: actions: lists lay_down, but lay_down is 'auto'", "actions"),
    ({"u": "claimed", "actions": ["draw", "eat", "discard", "lay_down", "u"],
      "readings": {"AMB.U-AUTOMATIC": "automatic"}},
     "hello: readings: AMB.U-AUTOMATIC=automatic contradicts u: 'claimed'", "u"),
])
def test_a_bad_profile_member_is_one_line_naming_it_and_left_out(
        members: dict[str, Any], line: str, left_out: str) -> None:
    hello = {"readings": {}, "rulesets": [], **members}
    shape = profile_in_force(hello)
    (problem,) = shape.problems
    assert problem.startswith(line) and problem.endswith(f"{left_out} is treated as left out")
    assert getattr(shape.profile, left_out) == getattr(DEFAULT, left_out) or \
        left_out == "actions"
    kept = {k: v for k, v in members.items() if k not in (left_out, "actions", "readings")}
    assert all(getattr(shape.profile, k) == v for k, v in kept.items())


def test_a_reading_of_one_ruleset_at_odds_with_the_shape_is_left_out_of_that_ruleset() -> None:
    # readings keyed by ruleset at the top level (spec/protocol.md 8.6) under u: automatic
    hello = {"rulesets": [], "readings": {"co-ban": {"AMB.U-AUTOMATIC": "declared",
                                                     "AMB.HOLD-BACK": "lay-all"}}}
    shape = profile_in_force(hello)
    (problem,) = shape.problems
    assert problem.startswith("hello: readings.co-ban: AMB.U-AUTOMATIC=declared contradicts")
    assert problem.endswith("that reading is treated as left out")
    assert shape.profile == DEFAULT and shape.readings("co-ban") == {"AMB.HOLD-BACK": "lay-all"}


def test_a_run_with_bad_profile_members_loses_nothing_else(monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    bad = shlex.join(fake("bad_profile", 'lay_down="automatic"', 'money="none"',
                          'actions=["draw","fly"]', "--", "--profile", "no-money"))
    report = tmp_path / "r.jsonl"
    code, out, _ = cli(monkeypatch, "run", "--impl", bad, "--strict-protocol", "--report",
                       str(report), "-k", "deal-sizes", DEAL)
    assert code == 0, out
    assert "profile: money none" in out
    lines = [x for x in out.splitlines() if x.startswith("bad profile:")]
    assert lines == [
        "bad profile: hello: lay_down: 'automatic' is not one of 'explicit', 'auto'; lay_down"
        " is treated as left out",
        "bad profile: hello: actions: unknown action type 'fly' (action types: draw, eat,"
        " discard, lay_down, send, pass, timeout, leave, u); actions is treated as left out",
    ]
    header = read_report(report).header
    assert header["profile"]["money"] == "none" and header["profile"]["lay_down"] == "explicit"
    assert len(header["profile"]["problems"]) == 2
    assert {r.outcome for r in read_report(report).results} == {Outcome.PASS}


def test_a_1_0_adapter_keeps_the_1_0_shape() -> None:
    hello = check_hello({"ok": True, "name": "old", "version": "1", "language": "c",
                         "protocol": "1.0", "rulesets": [], "readings": {}, "queries": []})
    assert profile_in_force(hello).profile == DEFAULT and not profile_in_force(hello).problems
    results = run(ServerDriver(), _some("co-ban")[:20])
    assert {r.outcome for r in results} == {Outcome.PASS}


def test_every_summary_names_the_profile_in_force(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    reference = shlex.join([sys.executable, "-m", "reference_impl.server", "--profile",
                            "bare-eat,no-money"])
    files = {k: tmp_path / f"out.{k}" for k in ("jsonl", "xml", "md", "html")}
    code, out, _ = cli(monkeypatch, "run", "--impl", reference, "-k", "deal-sizes-4p", DEAL,
                       "--report", str(files["jsonl"]), "--junit", str(files["xml"]),
                       "--markdown", str(files["md"]), "--html", str(files["html"]))
    assert code == 0, out
    words = "eat bare, money none"
    assert f"profile: {words}" in out
    assert read_report(files["jsonl"]).header["profile"]["names"] == "bare-eat,no-money"
    assert f'name="profile" value="{words}"' in files["xml"].read_text()
    assert f"profile: {words}" in files["md"].read_text()
    assert f"profile: {words}" in files["html"].read_text()
