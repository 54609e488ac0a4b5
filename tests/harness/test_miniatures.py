"""The miniature implementations (conformance.miniatures): each is wrong in its one way and
speaks the protocol; ``phom-conformance miniatures --check`` names the scenarios none of them
fails at an expectation."""

from __future__ import annotations

import random
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.drivers.subprocess import SubprocessDriver
from conformance.miniatures import BY_ID, MINIATURES, Miniature
from conformance.miniatures.check import Board, expectation_failed, run_miniatures
from conformance.miniatures.never_ends import ending_at
from conformance.outcomes import Outcome, ScenarioResult
from conformance.suite.discover import load_scenarios
from reference_impl import Deal, Game, load_ruleset
from reference_impl.actions import to_json
from reference_impl.cards import format_card
from reference_impl.policies import GreedyPolicy
from reference_impl.server import Server
from tests.harness.helpers import invoke_main

FEATURES = Path(__file__).resolve().parents[2] / "features"
#: fx-quiet-4p (features/fixtures/deals.yaml): seat 0 opens, by discarding.
QUIET = {
    "hands": [["7S", "7D", "7H", "10S", "QC", "9H", "AH", "3S", "6C", "KS"],
              ["4H", "5H", "6H", "7C", "JD", "QH", "8D", "QS", "3C"],
              ["9C", "10C", "JC", "3H", "QD", "8H", "3D", "AS", "8S"],
              ["2S", "2D", "2C", "2H", "8C", "4S", "9S", "KD", "5C"]],
    "stock": ["JH", "6D", "5S", "5D", "KH", "6S", "10D", "4D", "4C", "AC", "AD", "9D", "JS",
              "10H", "KC"],
}


class Session:
    """A miniature (or the reference) answering requests in this process, ids numbered."""

    def __init__(self, server: Miniature | Server):
        self.server = server
        self.next_id = 0
        self.call("hello", protocol="1.0")

    def call(self, kind: str, **members: Any) -> dict[str, Any]:
        self.next_id += 1
        return self.server.handle({"id": self.next_id, "type": kind, **members})

    def new_game(self, deal: dict[str, Any], game: str = "g", players: int = 4) -> dict[str, Any]:
        return self.call("new_game", game=game, ruleset="co-ban", players=players, first=0,
                         deal=deal)

    def apply(self, seat: int, action: dict[str, Any], game: str = "g") -> dict[str, Any]:
        return self.call("apply", game=game, seat=seat, action=action)


def test_the_catalog_lists_every_miniature_once() -> None:
    assert [m.id for m in MINIATURES] == ["accept-all", "refuse-all", "never-pays",
                                          "never-ends", "null"]
    assert all(BY_ID[m.id] is m and m.summary for m in MINIATURES)


@pytest.mark.parametrize("miniature", MINIATURES, ids=[m.id for m in MINIATURES])
def test_each_runs_as_a_program_and_greets_as_itself(miniature: type[Miniature]) -> None:
    module = miniature.__module__
    driver = SubprocessDriver(f"{shlex.quote(sys.executable)} -m {module}", strict=True)
    try:
        hello = driver.start()
        reply = driver.call({"type": "new_game", "game": "g", "ruleset": "u9la", "players": 4,
                             "first": 0, "deal": QUIET})
    finally:
        driver.close()
    assert hello["name"] == f"miniature-{miniature.id}"
    # the reference's rulesets and queries: no scenario is skipped on a miniature
    assert {r["id"] for r in hello["rulesets"]} == {"co-ban", "hoi-quan-bai", "ki-gui", "u9la"}
    assert "next_game" in hello["queries"]
    assert reply["ok"] is True


def test_accept_all_accepts_what_the_rules_refuse_and_never_moves() -> None:
    s = Session(BY_ID["accept-all"]())
    s.new_game(QUIET)
    dealt = s.call("state", game="g")["state"]
    # seat 0 opens by discarding (TURN.OPENING-DISCARD): a draw, or seat 2's move, is refused
    assert s.apply(0, {"type": "draw"}) == {"id": s.next_id, "ok": True,
                                            "ruling": "accepted", "events": []}
    assert s.apply(2, {"type": "discard", "card": "9C"})["ruling"] == "accepted"
    assert s.call("state", game="g")["state"] == dealt
    assert s.call("legal_actions", game="g")["actions"] == []
    assert s.call("result", game="g")["result"] is None
    # a request that holds no action is still an error, as the protocol says
    bad = s.apply(0, {"type": "discard", "card": "1S"})
    assert bad["ok"] is False and bad["error"]["code"] == "malformed"


