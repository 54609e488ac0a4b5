"""The reference's game at one decision of a script: its state, parameters and history, as
the rules that decide a divergence read them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from conformance.fuzz.generate import game_params, new_reference_game
from conformance.fuzz.script import GameScript
from conformance.fuzz.shape import apply_moves
from reference_impl.cards import parse_card
from reference_impl.game import Game


@dataclass
class Point:
    """The reference's game just before decision ``step`` of ``script``."""

    script: GameScript
    step: int

    @cached_property
    def game(self) -> Game:
        game = new_reference_game(self.script.setup)
        for d in self.script.decisions[: max(self.step, 0)]:
            if d.accepted:
                apply_moves(game, d.seat, d.action, d.moves)
        return game

    @cached_property
    def state(self) -> dict[str, Any]:
        return dict(self.game.state())

    @cached_property
    def params(self) -> dict[str, Any]:
        return game_params(self.script.setup)

    @property
    def phase(self) -> str:
        return str(self.state.get("phase"))

    def hand(self, seat: int) -> set[int]:
        return {int(parse_card(c)) for c in self.state["hands"][seat]}

    def eaten_in_hand(self, seat: int) -> set[int]:
        return {int(parse_card(c)) for c in self.state["eaten"][seat]} & self.hand(seat)

    def declared(self, seat: int) -> dict[int, set[int]]:
        """Each eaten card ``seat`` still holds, with the cards it named when eating it."""
        held = self.eaten_in_hand(seat)
        out: dict[int, set[int]] = {}
        for d in self.script.decisions[: self.step]:
            for e in d.ruling.get("events") or () if d.accepted else ():
                if e.get("type") == "ate" and e.get("seat") == seat:
                    card = int(parse_card(e["card"]))
                    if card in held:
                        out[card] = {int(parse_card(c)) for c in e.get("with") or ()}
        return out

    def is_chot(self, card: int) -> bool:
        """Is ``card``, on top of a discard pile, a cây chốt?"""
        for pile in self.state.get("piles") or []:
            if pile and parse_card(pile[-1]["card"]) == card:
                return bool(pile[-1].get("chot"))
        return False


def mask(cards: Iterable[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out
