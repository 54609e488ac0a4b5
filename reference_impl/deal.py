"""A deal: every seat's hand and the stock order (DEAL.HAND-SIZES, DEAL.STOCK, DEAL.DECK-ORDER)."""

from __future__ import annotations

import _random
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from phomspec.cards import Card, NotationError, format_card, parse_card
from reference_impl.errors import DealError


def _to_card(value: Any, where: str) -> Card:
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < 52:
            return Card(value)
        raise DealError(f"{where}: no card with index {value!r} (cards are 0..51)")
    try:
        return parse_card(value)
    except NotationError as e:
        raise DealError(f"{where}: {e}") from None


def _to_cards(values: Any, where: str) -> tuple[Card, ...]:
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise DealError(f"{where}: expected a list of cards, got {values!r}")
    return tuple(_to_card(v, f"{where} card {i + 1}") for i, v in enumerate(values))


#: shuffle's steps over 52 cards: swap place i with a place below n = i + 1, drawn with k bits.
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(51, 0, -1))
_DECK: list[Card] = list(range(52))  # type: ignore[arg-type]
_SAME_SHUFFLE = random.Random._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


def shuffled_deck(seed: int) -> list[Card]:
    """The 52 cards in the order ``random.Random(seed).shuffle`` gives them (the same draws,
    without its per-card calls)."""
    deck: list[Card] = _DECK[:]
    if not _SAME_SHUFFLE or type(seed) is not int:
        random.Random(seed).shuffle(deck)
        return deck
    # random.Random(seed) seeds this generator with the int itself (Random.seed)
    getrandbits = _random.Random(seed).getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _deal_plan(players: int, first: int) -> itemgetter[Any]:
    """The slices of a deck that :meth:`Deal.from_deck` deals (DEAL.DECK-ORDER), in one
    getter: every seat's hand in seat order, then the stock.  The first seat takes cards
    0, n, 2n, ... 9n (its tenth card is the one after the round of nines)."""
    end = 9 * players
    slices = [slice(0)] * players
    for k in range(players):
        slices[(first + k) % players] = slice(k, end + 1 if k == 0 else end, players)
    return itemgetter(*slices, slice(end + 1, None))


#: _deal_plan by (players, first seat).
_DEAL_PLANS = {(n, f): _deal_plan(n, f) for n in range(2, 5) for f in range(n)}


@dataclass(frozen=True)
class Deal:
    """Hands indexed by seat (play order), the stock top first, and the seat that goes first."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    first: int

    @property
    def players(self) -> int:
        return len(self.hands)

    def __post_init__(self) -> None:
        n = len(self.hands)
        if not 2 <= n <= 4:
            raise DealError(f"a deal is for 2 to 4 players, got {n} hands (DECK.PLAYERS)")
        if (
            isinstance(self.first, bool)
            or not isinstance(self.first, int)
            or not 0 <= self.first < n
        ):
            raise DealError(f"first must be a seat 0..{n - 1}, got {self.first!r}")
        where: dict[int, str] = {}
        places = [(f"hand of seat {s}", h) for s, h in enumerate(self.hands)]
        places.append(("stock", self.stock))
        for name, cards in places:
            for i, c in enumerate(cards):
                here = f"{name} (card {i + 1})"
                if c in where:
                    raise DealError(
                        f"card {format_card(c)} is dealt twice: {where[c]} and {here}"
                        " (DECK.52-CARDS)"
                    )
                where[c] = here
        for s, h in enumerate(self.hands):
            want = 10 if s == self.first else 9
            if len(h) != want:
                raise DealError(
                    f"seat {s} has {len(h)} cards; the first player (seat {self.first}) gets 10"
                    f" and every other seat 9 (DEAL.HAND-SIZES)"
                )
        missing = [format_card(c) for c in range(52) if c not in where]
        if missing:
            raise DealError(
                f"the deal holds {len(where)} cards, not 52: missing {' '.join(missing)}"
                f" (in no hand and not in the stock; DECK.52-CARDS)"
            )

    @classmethod
    def from_hands(
        cls, hands: Sequence[Sequence[Any]], stock: Sequence[Any], first: int = 0
    ) -> Deal:
        """A deal from explicit hands (codes or card ints) and the stock, top first."""
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise DealError(f"hands: expected a list of hands, got {hands!r}")
        hs = tuple(_to_cards(h, f"hand of seat {s}") for s, h in enumerate(hands))
        return cls(hs, _to_cards(stock, "stock"), first)

    @classmethod
    def from_deck(cls, deck: Sequence[Any], players: int = 4, first: int = 0) -> Deal:
        """Deal ``deck`` one card at a time from ``first`` in play order until everyone has 9,
        then one more to ``first``; the rest is the stock, top first (DEAL.DECK-ORDER)."""
        cards = _to_cards(deck, "deck")
        if len(cards) != 52:
            raise DealError(f"a deck has 52 cards, got {len(cards)} (DECK.52-CARDS)")
        return cls._dealt(cards, players, first)

    @classmethod
    def _dealt(
        cls, cards: Sequence[Card], players: int, first: int, checked: bool = True
    ) -> Deal:
        """Deal ``cards`` (DEAL.DECK-ORDER); ``checked=False`` for a deck of the 52 cards
        the engine made itself, which needs no re-validation."""
        if type(players) is not int or not 2 <= players <= 4:
            raise DealError(f"a deal is for 2 to 4 players, got {players!r} (DECK.PLAYERS)")
        if type(first) is not int or not 0 <= first < players:
            raise DealError(f"first must be a seat 0..{players - 1}, got {first!r}")
        *by_seat, stock = _DEAL_PLANS[players, first](tuple(cards))  # its slices are tuples
        hands = tuple(by_seat)
        if checked:
            return cls(hands, stock, first)
        deal = object.__new__(cls)
        # the fields a frozen dataclass keeps in its __dict__, set as its __init__ would
        deal.__dict__.update(hands=hands, stock=stock, first=first)
        return deal

    @classmethod
    def shuffled(cls, seed: int, players: int = 4, first: int = 0) -> Deal:
        """A deck shuffled by ``random.Random(seed)``, dealt by :meth:`from_deck`."""
        return cls._dealt(shuffled_deck(seed), players, first, checked=False)

    @classmethod
    def from_json(
        cls, d: Mapping[str, Any], players: int | None = None, first: int | None = None
    ) -> Deal:
        """A deal of the protocol's form: ``{"hands": [...], "stock": [...]}`` or
        ``{"deck": [...]}``, with ``first`` (and ``players`` for a deck) given in ``d`` or here."""
        if not isinstance(d, Mapping):
            raise DealError(f"a deal is an object with 'hands' and 'stock', or 'deck'; got {d!r}")
        f = d.get("first", first if first is not None else 0)
        if "deck" in d:
            n = d.get("players", players if players is not None else 4)
            return cls.from_deck(d["deck"], n, f)
        if "hands" not in d or "stock" not in d:
            raise DealError("a deal needs 'hands' and 'stock' (or 'deck')")
        return cls.from_hands(d["hands"], d["stock"], f)

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [[format_card(c) for c in h] for h in self.hands],
            "stock": [format_card(c) for c in self.stock],
            "first": self.first,
        }
