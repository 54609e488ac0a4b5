"""Cards as small ints, card sets as 52-bit masks, and the one canonical notation.

A card is ``suit * 13 + rank_index`` where ``rank_index`` is 0 for the Ace up to 12 for
the King, and suits are ordered ♠ ♣ ♦ ♥ (S C D H).  The suit order is only an encoding:
no rule of any source ranks suits (see clause DECK.SUITS-UNRANKED).  Within one suit,
consecutive ranks are consecutive bits, so a run (phỏm dọc) is a contiguous bit field.

Notation (clause DECK.NOTATION): rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` accepted for
10) followed by suit ``S C D H`` (the symbols ``♠ ♣ ♦ ♥`` accepted), e.g. ``7S``, ``10H``,
``AD``, ``KC``.  :func:`format_card` always writes the canonical ASCII form.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NewType

Card = NewType("Card", int)
CardMask = NewType("CardMask", int)

SUITS = "SCDH"
SUIT_SYMBOLS = "♠♣♦♥"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FULL_DECK = CardMask((1 << 52) - 1)

#: The pattern every schema uses for one card code (canonical or accepted alternative).
CARD_PATTERN = r"^(?:A|[2-9]|10|T|J|Q|K)[SCDH♠♣♦♥]$"
_CARD_RE = re.compile(r"(A|[2-9]|10|T|J|Q|K)([SCDH♠♣♦♥])")
_RANK_INDEX = {r: i for i, r in enumerate(RANKS)} | {"T": 9}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)} | {s: i for i, s in enumerate(SUIT_SYMBOLS)}


class NotationError(ValueError):
    """A card code, or a list of card codes, that is malformed (not a rule violation)."""


def card(suit: int, rank_index: int) -> Card:
    """The card of ``suit`` (0..3, S C D H) and ``rank_index`` (0 = Ace .. 12 = King)."""
    if not (0 <= suit < 4 and 0 <= rank_index < 13):
        raise NotationError(f"no card with suit {suit!r} and rank index {rank_index!r}")
    return Card(suit * 13 + rank_index)


def suit_of(c: Card) -> int:
    return c // 13


def rank_of(c: Card) -> int:
    """Rank index: 0 for the Ace .. 12 for the King."""
    return c % 13


def points(c: Card) -> int:
    """Deadwood points of a card: A = 1, 2..10 face value, J 11, Q 12, K 13 (DECK.POINTS)."""
    return c % 13 + 1


#: Card codes already parsed, as written (the canonical 52 from the start); bounded, since
#: spellings with spaces or lower case are endless. Only codes that parse are kept.
_PARSED: dict[str, Card] = {}
PARSE_CACHE_SIZE = 1024


def parse_card(text: str) -> Card:
    """Parse one card code; raise :class:`NotationError` quoting the input when malformed."""
    if type(text) is str:
        known = _PARSED.get(text)
        if known is not None:
            return known
    c = _parse_card(text)
    if len(_PARSED) < PARSE_CACHE_SIZE:
        _PARSED[text] = c
    return c


def parse_cache_size() -> int:
    """How many card codes the parse cache holds now (at most :data:`PARSE_CACHE_SIZE`)."""
    return len(_PARSED)


def _parse_card(text: str) -> Card:
    if not isinstance(text, str):
        raise NotationError(f"card code must be a string, got {text!r}")
    s = text.strip().upper().replace("♠", "S").replace("♣", "C").replace("♦", "D")
    s = s.replace("♥", "H")
    m = _CARD_RE.fullmatch(s)
    if m is None:
        raise NotationError(
            f"malformed card code {text!r}: expected a rank (A 2-10 J Q K, T for 10) followed by"
            " a suit (S C D H or ♠ ♣ ♦ ♥), e.g. '7S', '10H', 'AD'"
        )
    return Card(_SUIT_INDEX[m.group(2)] * 13 + _RANK_INDEX[m.group(1)])


def format_card(c: int) -> str:
    """Canonical code of a card, e.g. ``'10H'``."""
    if not 0 <= c < 52:
        raise NotationError(f"no card with index {c!r} (cards are 0..51)")
    return RANKS[c % 13] + SUITS[c // 13]


#: The code of every card, by index (``CODES[0]`` is ``"AS"``): format_card without a call.
CODES: tuple[str, ...] = tuple(format_card(c) for c in range(52))


def parse_cards(codes: Iterable[str] | str, *, allow_duplicates: bool = False) -> list[Card]:
    """Parse a list of codes (or one space/comma separated string); duplicates are an error."""
    if isinstance(codes, str):
        codes = [t for t in re.split(r"[\s,]+", codes.strip()) if t]
    out: list[Card] = []
    seen: set[int] = set()
    for i, code in enumerate(codes):
        try:
            c = parse_card(code)
        except NotationError as e:
            raise NotationError(f"card {i + 1}: {e}") from None
        if c in seen and not allow_duplicates:
            raise NotationError(f"card {code!r} appears twice")
        seen.add(c)
        out.append(c)
    return out


_PARSED.update((format_card(c), Card(c)) for c in range(52))


def format_cards(cards: Iterable[int]) -> list[str]:
    return [format_card(c) for c in cards]


def mask_of(cards: Iterable[int]) -> CardMask:
    m = 0
    for c in cards:
        m |= 1 << c
    return CardMask(m)


def cards_of(mask: int) -> Iterator[Card]:
    """Cards of a mask in ascending index order."""
    while mask:
        low = mask & -mask
        yield Card(low.bit_length() - 1)
        mask ^= low


def _suit_tables() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    # Each rank set is the one without its highest rank, plus that card: the table for ranks
    # below ``high`` doubles with each rank (built at import, by every process of the kit).
    tables = []
    for s in range(4):
        table: list[tuple[Card, ...]] = [()]
        for high in range(13):
            card = (Card(13 * s + high),)
            table += [t + card for t in table]
        tables.append(tuple(table))
    return tuple(tables)


_T0, _T1, _T2, _T3 = _suit_tables()


def card_tuple(mask: int) -> tuple[Card, ...]:
    """Cards of a mask in ascending index order, as a tuple (fast: one lookup per suit)."""
    return (
        _T0[mask & 0x1FFF]
        + _T1[(mask >> 13) & 0x1FFF]
        + _T2[(mask >> 26) & 0x1FFF]
        + _T3[mask >> 39]
    )


def count(mask: int) -> int:
    return mask.bit_count()


def mask_points(mask: int) -> int:
    return sum(points(c) for c in cards_of(mask))


def format_mask(mask: int) -> str:
    """Readable form of a card set, cards sorted by suit then rank: ``'5H 6H 7H'``."""
    return " ".join(format_card(c) for c in cards_of(mask))


def full_deck() -> list[Card]:
    return [Card(i) for i in range(52)]
