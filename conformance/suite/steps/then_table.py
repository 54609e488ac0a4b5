"""Then steps: turns, rounds, piles, hands, the stock and laid phỏm."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from conformance.suite.cards import card_code, codes, same_card
from conformance.suite.play import Play
from conformance.suite.steps.common import expect, own_laid, phom_with_sent
from conformance.suite.steps.registry import step
from reference_impl.action_text import CARD, CARDS, PHOM_WORD

# ---------------------------------------------------------------------------------------------
# Then: turns, rounds, piles


def _to_act_with(play: Play, seat: int, member: str, label: str, value: bool, want: str) -> None:
    """Check that ``seat`` is to act with the state's flag ``member`` (shown as ``label``) at
    ``value``."""
    st = play.state()
    got = f"seat {st.get('to_act')} to act, {label} {st.get(member)}"
    expect(play, st.get("to_act") == seat and st.get(member) is value, want, got)


@step(
    "then",
    r"it is seat (?P<seat>\d+)'s turn",
    "it is seat 2's turn",
    needs=["state"],
    clause="TURN.ORDER",
)
def _turn(play: Play, seat: int) -> None:
    st = play.state()
    expect(
        play, st.get("to_act") == seat, f"seat {seat} to act", f"seat {st.get('to_act')} to act"
    )


@step(
    "then",
    r"it is seat (?P<seat>\d+)'s turn in the final round",
    "it is seat 0's turn in the final round",
    needs=["state"],
    clause="ROUND.COUNT-BY-PILE",
)
def _turn_final(play: Play, seat: int) -> None:
    want = f"seat {seat} to act, final round True"
    _to_act_with(play, seat, "final_round", "final round", True, want)


@step(
    "then",
    r"it is seat (?P<seat>\d+)'s turn, not in the final round",
    "it is seat 0's turn, not in the final round",
    needs=["state"],
    clause="ROUND.COUNT-BY-PILE",
)
def _turn_not_final(play: Play, seat: int) -> None:
    want = f"seat {seat} to act, final round False"
    _to_act_with(play, seat, "final_round", "final round", False, want)


@step(
    "then",
    r"seat (?P<seat>\d+) gets a tái turn",
    "seat 0 gets a tái turn",
    needs=["state"],
    clause="ROUND.TAI",
)
def _tai(play: Play, seat: int) -> None:
    _to_act_with(play, seat, "tai", "tái", True, f"seat {seat} to act on a tái turn")


@step(
    "then",
    r"it is seat (?P<seat>\d+)'s turn, not a tái turn",
    "it is seat 0's turn, not a tái turn",
    needs=["state"],
    clause="ROUND.TAI",
)
def _not_tai(play: Play, seat: int) -> None:
    _to_act_with(play, seat, "tai", "tái", False, f"seat {seat} to act, no tái")


@step(
    "then",
    r"seat (?P<seat>\d+) is offered thêm vòng",
    "seat 3 is offered thêm vòng",
    needs=["state"],
    clause="ROUND.THEM-VONG",
)
def _them_vong(play: Play, seat: int) -> None:
    st = play.state()
    got = f"phase {st.get('phase')}, seat {st.get('to_act')} to act"
    expect(
        play,
        st.get("phase") == "them_vong" and st.get("to_act") == seat,
        f"phase them_vong, seat {seat} to act",
        got,
    )


@step(
    "then",
    r"nobody is offered thêm vòng",
    "nobody is offered thêm vòng",
    needs=["state"],
    clause="ROUND.THEM-VONG.ABSENT",
)
def _no_them_vong(play: Play) -> None:
    st = play.state()
    expect(play, st.get("phase") != "them_vong", "no thêm vòng", f"phase {st.get('phase')}")



@step(
    "then",
    rf"(?P<card>{CARD}) is moved from seat (?P<from_seat>\d+)'s pile"
    rf" to seat (?P<to_seat>\d+)'s pile",
    "5C is moved from seat 0's pile to seat 1's pile",
    clause="ROUND.CHUYEN-BAI",
)
def _moved(play: Play, card: str, from_seat: int, to_seat: int) -> None:
    moved = [e for e in play.last_events() if e.get("type") == "moved"]
    ok = any(
        same_card(e.get("card"), card) and e.get("from") == from_seat and e.get("to") == to_seat
        for e in moved
    )
    got = [f"{e.get('card')} {e.get('from')}->{e.get('to')}" for e in moved] or "no card moved"
    expect(play, ok, f"{card} moved {from_seat}->{to_seat}", got)


@step("then", r"no card is moved", "no card is moved", clause="ROUND.LEAD-IS-VICTIM")
def _not_moved(play: Play) -> None:
    moved = [
        f"{e.get('card')} {e.get('from')}->{e.get('to')}"
        for e in play.last_events()
        if e.get("type") == "moved"
    ]
    expect(play, not moved, "no card moved", moved)


def _pile_cards(st: Mapping[str, Any], seat: int) -> list[str]:
    piles = st.get("piles") or []
    return [card_code(str(p.get("card"))) for p in (piles[seat] if seat < len(piles) else [])]


@step(
    "then",
    rf"seat (?P<seat>\d+)'s pile is (?P<cards>{CARDS})",
    "seat 1's pile is 5C 8D",
    needs=["state"],
    clause="ROUND.COUNT-BY-PILE",
)
def _pile(play: Play, seat: int, cards: tuple[str, ...]) -> None:
    got = _pile_cards(play.state(), seat)
    expect(play, got == list(cards), list(cards), got)


@step(
    "then",
    r"seat (?P<seat>\d+)'s pile is empty",
    "seat 0's pile is empty",
    needs=["state"],
    clause="ROUND.COUNT-BY-PILE",
)
def _pile_empty(play: Play, seat: int) -> None:
    got = _pile_cards(play.state(), seat)
    expect(play, not got, [], got)


@step(
    "then",
    r"the piles hold (?P<counts>\d+(?:, \d+)*) cards",
    "the piles hold 4, 4, 4, 4 cards",
    needs=["state"],
    clause="ROUND.PILES-END-AT-FOUR|INV.PILES-FOUR|ROUND.COUNT-BY-PILE",
)
def _pile_counts(play: Play, counts: tuple[int, ...]) -> None:
    st = play.state()
    got = tuple(len(p) for p in st.get("piles") or [])
    expect(play, got == counts, counts, got)


def _chot_status(play: Play, card: str) -> bool | None:
    st = play.state()
    for pile in st.get("piles") or []:
        for entry in pile:
            if same_card(entry.get("card"), card):
                return bool(entry.get("chot"))
    for e in reversed(play.events):
        if e.get("type") in ("discarded", "ate") and same_card(e.get("card"), card):
            return bool(e.get("chot"))
    return None


@step(
    "then",
    rf"(?P<card>{CARD}) is a cây chốt",
    "KH is a cây chốt",
    needs=["state"],
    clause="ROUND.CHOT",
)
def _is_chot(play: Play, card: str) -> None:
    got = _chot_status(play, card)
    expect(
        play,
        got is True,
        f"{card} is a cây chốt",
        "not a cây chốt" if got is False else "card not found",
    )


@step(
    "then",
    rf"(?P<card>{CARD}) is not a cây chốt",
    "KH is not a cây chốt",
    needs=["state"],
    clause="ROUND.CHOT",
)
def _is_not_chot(play: Play, card: str) -> None:
    got = _chot_status(play, card)
    expect(
        play, got is False, f"{card} is not a cây chốt", "a cây chốt" if got else "card not found"
    )


@step(
    "then",
    rf"(?P<card>{CARD}) lies in seat (?P<seat>\d+)'s pile marked as moved",
    "5C lies in seat 1's pile marked as moved",
    needs=["state"],
    clause="ROUND.MOVED-CARD",
)
def _marked_moved(play: Play, card: str, seat: int) -> None:
    piles = play.state().get("piles") or []
    entries = [
        e for e in (piles[seat] if seat < len(piles) else []) if same_card(e.get("card"), card)
    ]
    expect(
        play,
        bool(entries) and entries[0].get("moved") is True,
        f"{card} in seat {seat}'s pile, moved",
        entries or "not in that pile",
    )


# ---------------------------------------------------------------------------------------------
# Then: hands, stock, laid phỏm



@step(
    "then",
    rf"seat (?P<seat>\d+)'s hand is (?P<cards>{CARDS})",
    "seat 1's hand is 5H 6H 7H",
    needs=["state"],
    clause="DEAL.HAND-SIZES",
)
def _hand(play: Play, seat: int, cards: tuple[str, ...]) -> None:
    hands = play.state().get("hands") or []
    got = sorted(codes(hands[seat])) if seat < len(hands) else []
    expect(play, got == sorted(cards), sorted(cards), got)


@step(
    "then",
    r"seat (?P<seat>\d+) holds (?P<n>\d+) cards",
    "seat 0 holds 10 cards",
    needs=["state"],
    clause="DEAL.HAND-SIZES",
)
def _hand_size(play: Play, seat: int, n: int) -> None:
    hands = play.state().get("hands") or []
    got = len(hands[seat]) if seat < len(hands) else None
    expect(play, got == n, n, got)


@step(
    "then",
    r"the stock holds (?P<n>\d+) cards",
    "the stock holds 15 cards",
    needs=["state"],
    clause="DEAL.STOCK|ROUND.STOCK-EXHAUSTED|INV.STOCK-EMPTY-4P",
)
def _stock_size(play: Play, n: int) -> None:
    st = play.state()
    expect(play, st.get("stock_count") == n, n, st.get("stock_count"))


@step(
    "then",
    r"the stock is empty",
    "the stock is empty",
    needs=["state"],
    clause="ROUND.STOCK-EXHAUSTED|INV.STOCK-EMPTY-4P",
)
def _stock_empty(play: Play) -> None:
    st = play.state()
    expect(play, st.get("stock_count") == 0, 0, st.get("stock_count"))


@step(
    "then",
    rf"the top of the stock is (?P<cards>{CARDS})",
    "the top of the stock is 2C 3C",
    needs=["state"],
    clause="DEAL.STOCK",
)
def _stock_top_then(play: Play, cards: tuple[str, ...]) -> None:
    got = codes((play.state().get("stock") or [])[: len(cards)])
    expect(play, got == list(cards), list(cards), got)


@step(
    "then",
    rf"seat (?P<seat>\d+) has laid (?P<phoms>{CARDS}(?: and {CARDS})*)",
    "seat 2 has laid 7S 7D 7H and 4H 5H 6H",
    needs=["state"],
    clause="LAY.VALID-PHOM",
)
def _has_laid(play: Play, seat: int, phoms: tuple[tuple[str, ...], ...]) -> None:
    got = own_laid(play.state(), seat)
    want = [frozenset(p) for p in phoms]
    expect(
        play, Counter(got) == Counter(want), [sorted(p) for p in want], [sorted(p) for p in got]
    )


@step(
    "then",
    r"seat (?P<seat>\d+) has laid nothing",
    "seat 3 has laid nothing",
    needs=["state"],
    clause="LAY.MOM",
)
def _laid_nothing(play: Play, seat: int) -> None:
    got = own_laid(play.state(), seat)
    expect(play, not got, "no phỏm laid", [sorted(p) for p in got])


@step(
    "then",
    rf"seat (?P<seat>\d+)'s {PHOM_WORD} (?P<index>\d+) is (?P<cards>{CARDS})",
    "seat 1's phỏm 0 is 5H 6H 7H 8H",
    needs=["state"],
    clause="SEND.ALLOWED",
)
def _phom_is(play: Play, seat: int, index: int, cards: tuple[str, ...]) -> None:
    got = phom_with_sent(play.state(), seat, index)
    expect(
        play,
        got == frozenset(cards),
        sorted(cards),
        sorted(got) if got is not None else "no such phỏm",
    )


