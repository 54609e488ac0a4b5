"""Then steps as checks: the table (turns, rounds, piles, hands, the stock, laid phỏm) and the
invariants. The handlers are in conformance.suite.steps.then_table and then_checks."""

from __future__ import annotations

from typing import Any

from conformance.export.recorder import Recorder, Select
from conformance.export.translate import translates
from conformance.suite.model import StepError


def _on_state(rec: Recorder, select: Select, test: str, expected: Any, **fields: Any) -> None:
    """One check on a fresh state (a state query, then the check)."""
    rec.check(rec.state(), ["state", *select], test, expected, **fields)


# ---------------------------------------------------------------------------------------------
# Turns, rounds, piles


@translates("it is seat 2's turn")
def _turn(rec: Recorder, seat: int) -> None:
    _on_state(rec, ["to_act"], "equal", f"seat {seat} to act", value=seat)


def _turn_and(flag: str, value: bool, what: str) -> Any:
    def fn(rec: Recorder, seat: int) -> None:
        ref = rec.state()
        want = f"seat {seat} to act, {what}"
        rec.check(ref, ["state", "to_act"], "equal", want, value=seat)
        rec.check(ref, ["state", flag], "equal", want, value=value)

    return fn


translates("it is seat 0's turn in the final round")(_turn_and("final_round", True, "final round"))
translates("it is seat 0's turn, not in the final round")(
    _turn_and("final_round", False, "not the final round"))
translates("seat 0 gets a tái turn")(_turn_and("tai", True, "a tái turn"))
translates("it is seat 0's turn, not a tái turn")(_turn_and("tai", False, "no tái"))


@translates("seat 3 is offered thêm vòng")
def _them_vong(rec: Recorder, seat: int) -> None:
    ref = rec.state()
    want = f"phase them_vong, seat {seat} to act"
    rec.check(ref, ["state", "phase"], "equal", want, value="them_vong")
    rec.check(ref, ["state", "to_act"], "equal", want, value=seat)


@translates("nobody is offered thêm vòng")
def _no_them_vong(rec: Recorder) -> None:
    _on_state(rec, ["phase"], "not_equal", "no thêm vòng", value="them_vong")


@translates("5C is moved from seat 0's pile to seat 1's pile")
def _moved(rec: Recorder, card: str, from_seat: int, to_seat: int) -> None:
    match = {"type": "moved", "card": card, "from": from_seat, "to": to_seat}
    rec.check(rec.last_reply(), [{"view": "events"}, {"where": match}], "nonempty",
              f"{card} moved {from_seat}->{to_seat}")


@translates("no card is moved")
def _not_moved(rec: Recorder) -> None:
    rec.check(rec.last_reply(), [{"view": "events"}, {"where": {"type": "moved"}}], "empty",
              "no card moved")


def _pile(seat: int) -> Select:
    return ["piles", seat, {"map": "card"}, {"view": "cards"}]


@translates("seat 1's pile is 5C 8D")
def _pile_is(rec: Recorder, seat: int, cards: tuple[str, ...]) -> None:
    _on_state(rec, _pile(seat), "equal", list(cards), value=list(cards))


@translates("seat 0's pile is empty")
def _pile_empty(rec: Recorder, seat: int) -> None:
    _on_state(rec, _pile(seat), "empty", [])


@translates("the piles hold 4, 4, 4, 4 cards")
def _pile_counts(rec: Recorder, counts: tuple[int, ...]) -> None:
    _on_state(rec, ["piles", {"view": "counts"}], "equal", list(counts), value=list(counts))


def _chot(rec: Recorder, card: str, value: bool) -> None:
    what = f"{card} is {'' if value else 'not '}a cây chốt"
    _on_state(rec, [{"view": "chot", "card": card}], "equal", what, value=value)


@translates("KH is a cây chốt")
def _is_chot(rec: Recorder, card: str) -> None:
    _chot(rec, card, True)


@translates("KH is not a cây chốt")
def _is_not_chot(rec: Recorder, card: str) -> None:
    _chot(rec, card, False)


