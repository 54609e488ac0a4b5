"""Rule mutants: patched in and out cleanly, found by the fuzzer, shrunk to small fixtures that
the suite runs and that fail against the mutant only."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from conformance.drivers.inprocess import InProcessDriver
from conformance.fuzz.fixture import fixture_case, fixture_size, fixture_text
from conformance.fuzz.generate import play
from conformance.fuzz.lockstep import replay
from conformance.fuzz.plan import make_plan
from conformance.fuzz.run import state_after
from conformance.fuzz.seeds import game_seed
from conformance.fuzz.shrink import Shrinker, entries_of, replay_entries
from conformance.mutants.base import Mutant, applied
from conformance.mutants.catalog import BY_ID, MUTANTS, TOPICS, WITHOUT_MUTANT
from conformance.mutants.coverage import clause_coverage, rule_clauses
from conformance.mutants.driver import MutantDriver
from conformance.mutants.score import score, suite_kills
from conformance.outcomes import Outcome, ScenarioResult
from conformance.runner import Runner
from conformance.suite.discover import load_scenarios


def test_at_least_thirty_mutants_over_every_topic() -> None:
    assert len(MUTANTS) >= 30
    assert len(BY_ID) == len(MUTANTS), "mutant ids are unique"
    topics = Counter(m.topic for m in MUTANTS)
    for topic in ("melds", "eating", "discards", "rounds", "sending", "u", "u_den", "ranking",
                  "money", "timeouts", "invariants"):
        assert topics[topic] >= 1, topic
    for m in MUTANTS:
        assert m.clauses and all("." in c for c in m.clauses), m.id


def test_each_topic_module_holds_its_topic() -> None:
    for module in TOPICS:
        topic = module.__name__.rsplit(".", 1)[1]
        assert {m.topic for m in module.MUTANTS} == {topic}, topic


def test_a_mutant_is_patched_in_and_out() -> None:
    # The same game before, under and after the mutant: only the middle one differs.
    for i in range(200):
        plan = make_plan(i, game_seed(0, i), "hoi-quan-bai", 4, probe_rate=0.0)
        before = play(plan)
        assert before.result is not None
        moms = [p for p in before.result["payments"] if p["reason"] == "mom"]
        if moms:
            break
    assert moms, "no game of the first 200 has a móm player"
    with applied(BY_ID["money-mom-3"]):
        during = play(plan)
    after = play(plan)
    assert before == after
    assert during.result is not None
    assert {p["amount"] for p in moms} == {4}
    assert {p["amount"] for p in during.result["payments"] if p["reason"] == "mom"} == {3}


def test_the_mutant_driver_leaves_the_fuzzers_reference_alone() -> None:
    driver = MutantDriver(BY_ID["meld-qka-run"])
    driver.start()
    script = play(make_plan(0, game_seed(0, 0)))
    replay(driver, script)
    # the reference still refuses Q-K-A after the mutant answered
    from reference_impl import melds

    assert not melds.is_phom(sum(1 << c for c in (11, 12, 0)))


SAMPLE = ["eat-any-earlier", "meld-pairs", "eat-discard-eaten", "lay-any-round",
          "money-second-eat-1", "u-all-ten", "time-discard-lowest", "round-no-chuyen-bai"]


@pytest.mark.parametrize("mutant_id", SAMPLE)
def test_a_mutant_is_found_and_shrunk_to_a_small_fixture(mutant_id: str, tmp_path: Path) -> None:
    mutant = BY_ID[mutant_id]
    driver = MutantDriver(mutant)
    driver.start()
    found = None
    for i in range(1000):
        plan = make_plan(i, game_seed(0, i))
        script = play(plan)
        out = replay(driver, script)
        if out.divergence is not None:
            found = (plan, script, out.divergence)
            break
    assert found is not None, f"{mutant_id}: no divergence in 1000 games"
    plan, script, div = found
    shrunk = Shrinker(driver, budget=300).shrink(script, div, plan.seed)
    assert shrunk.size <= 12, (mutant_id, shrunk.size)
    assert shrunk.size <= shrunk.original_size
    # the shrunk game is still one the reference plays legally
    assert replay_entries(shrunk.script.setup, entries_of(shrunk.script)) is not None
    case = fixture_case(shrunk.script, shrunk.divergence, f"fuzz-{mutant_id}", "test",
                        state_after(shrunk.script, shrunk.divergence))
    assert fixture_size(case) == shrunk.size
    path = tmp_path / f"fuzz-{mutant_id}.yaml"
    path.write_text(fixture_text(case, "test", "test"), encoding="utf-8")
    scenarios: list[Any] = list(load_scenarios([path]))
    assert len(scenarios) == 1
    on_reference = Runner(InProcessDriver()).run(scenarios).results
    assert [r.outcome.value for r in on_reference] == ["pass"], on_reference[0].message
    on_mutant = Runner(MutantDriver(mutant)).run(scenarios).results
    assert on_mutant[0].outcome.is_failure, f"{mutant_id}: the fixture does not fail"


def test_events_divergence_fixture_pins_the_money(tmp_path: Path) -> None:
    # money-mom-3 shows at the end of a game: the fixture checks payments and money.
    mutant = BY_ID["money-mom-3"]
    driver = MutantDriver(mutant)
    driver.start()
    for i in range(200):
        plan = make_plan(i, game_seed(0, i))
        script = play(plan)
        out = replay(driver, script)
        if out.divergence is not None:
            break
    assert out.divergence is not None
    from conformance.fuzz.run import state_after

    div = out.divergence
    case = fixture_case(script, div, "fuzz-mom", "test", state_after(script, div))
    thens = [item["then"] for item in case["script"] if isinstance(item, dict) and "then" in item]
    assert any("pays" in t and "for mom" in t for t in thens)
    path = tmp_path / "mom.yaml"
    path.write_text(fixture_text(case, "test", "test"), encoding="utf-8")
    scenarios: list[Any] = list(load_scenarios([path]))
    results = Runner(MutantDriver(mutant)).run(scenarios).results
    assert results[0].outcome.is_failure


def test_score_on_a_few_mutants() -> None:
    few = [BY_ID["eat-with-ca"], BY_ID["money-chot-not-counted"]]
    board = score(few, games=40, seed=0, suite=False)
    by_id = {s.mutant.id: s for s in board.scores}
    assert by_id["eat-with-ca"].fuzz_killed and by_id["eat-with-ca"].fuzz_game == 0
    assert by_id["eat-with-ca"].killed_on_clause == "TURN.EAT.MAKES-PHOM"
    assert not by_id["money-chot-not-counted"].killed
    assert "equivalent" in (by_id["money-chot-not-counted"].note or "")
    data = board.to_json()
    assert data["fuzz_score"] == {"killed": 1, "mutants": 2, "score": 0.5}
    assert [s["id"] for s in data["survivors"]] == ["money-chot-not-counted"]


def test_a_fuzz_divergence_on_another_clause_is_no_kill() -> None:
    # eat-with-ca's patches under a clause they do not break: the fuzzer diverges (its
    # headline is TURN.EAT.MAKES-PHOM) but that is no kill of a RANK.ORDER mutant.
    real = BY_ID["eat-with-ca"]
    misnamed = Mutant("eat-with-ca-misnamed", real.topic, real.title, ("RANK.ORDER",),
                      real.patches)
    board = score([misnamed], games=10, seed=0, suite=False)
    (s,) = board.scores
    assert s.fuzz_headline == "TURN.EAT.MAKES-PHOM"
    assert not s.fuzz_killed and not s.killed and s.killed_on_clause is None
    assert s.headline_own is False
    table = board.to_json()["headline_clause"]
    assert table["killed_by_fuzz"] == 0
    assert [x["id"] for x in table["off_clause_only"]] == ["eat-with-ca-misnamed"]


def _result(sid: str, outcome: Outcome, clause: str | None) -> ScenarioResult:
    return ScenarioResult(id=sid, name=sid, outcome=outcome, clause=clause)


def test_a_kill_is_a_fail_on_one_of_the_mutants_clauses() -> None:
    mutant = BY_ID["money-mom-3"]  # MONEY.MOM-PAYMENT
    failures = [
        _result("crashed", Outcome.CRASH, "MONEY.MOM-PAYMENT"),
        _result("errored", Outcome.ERROR, "MONEY.MOM-PAYMENT"),
        _result("timed-out", Outcome.TIMEOUT, "MONEY.MOM-PAYMENT"),
        _result("elsewhere", Outcome.FAIL, "RANK.ORDER"),
    ]
    killers, on, other = suite_kills(mutant, failures)
    assert killers == [] and on == []
    assert len(other) == 4
    own = _result("own", Outcome.FAIL, "RANK.ORDER|MONEY.MOM-PAYMENT")
    killers, on, _ = suite_kills(mutant, [*failures, own])
    assert killers == ["own"] and on == ["MONEY.MOM-PAYMENT"]


def test_jobs_give_the_same_scores_as_one_job() -> None:
    few = [BY_ID["eat-with-ca"], BY_ID["money-chot-not-counted"], BY_ID["meld-pairs"]]
    one = score(few, games=10, seed=0, suite=False, jobs=1).to_json()
    two = score(few, games=10, seed=0, suite=False, jobs=2).to_json()
    for m in (*one["mutants"], *two["mutants"]):
        m.pop("seconds")
    assert one == two
    assert one["mutants"][0]["killed_on_clause"] == "TURN.EAT.MAKES-PHOM"


def test_clause_coverage_lists_every_rule_clause_once() -> None:
    cov = clause_coverage({"eat-with-ca": ("TURN.EAT.MAKES-PHOM",)}, MUTANTS)
    rules = rule_clauses()
    assert cov["rule_clauses"] == len(rules)
    assert cov["covered"] == ["TURN.EAT.MAKES-PHOM"]
    parts = [cov["covered"], [w["clause"] for w in cov["without_mutant"]],
             cov["named_not_killed"], cov["missing"]]
    listed = [c for part in parts for c in part]
    assert sorted(listed) == sorted(rules)
    assert set(WITHOUT_MUTANT) <= set(rules), "every reason is for a rule clause"
    assert all(w["reason"] for w in cov["without_mutant"])


def test_the_docs_table_comes_from_a_report(tmp_path: Path) -> None:
    import json

    from click.testing import CliRunner

    from conformance.cli import cli

    board = score([BY_ID["eat-with-ca"], BY_ID["money-chot-not-counted"]], games=5, seed=0,
                  suite=False)
    report = tmp_path / "mutate.json"
    report.write_text(json.dumps({"command": "phom-conformance mutate --json",
                                  **board.to_json()}), encoding="utf-8")
    out = CliRunner().invoke(cli, ["mutate", "--table-from", str(report)])
    assert out.exit_code == 0, out.output
    text = out.output
    assert "Measured by `phom-conformance mutate --json`" in text
    assert "| fuzzer | 1 / 2 | 50 % |" in text
    assert "without a mutant, each with its reason in the catalog: " in text
    assert "headline cluster cites the mutant's own clause for 1 of the 1" in text
    assert "Survivors (1): `money-chot-not-counted`" in text
