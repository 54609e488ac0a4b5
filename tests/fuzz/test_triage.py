"""Triage by root cause: a fuzz game keeps going after a divergence that leaves both sides in
the same state, every divergence is filed under the rule that decides it, and divergences of
one signature are one cluster, shrunk once."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conformance.cli import cli
from conformance.drivers.inprocess import InProcessDriver
from conformance.fuzz.generate import play
from conformance.fuzz.plan import make_plan
from conformance.fuzz.run import FuzzConfig, GameOutcome, GameRunner
from conformance.fuzz.seeds import game_seed
from conformance.fuzz.shrink import Shrinker
from conformance.fuzz.summary import Summary, shrink_clusters
from conformance.mutants.driver import MutantDriver
from conformance.protocol import Driver
from tests.fuzz.fakes import MutantsDriver, ReadingDriver, RewriteDriver, eaten_lock


def fuzz(driver: Driver, games: int, ruleset: str | None = None, seed: int = 0,
         players: int | None = None) -> Summary:
    runner = GameRunner(FuzzConfig(games=games, seed=seed, ruleset=ruleset, players=players,
                                   shrink=False), driver=driver)
    summary = Summary()
    try:
        for i in range(games):
            summary.add(runner.run_game(i))
    finally:
        runner.close()
    return summary


def clauses(summary: Summary, at_least: int = 1) -> list[str]:
    """The clauses of the clusters, largest first."""
    return [c.clause for c in summary.clusters.ranked() if c.count >= at_least]


def mutant(mid: str) -> Driver:
    from conformance.mutants.catalog import BY_ID

    return MutantDriver(BY_ID[mid])


def test_a_two_bug_implementation_gives_two_clusters_with_their_clauses() -> None:
    summary = fuzz(MutantsDriver("eat-discard-eaten", "money-mom-3"), 30)
    top = clauses(summary)[:2]
    assert sorted(top) == ["MONEY.MOM-PAYMENT", "TURN.EAT.KEEP-IN-PHOM"], clauses(summary)
    # both bugs are found in the same games: the first does not hide the second
    keep = next(c for c in summary.clusters.values() if c.clause == "TURN.EAT.KEEP-IN-PHOM")
    mom = next(c for c in summary.clusters.values() if c.clause == "MONEY.MOM-PAYMENT")
    assert keep.games & mom.games


def test_a_game_goes_on_after_a_difference_that_leaves_the_states_equal() -> None:
    # eat-discard-eaten lists the discard of an eaten card at every such decision: each is a
    # divergence of its own, in one game, and the game is played to its end.
    runner = GameRunner(FuzzConfig(games=20, shrink=False), driver=mutant("eat-discard-eaten"))
    outs = [runner.run_game(i) for i in range(20)]
    many = [g for g in outs if len(g.divergences) > 1]
    assert many, [len(g.divergences) for g in outs]
    assert all(g.stopped is None for g in many)
    assert all(d["clause"] == "TURN.EAT.KEEP-IN-PHOM" for g in many for d in g.divergences)


def test_a_game_stops_when_the_states_differ_and_says_so() -> None:
    outs = [GameRunner(FuzzConfig(shrink=False), driver=mutant("round-no-chuyen-bai"))
            .run_game(i) for i in range(8)]
    stopped = [g for g in outs if g.divergences]
    assert stopped and all(g.stopped and "the states differ" in g.stopped for g in stopped)
    assert all(g.divergences[0]["clause"] == "ROUND.CHUYEN-BAI" for g in stopped)


def _headline(driver: Driver, games: int, ruleset: str | None = None) -> Any:
    summary = fuzz(driver, games, ruleset)
    assert summary.clusters.headline is not None, "no divergence found"
    return summary.clusters.headline, summary


def test_an_eaten_card_lock_refusing_a_legal_discard_is_the_eaten_card_rule() -> None:
    head, summary = _headline(RewriteDriver(eaten_lock), 30)
    assert head.clause == "TURN.EAT.KEEP-IN-PHOM", clauses(summary)
    assert head.signature.where.endswith("/discard")
    assert "TURN.DISCARD-ENDS-TURN" not in clauses(summary)


def test_a_hold_back_difference_is_the_hold_back_rule() -> None:
    head, summary = _headline(mutant("discard-must-lay-all"), 12)
    assert head.clause == "LAY.HOLD-BACK", clauses(summary)
    assert head.signature.where == "final_turn/discard"
    assert "legal discard(s) missing" in head.message


def test_a_refused_legal_action_shows_the_implementations_reason_code() -> None:
    head, summary = _headline(mutant("meld-run-max-4"), 150)
    refused = [c for c in summary.clusters.values() if c.signature.reasons[1] not in
               ("not listed", "listed")]
    assert head.clause == "PHOM.RUN.ANY-LENGTH"
    assert any(c.signature.reasons == ("accepted", "LAY_DOWN_INVALID_PHOM") and
               c.clause == "PHOM.RUN.ANY-LENGTH" for c in refused), clauses(summary)


def test_a_payment_difference_is_filed_under_the_payments_clause() -> None:
    head, _ = _headline(mutant("money-second-eat-1"), 12)
    assert head.clause == "EAT.NTH-CARD"
    assert head.signature.reasons == ("payment:eat", "payment:eat")
    assert "the action has other consequences" not in head.message
    assert "pays seat" in head.message and "the rules say 2" in head.message


def test_a_ranking_difference_is_filed_under_the_rule_that_orders_the_two_seats() -> None:
    head, summary = _headline(mutant("rank-mom-order-points")
                              if _has("rank-mom-order-points") else mutant("rank-all-mom-lowest"),
                              60)
    assert head.clause in ("RANK.MOM-ORDER", "RANK.ALL-MOM"), clauses(summary)
    assert head.signature.where == "result/ranking"
    head, summary = _headline(mutant("send-scored"), 40)
    assert head.clause == "SEND.NOT-SCORED", clauses(summary)


def _has(mid: str) -> bool:
    from conformance.mutants.catalog import BY_ID

    return mid in BY_ID


def test_an_u_den_difference_is_filed_under_its_case() -> None:
    head, summary = _headline(mutant("den-direct-everywhere"), 150)
    assert head.clause == "DEN.DIRECT-CHOT", clauses(summary)
    assert head.signature.reasons[1].endswith("den:direct_chot")


def test_a_khong_ki_gui_den_difference_is_the_room_option_rule() -> None:
    # An implementation that keeps the three-eats ù đền in a Không kí gửi room without
    # declaring it: filed under the room option's rule, not U.THUONG.
    driver = ReadingDriver({}, rulesets=("ki-gui",), plays={"AMB.KHONG-KI-GUI-DEN":
                                                            "three-eats-stays"},
                           options={"ki_gui": [False]})
    head, summary = _headline(driver, 200, "ki-gui")
    assert head.clause == "DEN.ROOM-OPTION", clauses(summary)
    assert "U.THUONG" not in clauses(summary)


def test_the_shrinker_keeps_each_clusters_signature(tmp_path: Any) -> None:
    config = FuzzConfig(games=12, seed=0, shrink=True, shrink_budget=20, out=str(tmp_path))
    driver = MutantsDriver("eat-discard-eaten", "eat-any-earlier")
    runner = GameRunner(config, driver=driver)
    summary = Summary()
    for i in range(12):
        summary.add(runner.run_game(i))
    big = [c for c in summary.clusters.ranked() if c.count >= 3]
    assert {c.clause for c in big} >= {"TURN.EAT.KEEP-IN-PHOM", "TURN.EAT.PREVIOUS-ONLY"}
    made: list[Any] = []
    shrink_clusters(config, summary, on_cluster=made.append, runner=runner)
    for c in big:
        assert c.fixture and c.fixture_size is not None, c.signature.key
        assert c.fixture_size <= (c.original_size or 0) + 1
    texts = {c.clause: Path(c.fixture or "").read_text(encoding="utf-8") for c in big}
    assert "TURN.EAT.KEEP-IN-PHOM" in texts["TURN.EAT.KEEP-IN-PHOM"]
    assert "TURN.EAT.PREVIOUS-ONLY" in texts["TURN.EAT.PREVIOUS-ONLY"]
    assert len(made) == len(summary.clusters)


def test_the_shrink_budget_is_in_seconds() -> None:
    driver = mutant("money-mom-3")
    driver.start()
    runner = GameRunner(FuzzConfig(shrink=False), driver=driver)
    trace = next(t for t in (runner.trace(i) for i in range(20)) if t.divergences)
    found = trace.divergences[0]
    shrunk = Shrinker(driver, budget=0.0).shrink(found.script, found.divergence, 1)
    assert shrunk.tried <= 1 and shrunk.divergence.signature == found.divergence.signature


def _all(outs: Iterable[GameOutcome]) -> list[GameOutcome]:
    return list(outs)


def test_every_game_records_its_setup_and_the_profile() -> None:
    runner = GameRunner(FuzzConfig(games=8, shrink=False), driver=InProcessDriver())
    outs = _all(runner.run_game(i) for i in range(8))
    declared = {k: runner.hello[k] for k in ("lay_down", "eat", "u", "money", "actions")}
    for g in outs:
        setup = g.setup_json()
        assert set(setup) >= {"ruleset", "players", "options", "readings", "profile"}
        assert setup["profile"] == declared  # whatever the hello declared
        if g.ruleset == "ki-gui":
            assert set(g.options) == {"ki_gui"}
    bare = GameRunner(FuzzConfig(shrink=False), driver=ReadingDriver({}, profile=False))
    assert bare.run_game(0).profile is None  # a 1.0 hello declares no profile member


def test_fuzz_json_prints_the_summary_with_its_clusters() -> None:
    result = CliRunner().invoke(cli, ["fuzz", "--impl", "mutant:money-mom-3", "--games", "12",
                                      "--json", "-q", "--no-shrink"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 12 and data["divergent_games"] >= 1
    assert data["clusters"]
    for c in data["clusters"]:
        assert {"clause", "count", "signature", "first_game", "fixture"} <= set(c)
    assert data["clusters"][0]["clause"] == "MONEY.MOM-PAYMENT"
    first = data["divergent"][0]
    assert {"ruleset", "options", "readings", "profile"} <= set(first)


@pytest.mark.parametrize("mid", ["u-khan-pairs-only", "u-all-ten"])
def test_an_u_difference_is_filed_under_the_rule_of_the_hand(mid: str) -> None:
    want = {"u-khan-pairs-only": "PHOM.CA", "u-all-ten": "U.THUONG"}[mid]
    head, summary = _headline(mutant(mid), 150 if mid == "u-all-ten" else 300,
                              "hoi-quan-bai" if mid == "u-khan-pairs-only" else None)
    assert head.clause == want, clauses(summary)


def test_the_reference_against_itself_keeps_no_cluster() -> None:
    summary = fuzz(InProcessDriver(), 40)
    assert not summary.clusters and not summary.divergent and summary.games == 40
    assert sum(1 for _ in play(make_plan(0, game_seed(0, 0))).decisions) > 10


def test_a_malformed_answer_is_a_protocol_cluster_not_a_crash() -> None:
    def no_payer(request: dict[str, Any], state: dict[str, Any], reply: dict[str, Any] | None
                 ) -> dict[str, Any] | None:
        if reply is None or request.get("type") != "apply" or not reply.get("events"):
            return None
        events = [{k: v for k, v in e.items() if k != "from"} if e["type"] == "payment" else e
                  for e in reply["events"]]
        return {**reply, "events": events}

    summary = fuzz(RewriteDriver(no_payer), 10)
    assert summary.games == 10
    assert summary.clusters and {c.clause for c in summary.clusters.values()} == {"protocol"}


def test_the_mutation_score_says_whether_the_headline_cites_the_mutants_clause() -> None:
    from conformance.mutants.catalog import BY_ID
    from conformance.mutants.score import score

    board = score([BY_ID["eat-with-ca"], BY_ID["discard-must-lay-all"]], games=20, seed=0,
                  suite=False)
    table = board.to_json()["headline_clause"]
    assert table["killed_by_fuzz"] == 2 and table["cites_own_clause"] == 2
    assert table["share"] == 1.0 and table["others"] == []
    assert all(s.headline_own for s in board.scores)
