"""What the fuzzer and smoke take from a hello: the rulesets, options and table sizes it deals,
the readings it plays on the reference (or leaves the comparisons out), probes and deals."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conformance.cli import cli
from conformance.drivers.inprocess import InProcessDriver
from conformance.fuzz.generate import play
from conformance.fuzz.offer import offer_of_hello
from conformance.fuzz.plan import make_plan
from conformance.fuzz.run import FuzzConfig, GameRunner
from conformance.fuzz.seeds import game_seed
from conformance.fuzz.summary import Summary
from conformance.protocol import Driver
from tests.fuzz.fakes import MutantsDriver, ReadingDriver, RewriteDriver

ROOT = Path(__file__).resolve().parents[2]
READING_IMPL = Path(__file__).with_name("reading_impl.py")
LAY_ALL = {"AMB.HOLD-BACK": "lay-all"}


def fuzz(driver: Driver, games: int, **config: Any) -> tuple[Summary, list[Any]]:
    runner = GameRunner(FuzzConfig(games=games, shrink=False, **config), driver=driver)
    summary, outs = Summary(), []
    try:
        for i in range(games):
            g = runner.run_game(i)
            summary.add(g)
            outs.append(g)
    finally:
        runner.close()
    return summary, outs


def _hello() -> dict[str, Any]:
    d = InProcessDriver()
    return dict(d.start())


@pytest.mark.parametrize("form", ["flat", "per-ruleset", "entry"])
def test_every_form_of_declared_readings_is_read(form: str) -> None:
    driver = ReadingDriver(LAY_ALL, form, rulesets=("hoi-quan-bai",))
    offer = offer_of_hello(driver.start())
    assert offer.ruleset_ids == ["hoi-quan-bai"] and not offer.problems
    entry = offer.rulesets["hoi-quan-bai"]
    assert entry.readings == entry.played == LAY_ALL and not entry.unplayable


@pytest.mark.parametrize("form", ["flat", "per-ruleset"])
def test_a_declared_reading_is_played_by_the_reference(form: str) -> None:
    # The reference plays AMB.HOLD-BACK=lay-all, as the implementation declared: nothing
    # diverges, and the games record the reading.
    summary, outs = fuzz(ReadingDriver(LAY_ALL, form, rulesets=("hoi-quan-bai",)), 60)
    assert not summary.clusters and not summary.divergent, summary.clusters.ranked()[:3]
    assert all(g.readings == LAY_ALL and g.ruleset == "hoi-quan-bai" for g in outs)
    # the same engine without the declaration diverges on that reading
    silent = ReadingDriver({}, rulesets=("hoi-quan-bai",), plays=LAY_ALL)
    summary, _ = fuzz(silent, 20)
    assert summary.clusters.headline is not None
    assert summary.clusters.headline.clause == "LAY.HOLD-BACK"


def test_every_reading_with_parameters_declared_gives_no_divergence() -> None:
    # A sample of the readings with parameters, each declared and played: 0 divergences.
    for readings in ({"AMB.CHOT-PRICE": "one"}, {"AMB.SEND-OWN": "own-too"},
                     {"AMB.RANK-000": "mom-only"}, {"AMB.TAI-EAT": "draw-only"}):
        summary, _ = fuzz(ReadingDriver(readings, rulesets=("hoi-quan-bai",)), 15)
        assert not summary.divergent, (readings, summary.clusters.ranked()[:2])


def test_comparisons_on_a_reading_the_reference_cannot_play_are_left_out() -> None:
    # fixed-fifteen of AMB.DEN-SMALL-TABLES sets no parameter: the reference cannot play
    # it. An engine declaring it (here one that pays the ù đền otherwise, a mutant) has its
    # differences on DEN.AMOUNT left out and counted, not reported.
    class Declaring(MutantsDriver):
        def start(self) -> dict[str, Any]:
            hello = dict(super().start())
            hello["readings"] = {"AMB.DEN-SMALL-TABLES": "fixed-fifteen"}
            return hello

    offer = offer_of_hello(Declaring().start())
    assert offer.rulesets["co-ban"].unplayable == {"AMB.DEN-SMALL-TABLES": "fixed-fifteen"}
    summary, _ = fuzz(Declaring("den-amount-single"), 150)
    assert summary.left_out["AMB.DEN-SMALL-TABLES=fixed-fifteen"] > 0
    assert "DEN.AMOUNT" in summary.left_out_clauses["AMB.DEN-SMALL-TABLES=fixed-fifteen"]
    assert "DEN.AMOUNT" not in {c.clause for c in summary.clusters.values()}
    data = summary.to_json()
    assert data["left_out"][0]["reading"] == "AMB.DEN-SMALL-TABLES=fixed-fifteen"


def test_a_bad_declaration_is_one_line_and_the_rest_is_kept() -> None:
    hello = _hello()
    hello["readings"] = {"AMB.NOPE": "x", "AMB.HOLD-BACK": "nope", "AMB.CHOT-PRICE": "one"}
    hello["lay_down"] = "automatic"
    offer = offer_of_hello(hello)
    text = "\n".join(offer.problems)
    assert "AMB.NOPE" in text and "'nope'" in text and "lay_down" in text
    assert all("\n" not in p for p in offer.problems)
    assert offer.rulesets["co-ban"].played == {"AMB.CHOT-PRICE": "one"}


def test_only_the_declared_rulesets_options_and_sizes_are_dealt() -> None:
    driver = ReadingDriver({}, rulesets=("ki-gui",), players=(4,), options={"ki_gui": [False]})
    summary, outs = fuzz(driver, 25)
    assert summary.games == 25 and summary.outcomes["pass"] == 25  # --games counts games played
    assert {(g.ruleset, g.players, g.options["ki_gui"]) for g in outs} == {("ki-gui", 4, False)}


def test_a_refused_deal_of_a_declared_table_is_a_divergence_under_deal() -> None:
    def refuse_three(request: dict[str, Any], state: dict[str, Any],
                     reply: dict[str, Any] | None) -> dict[str, Any] | None:
        if reply is None and request.get("type") == "new_game" and request["players"] == 3:
            return {"ok": False, "error": {"code": "unsupported", "message": "no 3 players"}}
        return None

    summary, outs = fuzz(RewriteDriver(refuse_three), 30)
    threes = [g for g in outs if g.players == 3]
    assert threes and all(g.outcome == "fail" for g in threes)
    assert all(g.outcome == "pass" for g in outs if g.players != 3)
    head = summary.clusters.headline
    assert head is not None and head.clause.startswith("DEAL.")
    assert head.signature.where == "deal/new_game"
    assert head.signature.reasons == ("accepted", "error:unsupported")
    assert summary.outcomes.get("skipped", 0) == 0


def test_a_probe_answered_unsupported_is_recorded_and_the_game_goes_on() -> None:
    def unsupported_probes(request: dict[str, Any], state: dict[str, Any],
                           reply: dict[str, Any] | None) -> dict[str, Any] | None:
        if reply is not None and request.get("type") == "apply" and \
                reply.get("ruling") == "rejected":  # a refused action changed nothing
            return {"ok": False, "error": {"code": "unsupported", "message": "no probes"}}
        return None

    summary, outs = fuzz(RewriteDriver(unsupported_probes), 30)
    assert summary.unsupported_probes > 0
    assert not summary.divergent and all(g.outcome == "pass" for g in outs)
    assert summary.to_json()["unsupported_probes"] == summary.unsupported_probes


def test_no_pass_probe_where_pass_is_never_legal() -> None:
    for i in range(150):
        script = play(make_plan(i, game_seed(0, i), "co-ban", probe_rate=0.5))
        assert not [d for d in script.decisions if d.probe and d.action["type"] == "pass"]


def test_fuzz_refuses_a_ruleset_the_implementation_does_not_declare() -> None:
    with pytest.raises(Exception, match="does not declare"):
        GameRunner(FuzzConfig(ruleset="u9la"), driver=ReadingDriver({}, rulesets=("co-ban",)))


def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def test_smoke_plays_a_declared_compulsory_lay_down(monkeypatch: pytest.MonkeyPatch) -> None:
    _env(monkeypatch)
    impl = f"{sys.executable} {READING_IMPL} AMB.HOLD-BACK=lay-all"
    result = CliRunner().invoke(cli, ["smoke", "--impl", impl, "--ruleset", "hoi-quan-bai",
                                      "--games", "3"])
    assert result.exit_code == 0, result.output
    assert "plays the declared readings AMB.HOLD-BACK=lay-all" in result.output
    silent = f"{sys.executable} {READING_IMPL} --silent AMB.HOLD-BACK=lay-all"
    result = CliRunner().invoke(cli, ["smoke", "--impl", silent, "--ruleset", "hoi-quan-bai",
                                      "--games", "3"])
    assert result.exit_code == 1, result.output  # undeclared, the reading is a difference


def test_fuzz_against_a_subprocess_declaring_a_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    _env(monkeypatch)
    impl = f"{sys.executable} {READING_IMPL} AMB.HOLD-BACK=lay-all AMB.CHOT-PRICE=one"
    summary, outs = fuzz(None, 30, impl=impl, ruleset="hoi-quan-bai")  # type: ignore[arg-type]
    assert not summary.divergent, summary.clusters.ranked()[:3]
    assert outs[0].readings == {"AMB.HOLD-BACK": "lay-all", "AMB.CHOT-PRICE": "one"}
