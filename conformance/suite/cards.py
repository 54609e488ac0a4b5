"""Cards in scenarios: codes (a StepError for a bad one), deals, and where the 52 cards lie.

Card codes read through the action grammar (:mod:`reference_impl.action_text`), so a step, a
script line and a game record say the same about a bad code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from conformance.suite.model import StepError
from reference_impl.action_text import ActionTextError, read_card, read_cards, read_phoms
from reference_impl.cards import NotationError, format_card, parse_card
from reference_impl.memo import Memo


def card_code(text: str) -> str:
    """Canonical code of one card; StepError quoting a bad code."""
    try:
        return read_card(text)
    except ActionTextError as e:
        raise StepError(str(e)) from None


def card_list(text: str) -> tuple[str, ...]:
    """Canonical codes of space-separated cards; a card listed twice is an error."""
    try:
        return tuple(read_cards(text))
    except ActionTextError as e:
        raise StepError(str(e)) from None


def phom_list(text: str) -> tuple[tuple[str, ...], ...]:
    """'7S 7D 7H and 4H 5H 6H' -> two phỏm; a card in two of them is a writing error."""
    try:
        groups = tuple(tuple(p) for p in read_phoms(text))
    except ActionTextError as e:
        raise StepError(str(e)) from None
    seen: set[str] = set()
    for g in groups:
        if seen & set(g):
            raise StepError(f"a card appears in two phỏm of {text!r}")
        seen |= set(g)
    return groups


#: The 52 canonical codes: each is its own canonical code (read_card gives it back).
_CANONICAL = frozenset(format_card(i) for i in range(52))


def codes(seq: Iterable[Any]) -> list[str]:
    """Canonical codes of the cards an implementation reported (StepError on a bad one)."""
    return [c if type(c) is str and c in _CANONICAL else card_code(str(c)) for c in seq]


def same_card(a: Any, b: str) -> bool:
    """Whether ``a`` (as reported) is the card ``b`` (canonical); False for a bad code."""
    try:
        return card_code(str(a)) == b
    except StepError:
        return False


# ---------------------------------------------------------------------------------------------
# Deals


#: Each deal checked once: a scenario deals alike on every run of it (the runs of a sweep,
#: of ``miniatures``, the reference's replays). Bounded; told apart by ``repr``, so a card or
#: seat read from YAML as another type is checked on its own.
_CHECKED: Memo[tuple[str, ...]] = Memo(4096)


def check_deal(
    players: int, first: int, hands: Sequence[Sequence[str]], stock: Sequence[str]
) -> list[str]:
    """What is wrong with an explicit deal (empty when it is 52 distinct cards, sized right)."""
    return list(_CHECKED.get((players, first, hands, stock),
                             lambda: tuple(_deal_problems(players, first, hands, stock))))


def _deal_problems(
    players: int, first: int, hands: Sequence[Sequence[str]], stock: Sequence[str]
) -> list[str]:
    out: list[str] = []
    if not 2 <= players <= 4:
        return [f"a table has 2 to 4 players, not {players}"]
    if not 0 <= first < players:
        out.append(f"first seat {first} is not a seat of a {players}-player table")
    if len(hands) != players:
        out.append(f"{len(hands)} hands given for {players} players")
    seen: dict[str, str] = {}
    unread = False
    for where, cards in [
        *((f"seat {i}'s hand", h) for i, h in enumerate(hands)),
        ("the stock", stock),
    ]:
        for code in cards:
            try:
                canon = format_card(parse_card(code))
            except NotationError as e:
                out.append(f"{where}: {e}")
                unread = True
                continue
            if canon in seen:
                out.append(f"card {canon} is dealt twice ({seen[canon]} and {where})")
            seen[canon] = where
    sizes = [
        f"seat {i} holds {len(h)} cards; it must hold {want}"
        for i, h in enumerate(hands)
        if len(h) != (want := 10 if i == first else 9)
    ]
    missing = [format_card(i) for i in range(52) if format_card(i) not in seen]
    if missing and not unread:
        # name the cards: a hand one short says which card is dealt nowhere
        nowhere = (f"{', '.join(missing[:6])}{', ...' if len(missing) > 6 else ''}"
                   f" {'is' if len(missing) == 1 else 'are'} dealt nowhere (hands + stock"
                   f" hold {len(seen)} of the 52 cards)")
        if sizes:
            sizes[0] += f"; {nowhere}"
        else:
            sizes.append(nowhere)
    return out + sizes


def fill_deal(
    players: int,
    first: int,
    hands: Mapping[int, Sequence[str]],
    stock_top: Sequence[str] = (),
    filler: Sequence[str] = (),
) -> tuple[list[list[str]], list[str]]:
    """Complete a deal from the cards that matter (a helper for writing fixtures).

    Each seat's hand is topped up to 10 (first) or 9 cards from ``filler`` in order, then the
    stock is ``stock_top`` followed by every card not yet dealt, in ``filler`` order and then
    in index order. The caller chooses ``filler`` so that the added cards cannot interfere
    (no phỏm, no cạ with the cards that matter); the result is not checked for that.
    """
    used = {format_card(parse_card(c)) for h in hands.values() for c in h}
    used |= {format_card(parse_card(c)) for c in stock_top}
    pool = [format_card(parse_card(c)) for c in filler]
    pool += [format_card(i) for i in range(52)]
    free: Iterator[str] = iter(dict.fromkeys(c for c in pool if c not in used))
    out_hands: list[list[str]] = []
    for seat in range(players):
        hand = [format_card(parse_card(c)) for c in hands.get(seat, ())]
        while len(hand) < (10 if seat == first else 9):
            hand.append(next(free))
        out_hands.append(hand)
    stock = [format_card(parse_card(c)) for c in stock_top] + list(free)
    return out_hands, stock


# ---------------------------------------------------------------------------------------------
# Where the cards of a state lie


def misplaced_cards(st: Mapping[str, Any]) -> str | None:
    """What is wrong with where the 52 cards are in a state (None when each is in one place):
    hands, stock, piles, laid phỏm and sent cards, leavers' cards included (INV.52-CARDS)."""
    places: list[str] = []
    for h in st.get("hands") or []:
        places += codes(h)
    places += codes(st.get("stock") or [])
    for pile in st.get("piles") or []:
        places += codes([e.get("card") for e in pile])
    laid_cards: list[str] = []
    for seat_laid in st.get("laid") or []:
        for phom in seat_laid:
            laid_cards += codes(phom)
    places += laid_cards
    for sender in st.get("sent") or []:
        places += [c for c in codes([s.get("card") for s in sender]) if c not in laid_cards]
    counts = Counter(places)
    twice = sorted(c for c, n in counts.items() if n > 1)
    missing = sorted(_CANONICAL - set(counts))
    if twice or missing:
        return f"twice: {twice}, missing: {missing}"
    return None
