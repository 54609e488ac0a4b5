"""Mutants of the timeout auto-play and of leaving."""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import Fn, Mutant, Patch, params_patch, temporarily, wrap
from reference_impl import auto, turns
from reference_impl.state import GameState, Phase


def _timeout_lowest() -> list[Patch]:
    # The auto-play discards the lowest card (TIME.AUTO-PLAY).
    def lowest_card(mask: int) -> int:
        return min((c for c in range(52) if mask >> c & 1), key=lambda c: (c % 13, c))

    return [(auto, "highest_card", lowest_card)]


def _timeout_ignores_eaten() -> list[Patch]:
    # A timeout after a draw or an eat discards the highest card of the whole hand, eaten
    # cards and their partners included (TIME.AUTO-PLAY.AFTER-EAT broken).
    def timeout(orig: Fn) -> Fn:
        def do_timeout(st: GameState, seat: int, action: Any) -> None:
            if st.phase is not Phase.AFTER_DRAW:
                orig(st, seat, action)
                return
            with temporarily(turns, "legal_discard_mask", lambda st, seat: st.hands[seat]):
                orig(st, seat, action)
        return do_timeout

    return [wrap(auto, "do_timeout", timeout)]


def _leaver_discard_eatable() -> list[Patch]:
    # The leaver's latest discard can still be eaten by the next seat (LEAVE.SEAT-SKIPPED).
    def leave(orig: Fn) -> Fn:
        def do_leave(st: GameState, seat: int) -> None:
            ld = st.last_discard
            orig(st, seat)
            if ld is not None and ld.seat == seat and st.phase is Phase.DRAW_OR_EAT:
                st.last_discard = ld
        return do_leave

    return [wrap(auto, "do_leave", leave)]


def _leaver_hand_to_stock() -> list[Patch]:
    # The leaver's hand goes back under the stock (LEAVE.HAND-OUT broken).
    def leave(orig: Fn) -> Fn:
        def do_leave(st: GameState, seat: int) -> None:
            orig(st, seat)
            if st.phase is not Phase.OVER:
                hand = st.hands[seat]
                st.stock[:0] = [c for c in range(52) if hand >> c & 1]
                st.hands[seat] = 0
        return do_leave

    return [wrap(auto, "do_leave", leave)]


MUTANTS: tuple[Mutant, ...] = (
    Mutant("time-discard-lowest", "timeouts", "the auto-play discards the lowest card",
           ("TIME.AUTO-PLAY",), _timeout_lowest),
    Mutant("time-ignores-eaten", "timeouts", "a timeout after an eat may discard the eaten"
           " card or its partners", ("TIME.AUTO-PLAY.AFTER-EAT",), _timeout_ignores_eaten),
    Mutant("time-final-round-lays", "timeouts", "a final-round timeout lays down the best"
           " arrangement", ("TIME.FINAL-ROUND-MOM",),
           params_patch({"timeout.final_round_unlaid_mom": False})),
    Mutant("leave-discard-still-eatable", "timeouts", "the leaver's last discard can still"
           " be eaten", ("LEAVE.SEAT-SKIPPED",), _leaver_discard_eatable),
    Mutant("leave-hand-to-stock", "timeouts", "the leaver's hand goes back under the stock",
           ("LEAVE.HAND-OUT",), _leaver_hand_to_stock),
)
