"""The table before a scenario's game starts: what its Given steps build (:class:`Setup`),
and the protocol's deal it makes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.suite.cards import check_deal
from conformance.suite.model import FixtureIndex, Scenario, StepError
from conformance.suite.support import game_id, readings_to_send
from reference_impl.cards import format_card


@dataclass
class Setup:
    """Players, ruleset, options, deal and session, as the Given steps describe them."""

    fixtures: FixtureIndex = field(default_factory=FixtureIndex)
    players: int | None = None
    named_ruleset: str | None = None
    first: int | None = None
    options: dict[str, bool] = field(default_factory=dict)
    hands: dict[int, list[str]] = field(default_factory=dict)
    stock: list[str] | None = None
    stock_complete: bool = False
    deck: list[str] | None = None
    session: dict[str, Any] = field(default_factory=dict)
    #: The table between games, for the next_game query: previous winner, seats that left.
    table: dict[str, Any] = field(default_factory=dict)
    expect_refusal: bool = False
    deal_name: str | None = None
    #: Where each card was dealt (a hand, the stock, the deck order).
    origin: dict[str, str] = field(default_factory=dict)

    @property
    def is_empty(self) -> bool:
        """No table and no deal given: the scenario asks questions only (no game)."""
        return self.players is None and not self.hands and self.deck is None and not self.stock

    def _claim(self, cards: Sequence[str], where: str) -> None:
        for c in cards:
            if c in self.origin and not self.expect_refusal:
                raise StepError(
                    f"card {c} is dealt twice ({self.origin[c]} and {where}); a deal holds each"
                    " card once"
                )
            self.origin[c] = where

    def set_players(self, n: int) -> None:
        if self.players is not None and self.players != n:
            raise StepError(f"the table was already set to {self.players} players")
        self.players = n

    def hold(self, seat: int, cards: Sequence[str]) -> None:
        if seat in self.hands:
            raise StepError(f"seat {seat}'s hand is already given")
        self._claim(cards, f"seat {seat}'s hand")
        self.hands[seat] = list(cards)

    def set_stock(self, cards: Sequence[str], complete: bool) -> None:
        if self.stock is not None:
            raise StepError("the stock is already given")
        self._claim(cards, "the stock")
        self.stock = list(cards)
        self.stock_complete = complete

    def use_deal(self, name: str) -> None:
        deal = self.fixtures.deals.get(name)
        if deal is None:
            known = ", ".join(sorted(self.fixtures.deals)) or "none"
            raise StepError(f"no deal named {name!r} in features/fixtures/*.yaml (known: {known})")
        self.set_players(deal.players)
        self.deal_name = name
        if self.first is None:
            self.first = deal.first
        for seat, hand in enumerate(deal.hands):
            self.hold(seat, hand)
        self.set_stock(deal.stock, complete=True)

    def set_deck(self, cards: Sequence[str]) -> None:
        if self.deck is not None or self.hands:
            raise StepError("the deal is already given")
        self._claim(cards, "the deck order")
        self.deck = list(cards)

    def deal_message(self) -> tuple[int, int, dict[str, Any]]:
        """(players, first, the protocol's deal); raise StepError when it is not a deal."""
        if self.players is None:
            raise StepError('say how many players play: "Given a 4-player game"')
        players, first = self.players, self.first or 0
        if self.deck is not None:
            if len(self.deck) != 52 and not self.expect_refusal:
                raise StepError(f"a deck order holds 52 cards, not {len(self.deck)}")
            return players, first, {"deck": list(self.deck)}
        if not self.hands:
            raise StepError('give the hands ("Given seat 0 holds ...") or a named deal')
        hands = [self.hands.get(s, []) for s in range(players)]
        extra = sorted(s for s in self.hands if s >= players)
        if extra:
            raise StepError(f"seat {extra[0]} is not a seat of a {players}-player table")
        stock = list(self.stock or [])
        if not self.stock_complete:
            used = set(self.origin)
            stock += [format_card(i) for i in range(52) if format_card(i) not in used]
        if not self.expect_refusal:
            problems = check_deal(players, first, hands, stock)
            if problems:
                what = "; ".join(problems)
                raise StepError(f"{what} (a deal: every hand in full, and the stock)")
        return players, first, {"hands": [list(h) for h in hands], "stock": stock}

    def new_game(
        self, scenario: Scenario, dealt: tuple[int, int, dict[str, Any]]
    ) -> dict[str, Any]:
        """The ``new_game`` request of the scenario's game; ``dealt`` is :meth:`deal_message`'s
        answer."""
        players, first, deal = dealt
        message: dict[str, Any] = {
            "type": "new_game",
            "game": game_id(scenario.id),
            "ruleset": scenario.ruleset,
            "options": dict(self.options),
            "readings": readings_to_send(scenario),
            "players": players,
            "first": first,
            "deal": deal,
        }
        if self.session:
            message["session"] = dict(self.session)
        return message
