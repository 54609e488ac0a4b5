"""The fuzz policies' shortcuts choose what their plain definitions choose."""

from __future__ import annotations

import random
from typing import Any

import pytest

from conformance.fuzz.generate import new_reference_game
from conformance.fuzz.plan import make_plan
from conformance.fuzz.policies import POINTS, best_discard
from reference_impl import melds
from reference_impl.actions import Action, Discard
from reference_impl.state import cores_of


def _plain_best_discard(game: Any, seat: int, discards: list[Action]) -> Action:
    """best_discard as its docstring says it: per discard, (in a cạ, deadwood left, -points),
    the least key, the first listed among equals."""
    st = game.st
    hand = st.hands[seat]
    best: tuple[int, int, int] | None = None
    choice = discards[0]
    for a in discards:
        if not isinstance(a, Discard):
            continue
        rest = hand & ~(1 << a.card)
        in_ca = any(melds.has_ca((1 << a.card) | (1 << c)) for c in range(52) if rest >> c & 1)
        eaten = st.eaten[seat] & rest
        pts, _ = melds.best_arrangement(rest, eaten, st.p.eat_distinct_phom,
                                        cores_of(st, eaten))
        key = (int(in_ca), int(pts), -POINTS[a.card])
        if best is None or key < best:
            best, choice = key, a
    return choice


@pytest.mark.parametrize("seed", [0, 1])
def test_best_discard_matches_its_definition(seed: int) -> None:
    checked = 0
    for index in range(40):
        plan = make_plan(index, seed * 1000 + index)
        game = new_reference_game(plan.setup)
        rng = random.Random(index)
        for _ in range(200):
            if game.is_over or game.to_act is None:
                break
            seat = game.to_act
            legal = game.legal_actions()
            if any(isinstance(a, Discard) for a in legal):
                assert best_discard(game, seat, legal) == _plain_best_discard(game, seat, legal)
                checked += 1
            game.apply(seat, rng.choice(legal))
    assert checked > 500
