"""Play a planned game on the reference engine: every decision, its legal set and ruling.

Now and then (``probe_rate``) an illegal action is tried first, to compare rejections too:
a discard of a card not in hand, an eat of a card that is not the latest discard, an action
by the wrong seat, a draw after drawing. The reference rejects it and nothing changes.

The game is played in the shape of the plan's profile (:mod:`conformance.fuzz.shape`): the
policies and the probes choose among the actions such an engine takes, in its form.
"""

from __future__ import annotations

import random
from typing import Any

from conformance.errors import HarnessError
from conformance.fuzz.plan import GamePlan
from conformance.fuzz.policies import Policy, make_policy
from conformance.fuzz.script import Decision, GameScript, Setup
from conformance.fuzz.shape import Table, action_json, apply_moves
from phomspec import ResolvedRuleset
from reference_impl import Deal, Game, load_ruleset
from reference_impl.actions import DRAW, PASS, Action, Discard, Eat, from_json, to_json
from reference_impl.cards import Card
from reference_impl.profiles import DEFAULT, Profile

#: A game never needs this many decisions; a policy loop is cut off here.
MAX_DECISIONS = 400


def ruleset_of(setup: Setup) -> ResolvedRuleset:
    """The ruleset ``setup`` is played by (resolved once while kept: see
    :func:`reference_impl.params.load_ruleset`)."""
    return load_ruleset(setup.ruleset, options=setup.options, readings=setup.readings)


def new_reference_game(setup: Setup) -> Game:
    rs = ruleset_of(setup)
    deal = Deal.from_hands([list(h) for h in setup.hands], list(setup.stock), first=setup.first)
    return Game(rs, deal, session=setup.engine_session())


def _probe(game: Game, seat: int, legal: list[Action], rng: random.Random,
           them_vong: bool, profile: Profile = DEFAULT) -> tuple[int, Action]:
    """An action the reference rejects (checked by the caller); a ``pass`` only where the
    ruleset has thêm vòng (elsewhere pass is never legal, and its refusal tests nothing) and
    the implementation takes it; an eat in the profile's form."""
    kind = rng.randrange(4)
    hand = [c for c in range(52) if game.hand(seat) >> c & 1]
    them_vong = them_vong and profile.takes("pass")
    if kind == 0 or (not hand and not them_vong):
        # An empty hand (a tái turn after a declined ù laid all but the discard) has no card
        # of its own to probe with.
        not_in_hand = [c for c in range(52) if c not in hand]
        return seat, Discard(Card(rng.choice(not_in_hand)))
    if kind == 1:
        pick = rng.sample(hand, 2) if len(hand) >= 2 else hand
        card = rng.choice([c for c in range(52) if c not in pick])
        partners = () if profile.eat == "bare" else tuple(Card(c) for c in pick)
        return seat, Eat(Card(card), partners)
    if kind == 2:
        return (seat + 1) % game.players, DRAW if rng.random() < 0.5 or not them_vong else PASS
    if DRAW not in legal:
        return seat, DRAW
    return seat, PASS if them_vong else Discard(Card(rng.choice(hand)))


def play(plan: GamePlan, policies: list[Policy] | None = None) -> GameScript:
    """The game of ``plan`` on the reference, with the plan's policies (or ``policies``)."""
    script = play_on(plan, policies=policies)
    if script is None:  # only a restricted first decision can find nothing to play
        raise HarnessError(f"{plan.label}: the reference has no legal action to play")
    return script


def play_on(plan: GamePlan, prefix: tuple[Decision, ...] = (),
            avoid: frozenset[Action] = frozenset(), policies: list[Policy] | None = None
            ) -> GameScript | None:
    """The game of ``plan`` going on from the decisions ``prefix`` (played again as they
    are), its next decision taking none of the actions ``avoid`` (what one side of a
    lockstep refused) and no probe first; None when no legal action is left for it."""
    seats = policies or [make_policy(name) for name in plan.policies]
    game = new_reference_game(plan.setup)
    for d in prefix:
        apply_moves(game, d.seat, d.action, d.moves)
    table = Table(game, plan.profile)
    shaped = table.shaped is not None
    as_json = action_json if shaped else to_json  # the 1.0 shape: as fast as the engine
    rng = random.Random(plan.seed ^ 0x5EED) if not prefix and not avoid else random.Random(
        f"{plan.seed}:{len(prefix)}:{sorted(map(repr, avoid))}")
    them_vong = bool(game_params(plan.setup)["rounds.them_vong"])
    decisions: list[Decision] = list(prefix)
    while not game.is_over and len(decisions) < MAX_DECISIONS:
        seat = game.to_act
        if seat is None:
            break
        legal, legal_json = table.legal()
        allowed = [a for a in legal if a not in avoid] if avoid else legal
        if not allowed:
            return None
        if plan.probe_rate and not avoid and rng.random() < plan.probe_rate:
            pseat, probe = _probe(game, seat, legal, rng, them_vong, plan.profile)
            ruling, moves = table.apply(pseat, probe)
            if not ruling.ok:
                decisions.append(Decision(pseat, as_json(probe), ruling.to_json(), None,
                                          True))
            else:  # the probe happened to be legal: it stands as the decision
                decisions.append(Decision(pseat, as_json(probe), ruling.to_json(),
                                          legal_json, moves=moves))
                avoid = frozenset()
                continue
        action = seats[seat].choose(game, seat, allowed, rng)
        if action in avoid or (shaped and not table.takes(action)):
            action = rng.choice(allowed)
        ruling, moves = table.apply(seat, action)
        if not ruling.ok:
            # A policy's multi-phỏm lay-down the rules refuse: keep the ruling (a probe),
            # then play a listed action instead.
            decisions.append(Decision(seat, as_json(action), ruling.to_json(), None, True))
            action = rng.choice(allowed)
            ruling, moves = table.apply(seat, action)
        decisions.append(Decision(seat, as_json(action), ruling.to_json(), legal_json,
                                  moves=moves))
        avoid = frozenset()
    return GameScript(plan.setup, table.start_events(), tuple(decisions), table.result(),
                      plan.label, plan.profile)


def game_params(setup: Setup) -> dict[str, Any]:
    """The parameters the reference plays ``setup`` by."""
    return ruleset_of(setup).params


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
