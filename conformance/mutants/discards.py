"""Mutants of the final discard: what must be laid down before it."""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import Fn, Mutant, Patch, wrap
from phomspec.reasons import Reason
from reference_impl import melds, turns
from reference_impl.rulings import reject
from reference_impl.state import GameState, Phase


def _unlaid_eaten_discard() -> list[Patch]:
    # The last discard is allowed with an eaten card still in hand (LAY.EATEN-INCLUDED broken).
    def mask(orig: Fn) -> Fn:
        def legal_discard_mask(st: GameState, seat: int) -> int:
            if st.phase is Phase.FINAL_TURN:
                return int(st.hands[seat] & ~st.eaten[seat])
            return int(orig(st, seat))
        return legal_discard_mask

    def check(orig: Fn) -> Fn:
        def check_discard(st: GameState, seat: int, action: Any) -> Any:
            r = orig(st, seat, action)
            if r is not None and r.reason == "DISCARD_UNLAID_EATEN":
                return None
            return r
        return check_discard

    return [wrap(turns, "legal_discard_mask", mask), wrap(turns, "check_discard", check)]


def _must_lay_all() -> list[Patch]:
    # A player may not hold a phỏm back: the last discard is refused while the hand still
    # holds one (LAY.HOLD-BACK broken).
    def holds(st: GameState, seat: int, card: int) -> bool:
        return bool(melds.phoms_in(st.hands[seat] & ~(1 << card)))

    def mask(orig: Fn) -> Fn:
        def legal_discard_mask(st: GameState, seat: int) -> int:
            out = int(orig(st, seat))
            if st.phase is Phase.FINAL_TURN:
                out = sum(1 << c for c in range(52) if out >> c & 1 and not holds(st, seat, c))
            return out
        return legal_discard_mask

    def check(orig: Fn) -> Fn:
        def check_discard(st: GameState, seat: int, action: Any) -> Any:
            r = orig(st, seat, action)
            if r is None and st.phase is Phase.FINAL_TURN and holds(st, seat, action.card):
                return reject(Reason.WRONG_PHASE, "LAY.HOLD-BACK", "lay down every phỏm first")
            return r
        return check_discard

    return [wrap(turns, "legal_discard_mask", mask), wrap(turns, "check_discard", check)]


MUTANTS: tuple[Mutant, ...] = (
    Mutant("discard-unlaid-eaten", "discards",
           "the last discard is allowed with an eaten card unlaid",
           ("LAY.EATEN-INCLUDED",), _unlaid_eaten_discard),
    Mutant("discard-must-lay-all", "discards", "no phỏm may be held back at the last discard",
           ("LAY.HOLD-BACK",), _must_lay_all),
)
