"""Actions: frozen value types with a JSON form and a text form (docs/contract.md).

The text form is the action grammar of :mod:`reference_impl.action_text`.

Card groups are kept sorted by card index, so two actions naming the same cards in another
order are equal (lay-downs compare as sets of sets of cards).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from phomspec.cards import Card, NotationError, card_tuple, format_card, parse_card
from reference_impl.action_text import action_words, read_action
from reference_impl.errors import MalformedAction


def _card(value: Any, where: str) -> Card:
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < 52:
            return Card(value)
        raise MalformedAction(f"{where}: no card with index {value!r} (cards are 0..51)")
    try:
        return parse_card(value)
    except NotationError as e:
        raise MalformedAction(f"{where}: {e}") from None


def _cards(values: Any, where: str) -> tuple[Card, ...]:
    if type(values) is not list and (isinstance(values, str | bytes)
                                     or not isinstance(values, Iterable)):
        raise MalformedAction(f"{where}: expected a list of card codes, got {values!r}")
    out = tuple(sorted(_card(v, f"{where}[{i}]") for i, v in enumerate(values)))
    if len(set(out)) != len(out):
        raise MalformedAction(f"{where}: a card is named twice in {values!r}")
    return out


def _codes(cards: Iterable[int]) -> list[str]:
    return [format_card(c) for c in cards]


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top stock card (TURN.DRAW.STOCK-TOP)."""

    type: ClassVar[str] = "draw"

    def to_json(self) -> dict[str, Any]:
        return {"type": "draw"}

    def __str__(self) -> str:
        return action_words(self.to_json())


@dataclass(frozen=True, slots=True)
class Eat:
    """Eat the previous seat's latest discard ``card``, naming the hand cards ``with_``."""

    card: Card
    with_: tuple[Card, ...]
    type: ClassVar[str] = "eat"

    def __post_init__(self) -> None:
        object.__setattr__(self, "with_", tuple(sorted(self.with_)))

    def to_json(self) -> dict[str, Any]:
        return {"type": "eat", "card": format_card(self.card), "with": _codes(self.with_)}

    def __str__(self) -> str:
        return action_words(self.to_json())


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card``, ending the turn."""

    card: Card
    type: ClassVar[str] = "discard"

    def to_json(self) -> dict[str, Any]:
        return {"type": "discard", "card": format_card(self.card)}

    def __str__(self) -> str:
        return action_words(self.to_json())


@dataclass(frozen=True, slots=True)
class LayDown:
    """Lay down one or more phỏm of hand cards (final-round turn)."""

    phoms: tuple[tuple[Card, ...], ...]
    type: ClassVar[str] = "lay_down"

    def __post_init__(self) -> None:
        object.__setattr__(self, "phoms", tuple(sorted(tuple(sorted(p)) for p in self.phoms)))

    def to_json(self) -> dict[str, Any]:
        return {"type": "lay_down", "phoms": [_codes(p) for p in self.phoms]}

    def __str__(self) -> str:
        return action_words(self.to_json())


@dataclass(frozen=True, slots=True)
class Send:
    """Gửi ``card`` to phỏm number ``phom`` (0-based, lay-down order) of ``seat``."""

    card: Card
    seat: int
    phom: int
    type: ClassVar[str] = "send"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "send",
            "card": format_card(self.card),
            "to": {"seat": self.seat, "phom": self.phom},
        }

    def __str__(self) -> str:
        return action_words(self.to_json())


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the thêm vòng eat."""

    type: ClassVar[str] = "pass"

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}

    def __str__(self) -> str:
        return action_words(self.to_json())


@dataclass(frozen=True, slots=True)
class Timeout:
    """The turn timer ran out: the engine auto-plays the turn (TIME.AUTO-PLAY)."""

    type: ClassVar[str] = "timeout"

    def to_json(self) -> dict[str, Any]:
        return {"type": "timeout"}

    def __str__(self) -> str:
        return action_words(self.to_json())


@dataclass(frozen=True, slots=True)
class Leave:
    """The seat leaves the game."""

    type: ClassVar[str] = "leave"

    def to_json(self) -> dict[str, Any]:
        return {"type": "leave"}

    def __str__(self) -> str:
        return action_words(self.to_json())


@dataclass(frozen=True, slots=True)
class ClaimU:
    """Claim the ù that the seat's draw or eat has just made (u.claimed, U.AUTOMATIC)."""

    type: ClassVar[str] = "u"

    def to_json(self) -> dict[str, Any]:
        return {"type": "u"}

    def __str__(self) -> str:
        return action_words(self.to_json())


Action: TypeAlias = Draw | Eat | Discard | LayDown | Send | Pass | Timeout | Leave | ClaimU

