"""Seeded players for fuzzing and benchmarks: random and greedy."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from phomspec.cards import Card
from reference_impl import melds, u
from reference_impl.actions import DISCARDS, Action, Discard, Eat, LayDown, Send
from reference_impl.auto import highest_card
from reference_impl.errors import EngineError
from reference_impl.game import Game
from reference_impl.state import DRAW_OR_EAT, FINAL_TURN, THEM_VONG, bits


class Policy(Protocol):
    def choose(self, game: Game) -> Action: ...


class RandomPolicy:
    """Uniform over ``legal_actions()``."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())


class GreedyPolicy:
    """Eats whenever it can, lays down the arrangement with the least deadwood, sends every
    card that fits, and discards the highest-point deadwood card that keeps eaten cards safe."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        seat = game.to_act
        if seat is None or not actions:
            raise EngineError("no action to choose")
        eats = [a for a in actions if isinstance(a, Eat)]
        if game.phase is DRAW_OR_EAT or game.phase is THEM_VONG:
            return self.rng.choice(eats) if eats else actions[0]  # draw, or pass
        hand = game.hand(seat)
        ue, distinct, cores = u.eaten_rules(game.st, seat)
        _, arrangement = melds.best_arrangement(hand, ue, distinct, cores)
        if game.phase is FINAL_TURN:
            if arrangement:
                return LayDown(tuple(tuple(Card(c) for c in bits(ph)) for ph in arrangement))
            sends = [a for a in actions if isinstance(a, Send)]
            if sends:
                return sends[0]
        legal = 0
        for a in actions:
            if isinstance(a, Discard):
                legal |= 1 << a.card
        deadwood = hand
        for ph in arrangement:
            deadwood &= ~ph
        pool = legal & deadwood or legal
        return DISCARDS[highest_card(pool)]


def play_game(game: Game, policies: Policy | Sequence[Policy]) -> dict[str, Any]:
    """Play ``game`` to the end, seat ``s`` choosing with ``policies[s]`` (or one policy for
    all); return the result.  A rejected choice is an engine bug."""
    while not game.is_over:
        seat = game.to_act
        if seat is None:
            raise EngineError("the game is not over but nobody is to act")
        policy = policies if not isinstance(policies, Sequence) else policies[seat]
        action = policy.choose(game)
        ruling = game.apply(seat, action)
        if not ruling.ok:
            raise EngineError(f"seat {seat}: {action} was listed but rejected: {ruling!r}")
    result = game.result()
    if result is None:
        raise EngineError("a finished game has no result")
    return result
