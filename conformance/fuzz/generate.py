"""Play a planned game on the reference engine: every decision, its legal set and ruling.

Now and then (``probe_rate``) an illegal action is tried first, to compare rejections too:
a discard of a card not in hand, an eat of a card that is not the latest discard, an action
by the wrong seat, a draw after drawing. The reference rejects it and nothing changes.
"""

from __future__ import annotations

import random
from typing import Any

from conformance.fuzz.plan import GamePlan
from conformance.fuzz.policies import Policy, make_policy
from conformance.fuzz.script import Decision, GameScript, Setup
from reference_impl import Deal, Game, load_ruleset
from reference_impl.actions import DRAW, PASS, Action, Discard, Eat, from_json, to_json
from reference_impl.cards import Card

#: A game never needs this many decisions; a policy loop is cut off here.
MAX_DECISIONS = 400


def new_reference_game(setup: Setup) -> Game:
    rs = load_ruleset(setup.ruleset, options=setup.options, readings=setup.readings)
    deal = Deal.from_hands([list(h) for h in setup.hands], list(setup.stock), first=setup.first)
    return Game(rs, deal, session=setup.engine_session())


def _probe(game: Game, seat: int, legal: list[Action], rng: random.Random) -> tuple[int, Action]:
    """An action the reference rejects (checked by the caller)."""
    kind = rng.randrange(4)
    if kind == 0:
        not_in_hand = [c for c in range(52) if not game.hand(seat) >> c & 1]
        return seat, Discard(Card(rng.choice(not_in_hand)))
    if kind == 1:
        hand = [c for c in range(52) if game.hand(seat) >> c & 1]
        pick = rng.sample(hand, 2) if len(hand) >= 2 else hand
        card = rng.choice([c for c in range(52) if c not in pick])
        return seat, Eat(Card(card), tuple(Card(c) for c in pick))
    if kind == 2:
        return (seat + 1) % game.players, DRAW if rng.random() < 0.5 else PASS
    return seat, DRAW if DRAW not in legal else PASS


def play(plan: GamePlan, policies: list[Policy] | None = None) -> GameScript:
    """The game of ``plan`` on the reference, with the plan's policies (or ``policies``)."""
    rng = random.Random(plan.seed ^ 0x5EED)
    seats = policies or [make_policy(name) for name in plan.policies]
    game = new_reference_game(plan.setup)
    decisions: list[Decision] = []
    while not game.is_over and len(decisions) < MAX_DECISIONS:
        seat = game.to_act
        if seat is None:
            break
        legal = game.legal_actions()
        legal_json = tuple(to_json(a) for a in legal)
        if plan.probe_rate and rng.random() < plan.probe_rate:
            pseat, probe = _probe(game, seat, legal, rng)
            ruling = game.apply(pseat, probe)
            if not ruling.ok:
                decisions.append(Decision(pseat, to_json(probe), ruling.to_json(), None, True))
            else:  # the probe happened to be legal: it stands as the decision
                decisions.append(Decision(pseat, to_json(probe), ruling.to_json(), legal_json))
                continue
        action = seats[seat].choose(game, seat, legal, rng)
        ruling = game.apply(seat, action)
        if not ruling.ok:
            # A policy's multi-phỏm lay-down the rules refuse: keep the ruling (a probe),
            # then play a listed action instead.
            decisions.append(Decision(seat, to_json(action), ruling.to_json(), None, True))
            action = rng.choice(legal)
            ruling = game.apply(seat, action)
        decisions.append(Decision(seat, to_json(action), ruling.to_json(), legal_json))
    return GameScript(plan.setup, tuple(game.start_events), tuple(decisions), game.result(),
                      plan.label)


def replay_actions(setup: Setup, actions: list[tuple[int, dict[str, Any]]]) -> GameScript | None:
    """Replay accepted actions on the reference (no probes); None if one is now illegal."""
    game = new_reference_game(setup)
    decisions: list[Decision] = []
    for seat, action in actions:
        if game.is_over:
            return None
        legal = tuple(to_json(a) for a in game.legal_actions()) if game.to_act == seat else None
        ruling = game.apply(seat, from_json(action))
        if not ruling.ok:
            return None
        decisions.append(Decision(seat, action, ruling.to_json(), legal))
    return GameScript(setup, tuple(game.start_events), tuple(decisions), game.result())