DRAW = Draw()
PASS = Pass()
TIMEOUT = Timeout()
LEAVE = Leave()
CLAIM_U = ClaimU()
#: One shared Discard per card (legal_actions hands these out).
DISCARDS: tuple[Discard, ...] = tuple(Discard(Card(c)) for c in range(52))
# The Discards of every 8-card block of the deck, by the block's bits (7 tables of 256).
_BLOCKS = tuple(
    tuple(
        tuple(DISCARDS[8 * k + i] for i in range(8) if m >> i & 1 and 8 * k + i < 52)
        for m in range(256)
    )
    for k in range(7)
)
_B0, _B1, _B2, _B3, _B4, _B5, _B6 = _BLOCKS


def discards_of(mask: int) -> list[Action]:
    """The shared Discard of every card of ``mask``, in card order."""
    # one byte of the mask per block (indexing bytes makes no new int)
    b0, b1, b2, b3, b4, b5, b6 = mask.to_bytes(7, "little")
    return [*_B0[b0], *_B1[b1], *_B2[b2], *_B3[b3], *_B4[b4], *_B5[b5], *_B6[b6]]


# The actions legal_actions lists are shared values, made once each: an action taken from
# the list can then be recognised by identity (Game.apply's trusted path).  Each table is
# bounded by the game: an eat names a card and a phỏm holding it, a lay-down one phỏm, a
# send a card and a laid phỏm (at most 13 per seat).
_EATS: dict[int, Eat] = {}
_LAY_DOWNS: dict[int, LayDown] = {}
_SENDS: dict[int, Send] = {}


def eat_of(card: int, with_mask: int) -> Eat:
    """The shared Eat of ``card`` with the hand cards of ``with_mask``."""
    key = with_mask | card << 52
    a = _EATS.get(key)
    if a is None:
        a = _EATS[key] = Eat(Card(card), card_tuple(with_mask))
    return a


def lay_down_of(phom: int) -> LayDown:
    """The shared LayDown of the one phỏm ``phom`` (a card mask)."""
    a = _LAY_DOWNS.get(phom)
    if a is None:
        a = _LAY_DOWNS[phom] = LayDown((card_tuple(phom),))
    return a


def send_of(card: int, seat: int, phom: int) -> Send:
    """The shared Send of ``card`` to phỏm ``phom`` of ``seat``."""
    key = card | seat << 6 | phom << 8
    a = _SENDS.get(key)
    if a is None:
        a = _SENDS[key] = Send(Card(card), seat, phom)
    return a

ACTION_TYPES = ("draw", "eat", "discard", "lay_down", "send", "pass", "timeout", "leave", "u")


def _field(d: Mapping[str, Any], name: str, kind: str) -> Any:
    if name not in d:
        raise MalformedAction(f"{kind} action needs the field {name!r}: {dict(d)!r}")
    return d[name]


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedAction(f"{where}: expected an integer, got {value!r}")
    return value


def from_json(d: Any) -> Action:
    """The action of a JSON object; :class:`MalformedAction` says what is wrong."""
    if type(d) is not dict and not isinstance(d, Mapping):  # a dict first: no ABC check
        raise MalformedAction(f"an action is a JSON object with a 'type', got {d!r}")
    kind = d.get("type")
    if kind == "draw":
        return DRAW
    if kind == "pass":
        return PASS
    if kind == "timeout":
        return TIMEOUT
    if kind == "leave":
        return LEAVE
    if kind == "u":
        return CLAIM_U
    if kind == "discard":
        return DISCARDS[_card(_field(d, "card", kind), "discard.card")]
    if kind == "eat":
        card = _card(_field(d, "card", kind), "eat.card")
        return Eat(card, _cards(_field(d, "with", kind), "eat.with"))
    if kind == "lay_down":
        phoms = _field(d, "phoms", kind)
        if isinstance(phoms, str) or not isinstance(phoms, list | tuple) or not phoms:
            raise MalformedAction(
                f"lay_down.phoms: expected a non-empty list of phỏm, got {phoms!r}"
            )
        return LayDown(tuple(_cards(p, f"lay_down.phoms[{i}]") for i, p in enumerate(phoms)))
    if kind == "send":
        card = _card(_field(d, "card", kind), "send.card")
        to = _field(d, "to", kind)
        if not isinstance(to, Mapping):
            raise MalformedAction(f"send.to: expected {{'seat': s, 'phom': k}}, got {to!r}")
        seat = _int(_field(to, "seat", "send.to"), "send.to.seat")
        phom = _int(_field(to, "phom", "send.to"), "send.to.phom")
        return Send(card, seat, phom)
    raise MalformedAction(
        f"unknown action type {kind!r}; expected one of: {', '.join(ACTION_TYPES)}"
    )


def parse_action(text: str) -> Action:
    """The action of its text form in the action grammar (:mod:`reference_impl.action_text`):
    ``draw``, ``eat 5H with 6H 7H``, ``discard KS``, ``lay down 7S 7D 7H and 4H 5H 6H``,
    ``send 8H to seat 2's phỏm 0``, ``pass``, ``time out``, ``leave``, ``claim ù``."""
    return from_json(read_action(text))


def to_json(action: Action) -> dict[str, Any]:
    return action.to_json()
