"""The metamorphic mode: the suit and seat transforms, and what they catch."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.drivers.inprocess import InProcessDriver
from conformance.fuzz.generate import play
from conformance.fuzz.metamorphic import (
    Transform,
    check,
    map_action,
    map_result,
    map_setup,
    seat_rotation,
    suit_permutation,
)
from conformance.fuzz.plan import make_plan
from conformance.fuzz.run import FuzzConfig, GameRunner
from conformance.fuzz.seeds import game_seed
from conformance.fuzz.summary import Summary
from conformance.protocol import Driver, Pending
from conformance.protocol.compare import action_of

SEEDS = [game_seed(3, i) for i in range(12)]


def _transforms(seed: int, players: int) -> list[Transform]:
    return [suit_permutation(seed, players), seat_rotation(seed, players)]


def test_the_transforms_move_something() -> None:
    for seed in SEEDS:
        for n in (2, 3, 4):
            suits, seats = _transforms(seed, n)
            assert suits.suits != (0, 1, 2, 3)
            assert sorted(suits.suits) == [0, 1, 2, 3]
            assert 1 <= seats.shift < n


def test_a_suit_permutation_renames_cards_by_suit_only() -> None:
    t = Transform("suit permutation", 4, suits=(3, 2, 1, 0))  # S<->H, C<->D
    assert [t.card(c) for c in ("AS", "10C", "QD", "KH")] == ["AH", "10D", "QC", "KS"]
    assert t.inverse().suits == (3, 2, 1, 0)


def test_a_rotation_renames_seats_and_moves_totals() -> None:
    t = Transform("seat rotation", 3, shift=1)
    result = {"ending": "normal", "winner": 2, "u": None,
              "ranking": [{"seat": 2, "place": 1}, {"seat": 0, "place": 2},
                          {"seat": 1, "place": 3}],
              "payments": [{"from": 0, "to": 2, "amount": 3, "reason": "nhi"}],
              "totals": [-3, -6, 9]}
    moved = map_result(t, result)
    # seat s becomes s+1 mod 3: the winner 2 becomes 0; seat 0's -3 now stands at seat 1.
    assert moved["winner"] == 0
    assert moved["payments"] == [{"from": 1, "to": 0, "amount": 3, "reason": "nhi"}]
    assert moved["totals"] == [9, -3, -6]
    assert [r["seat"] for r in moved["ranking"]] == [0, 1, 2]


@pytest.mark.parametrize("index", range(12))
def test_the_transforms_are_bijections(index: int) -> None:
    seed = SEEDS[index]
    script = play(make_plan(index, seed))
    n = script.setup.players
    for t in _transforms(seed, n):
        back = t.inverse()
        assert map_setup(back, map_setup(t, script.setup)) == script.setup
        for d in script.decisions:
            # compared as actions: a lay-down's phỏm come back in card order
            assert action_of(map_action(back, map_action(t, d.action))) == action_of(d.action)
        if script.result is not None:
            assert map_result(back, map_result(t, script.result)) == script.result
        deck = [c for h in map_setup(t, script.setup).hands for c in h]
        deck += list(map_setup(t, script.setup).stock)
        assert len(set(deck)) == len(deck) == sum(len(h) for h in script.setup.hands) + len(
            script.setup.stock)


def test_the_reference_passes_the_metamorphic_check() -> None:
    driver = InProcessDriver()
    driver.start()
    checks = 0
    for i in range(40):
        seed = game_seed(0, i)
        out = check(driver, play(make_plan(i, seed)), seed)
        assert out.divergence is None, out.divergence
        checks += out.checks
    assert checks == 80


class _Done(Pending):
    def __init__(self, reply: dict[str, Any]):
        self.reply = reply

    def result(self) -> dict[str, Any]:
        return self.reply


class _Biased(Driver):
    """The in-process reference, except that it refuses some eats with a made-up reason."""

    def __init__(self, refuses: Any):
        self.inner = InProcessDriver()
        self.refuses = refuses

    def start(self) -> dict[str, Any]:
        self.hello = self.inner.start()
        return self.hello

    def send(self, message: dict[str, Any]) -> Pending:
        action = message.get("action") or {}
        if message.get("type") == "apply" and action.get("type") == "eat" and self.refuses(
                message["seat"], action["card"]):
            return _Done({"ok": True, "ruling": "rejected", "reason": "NO_HEARTS_TODAY",
                          "clause": "EAT.WHICH-CARD"})
        return self.inner.send(message)

    def close(self) -> None:
        self.inner.close()


@pytest.mark.parametrize(("refuses", "caught_by"), [
    (lambda seat, card: card.endswith("H"), "suit permutation"),
    (lambda seat, card: seat == 1, "seat rotation"),
])
def test_a_biased_implementation_is_caught(refuses: Any, caught_by: str) -> None:
    config = FuzzConfig(games=40, seed=0, shrink=False, metamorphic=True)
    runner = GameRunner(config, driver=_Biased(refuses))
    summary = Summary()
    try:
        for i in config.indices():
            summary.add(runner.run_game(i))
    finally:
        runner.close()
    caught = [g for g in summary.divergent if g.metamorphic_failed]
    assert caught, "no metamorphic check failed"
    assert summary.metamorphic_failed == len(caught) <= summary.metamorphic_checks // 2
    assert any(f"metamorphic: {caught_by}" in g.message for g in caught)
    assert all(g.divergence and g.divergence["kind"] == "metamorphic" for g in caught)
    assert all("--metamorphic" in g.replay for g in caught)


def test_without_the_flag_no_metamorphic_check_is_made() -> None:
    runner = GameRunner(FuzzConfig(games=5, seed=0), driver=_Biased(lambda s, c: False))
    try:
        outs = [runner.run_game(i) for i in range(5)]
    finally:
        runner.close()
    assert all(g.metamorphic_checks == 0 and g.outcome == "pass" for g in outs)
