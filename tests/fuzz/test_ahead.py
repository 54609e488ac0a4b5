"""Games played on the reference ahead of their turn are the games of their turn."""

from __future__ import annotations

import sys
from dataclasses import asdict
from typing import Any

import pytest

from conformance.drivers.inprocess import InProcessDriver
from conformance.drivers.subprocess import SubprocessDriver
from conformance.fuzz.ahead import Ahead
from conformance.fuzz.generate import play
from conformance.fuzz.plan import make_plan
from conformance.fuzz.run import FuzzConfig, GameOutcome, GameRunner
from conformance.fuzz.seeds import game_seed
from conformance.mutants.catalog import BY_ID
from conformance.mutants.driver import MutantDriver
from phomspec import list_rulesets

GAMES = list(range(12))


def _outcomes(runner: GameRunner, games: list[int]) -> list[dict[str, Any]]:
    try:
        outs: list[GameOutcome] = [runner.run_game(i) for i in games]
    finally:
        runner.close()
    return [{k: v for k, v in asdict(o).items() if k != "duration"} for o in outs]


def _server(*args: str) -> SubprocessDriver:
    return SubprocessDriver([sys.executable, "-m", "reference_impl.server", *args])


@pytest.mark.parametrize("args", [(), ("--profile", "auto-lay,bare-eat,no-money")],
                         ids=["1.0 shape", "shaped: every guess is wrong"])
def test_a_run_played_ahead_finds_what_it_finds_without(args: tuple[str, ...]) -> None:
    config = FuzzConfig(games=len(GAMES), seed=3, shrink=False)
    ahead = _outcomes(GameRunner(config, _server(*args), ahead=GAMES), GAMES)
    plain = _outcomes(GameRunner(config, _server(*args)), GAMES)
    assert ahead == plain


def test_a_mutant_run_played_ahead_finds_the_same_divergences() -> None:
    config = FuzzConfig(games=len(GAMES), seed=1, shrink=False)
    mutant = BY_ID["eat-any-earlier"]
    ahead = _outcomes(GameRunner(config, MutantDriver(mutant), ahead=GAMES), GAMES)
    plain = _outcomes(GameRunner(config, MutantDriver(mutant)), GAMES)
    assert ahead == plain
    assert any(o["outcome"] == "fail" for o in plain)


def test_a_script_is_used_only_with_the_plan_it_was_played_with() -> None:
    runner = GameRunner(FuzzConfig(games=4, seed=0, shrink=False), InProcessDriver())
    other = next(r for r in list_rulesets() if r != runner.plan(0).setup.ruleset)
    guessed = make_plan(0, game_seed(0, 0), other, None)  # game 0 under another ruleset
    ahead = Ahead([0, 1, 2])
    assert ahead.play_next(lambda i: guessed, guess=True)
    assert ahead.play_next(runner.plan)
    plan, script = ahead.take(0, runner.plan)
    assert plan == runner.plan(0) != guessed and script is None
    plan, script = ahead.take(1, runner.plan)
    assert plan == runner.plan(1) and script == play(plan)
    plan, script = ahead.take(2, runner.plan)  # its turn came first: played then
    assert script is None and not ahead.pending
    runner.close()