def test_refuse_all_refuses_the_legal_with_its_own_code_and_the_illegal_as_the_rules_do() -> None:
    s, reference = Session(BY_ID["refuse-all"]()), Session(Server())
    for session in (s, reference):
        session.new_game(QUIET)
    legal = s.apply(0, {"type": "discard", "card": "KS"})
    assert (legal["ruling"], legal["reason"], legal["clause"]) == ("rejected", "REFUSED", None)
    # the same again: the refusal changed nothing, the discard is still legal on the reference
    assert s.apply(0, {"type": "discard", "card": "KS"})["reason"] == "REFUSED"
    illegal = s.apply(0, {"type": "draw"})
    expected = reference.apply(0, {"type": "draw"})
    assert illegal["ruling"] == "rejected"
    assert (illegal["reason"], illegal["clause"]) == (expected["reason"], expected["clause"])
    assert s.call("legal_actions", game="g")["actions"] == []
    assert set(s.call("state", game="g")["state"]["hands"][0]) == set(QUIET["hands"][0])


def _greedy_game(seed: int) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """A deck and the actions of a greedy game on it (eats, lay-downs, sends: money moves)."""
    deck = [format_card(c) for c in range(52)]
    random.Random(seed).shuffle(deck)
    game = Game(load_ruleset("co-ban"), Deal.from_deck(deck))
    policy, moves = GreedyPolicy(seed), []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = policy.choose(game)
        game.apply(seat, action)
        moves.append((seat, to_json(action)))
    return {"deck": deck}, moves


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_never_pays_plays_the_reference_game_without_money(seed: int) -> None:
    deal, moves = _greedy_game(seed)
    s, reference = Session(BY_ID["never-pays"]()), Session(Server())
    paid = 0
    for session in (s, reference):
        session.new_game(deal)
    for seat, action in moves:
        mine, theirs = s.apply(seat, action), reference.apply(seat, action)
        paid += sum(e["type"] == "payment" for e in theirs["events"])
        assert mine["events"] == [e for e in theirs["events"] if e["type"] != "payment"]
    assert paid, "the game should move money for the test to say anything"
    result, true = s.call("result", game="g")["result"], reference.call("result", game="g")
    assert result["payments"] == [] and set(result["totals"]) == {0}
    assert result["ranking"] == true["result"]["ranking"]
    assert set(s.call("state", game="g")["state"]["money"]) == {0}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_never_ends_hides_the_end_and_goes_on(seed: int) -> None:
    deal, moves = _greedy_game(seed)
    s, reference = Session(BY_ID["never-ends"]()), Session(Server())
    for session in (s, reference):
        session.new_game(deal)
    for seat, action in moves[:-1]:
        assert s.apply(seat, action) == {**reference.apply(seat, action), "id": s.next_id}
    seat, action = moves[-1]
    last, true = s.apply(seat, action), reference.apply(seat, action)
    end = ending_at(true["events"])
    assert end is not None and last["events"] == true["events"][:end]
    assert not {"game_over", "u"} & {e["type"] for e in last["events"]}
    assert s.call("result", game="g")["result"] is None
    state, final = s.call("state", game="g")["state"], reference.call("state", game="g")["state"]
    assert state["phase"] == "draw_or_eat" and isinstance(state["to_act"], int)
    settled = [e for e in true["events"][end:] if e["type"] == "payment"]
    for p in settled:  # the settlement's money is taken back
        final["money"][p["to"]] -= p["amount"]
        final["money"][p["from"]] += p["amount"]
    assert state["money"] == final["money"]
    assert s.apply(state["to_act"], {"type": "draw"})["events"] == []


def test_ending_at_finds_the_u_and_the_settlement_before_game_over() -> None:
    pay = {"type": "payment", "from": 0, "to": 2, "amount": 5, "reason": "u"}
    events = [{"type": "ate", "seat": 2}, {"type": "payment", "reason": "eat"},
              {"type": "u", "seat": 2}, pay, pay, {"type": "game_over", "ending": "u"}]
    assert ending_at(events) == 2
    assert ending_at([{"type": "discarded"}, pay, {"type": "game_over"}]) == 1
    assert ending_at([{"type": "discarded"}, pay]) is None