@translates("5C lies in seat 1's pile marked as moved")
def _marked_moved(rec: Recorder, card: str, seat: int) -> None:
    select = ["piles", seat, {"where": {"card": card}}, 0, "moved"]
    _on_state(rec, select, "equal", f"{card} in seat {seat}'s pile, moved", value=True)


# ---------------------------------------------------------------------------------------------
# Hands, stock, laid phỏm


def _hand(seat: int) -> Select:
    return ["hands", seat, {"view": "cards"}]


@translates("seat 1's hand is 5H 6H 7H")
def _hand_is(rec: Recorder, seat: int, cards: tuple[str, ...]) -> None:
    _on_state(rec, _hand(seat), "same_multiset", sorted(cards), value=list(cards))


@translates("seat 1's hand holds 4S")
def _hand_has(rec: Recorder, seat: int, cards: tuple[str, ...]) -> None:
    _on_state(rec, _hand(seat), "includes", f"{' '.join(cards)} in seat {seat}'s hand",
              value=list(cards))


@translates("seat 1's hand does not hold 6H")
def _hand_lacks(rec: Recorder, seat: int, cards: tuple[str, ...]) -> None:
    _on_state(rec, _hand(seat), "excludes", f"none of {' '.join(cards)} in seat {seat}'s hand",
              value=list(cards))


@translates("seat 0 holds 10 cards")
def _hand_size(rec: Recorder, seat: int, n: int) -> None:
    _on_state(rec, ["hands", seat, {"view": "count"}], "equal", n, value=n)


@translates("the stock holds 15 cards")
def _stock_size(rec: Recorder, n: int) -> None:
    _on_state(rec, ["stock_count"], "equal", n, value=n)


@translates("the stock is empty")
def _stock_empty(rec: Recorder) -> None:
    _on_state(rec, ["stock_count"], "equal", 0, value=0)


@translates("the top of the stock is 2C 3C")
def _stock_top(rec: Recorder, cards: tuple[str, ...]) -> None:
    _on_state(rec, ["stock", {"view": "cards"}], "starts_with", list(cards), value=list(cards))


@translates("seat 2 has laid 7S 7D 7H and 4H 5H 6H")
def _has_laid(rec: Recorder, seat: int, phoms: tuple[tuple[str, ...], ...]) -> None:
    want = [sorted(p) for p in phoms]
    _on_state(rec, [{"view": "laid_own", "seat": seat}], "same_multiset", want, value=want)


@translates("seat 3 has laid nothing")
def _laid_nothing(rec: Recorder, seat: int) -> None:
    _on_state(rec, [{"view": "laid_own", "seat": seat}], "empty", "no phỏm laid")


@translates("seat 1's phỏm 0 is 5H 6H 7H 8H")
def _phom_is(rec: Recorder, seat: int, index: int, cards: tuple[str, ...]) -> None:
    want = sorted(cards)
    _on_state(rec, [{"view": "phom", "seat": seat, "index": index}], "same_set", want,
              value=want)


@translates("seat 2 has left the game")
def _left(rec: Recorder, seat: int) -> None:
    _on_state(rec, ["left", seat], "equal", f"seat {seat} left", value=True)


@translates("the lead is seat 1")
def _lead(rec: Recorder, seat: int) -> None:
    _on_state(rec, ["lead"], "equal", f"lead seat {seat}", value=seat)


# ---------------------------------------------------------------------------------------------
# Invariants


@translates("every card is in exactly one place")
def _cards_once(rec: Recorder) -> None:
    _on_state(rec, [{"view": "misplaced"}], "null", "52 cards, each once")


@translates("every laid phỏm is a valid phỏm")
def _laid_valid(rec: Recorder) -> None:
    _on_state(rec, [{"view": "invalid_laid"}], "empty", "every laid phỏm valid")


@translates("the eaten cards sit in distinct phỏm")
def _eaten_distinct(rec: Recorder) -> None:
    _on_state(rec, [{"view": "shared_eaten"}], "empty", "no phỏm with two eaten cards")


@translates("the state is unchanged since it was noted")
def _unchanged(rec: Recorder) -> None:
    if rec.noted_state is None:
        raise StepError("note the state first: 'When the state is noted'")
    _on_state(rec, [], "equal", "the state unchanged",
              against={"ref": rec.noted_state, "select": ["state"]})