def test_null_deals_nothing_accepts_any_deal_and_seats_zero_first() -> None:
    s = Session(BY_ID["null"]())
    assert s.new_game({"hands": [["AS"]], "stock": []}, players=4)["ok"] is True
    state = s.call("state", game="g")["state"]
    assert all(h == [] for h in state["hands"]) and state["stock_count"] == 0
    assert s.call("next_game", players=4, host=2, previous_winner=1) == {
        "id": s.next_id, "ok": True, "first": 0, "host": 0}


def _result(outcome: Outcome, step: str | None = None, sid: str = "s") -> ScenarioResult:
    return ScenarioResult(id=sid, name=sid, outcome=outcome, step=step)


def test_only_a_then_step_is_an_expectation() -> None:
    then = "features/x.feature:9: Then seat 0 pays seat 1 nothing for ăn bài"
    assert expectation_failed(_result(Outcome.FAIL, then))
    assert not expectation_failed(_result(Outcome.FAIL, "features/x.feature:7: When seat 0 draws"))
    assert not expectation_failed(_result(Outcome.FAIL, then + " (end of the scenario)"))
    assert not expectation_failed(_result(Outcome.ERROR, then))
    assert not expectation_failed(_result(Outcome.PASS))


def test_the_board_names_what_no_miniature_fails_at_an_expectation() -> None:
    then, when = "f:3: Then it is seat 1's turn", "f:2: When seat 0 discards KS"
    board = Board(scenarios=["tested", "untested", "setup"], results={
        "a": {"tested": _result(Outcome.FAIL, then, "tested"),
              "untested": _result(Outcome.PASS, sid="untested"),
              "setup": _result(Outcome.FAIL, when, "setup")},
        "b": {"tested": _result(Outcome.PASS, sid="tested"),
              "untested": _result(Outcome.PASS, sid="untested"),
              "setup": _result(Outcome.PASS, sid="setup")},
    })
    assert board.untested() == ["untested"] and board.setup_only() == ["setup"]
    assert board.killers("tested") == ["a"] and board.only_killer() == {"a": 1, "b": 0}
    assert board.counts("a") == {"pass": 1, "fail": 2, "expectation": 1}
    assert not board.clean and not board.broken()


def test_every_miniature_speaks_the_protocol_strictly_on_a_sample() -> None:
    sample = [s for s in load_scenarios([FEATURES / "session.feature", FEATURES / "u.feature"],
                                        rulesets=["co-ban"])]
    board = run_miniatures(sample, strict=True)
    assert not board.broken(), board.broken()[:3]
    assert board.clean


def cli(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str]:
    code, out, _ = invoke_main(monkeypatch, *args)
    return code, out


VACUOUS = '''Feature: vacuous
  @id:mini-vacuous @ruleset:co-ban @clause:U.THUONG @negative
  Scenario: nothing is asserted that a miniature gets wrong
    Given the deal "fx-quiet-4p"
    When the game starts
    Then nobody ù

  @id:mini-tested @ruleset:co-ban @clause:TURN.ORDER
  Scenario: the turn passes
    Given the deal "fx-quiet-4p"
    When seat 0 discards KS
    Then it is seat 1's turn
'''


def test_the_command_fails_naming_a_scenario_that_tests_nothing(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "vacuous.feature"
    path.write_text(VACUOUS, encoding="utf-8")
    code, out = cli(monkeypatch, "miniatures", "--check", str(path))
    assert code == 1, out
    assert "mini-vacuous" in out and "mini-tested" not in out
    code, out = cli(monkeypatch, "miniatures", str(path))
    assert code == 0, out
    code, out = cli(monkeypatch, "miniatures", "--check", "-k", "x", str(path))
    assert code == 3


def test_the_command_lists_the_miniatures(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = cli(monkeypatch, "miniatures", "--list")
    assert code == 0
    assert all(f"python -m {m.__module__}" in out for m in MINIATURES)
    code, _ = cli(monkeypatch, "miniatures", "--miniature", "nope")
    assert code == 3
