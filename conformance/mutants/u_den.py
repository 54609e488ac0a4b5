"""Mutants of ù đền: who is liable and what the liable player pays."""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import HQB, Fn, Mutant, Patch, params_patch, temporarily, wrap
from reference_impl import eat, settle, u
from reference_impl.state import GameState, pay


def _den_wrong_payer() -> list[Patch]:
    # The seat before the ù player is always taken as liable (DEN.* payer).
    def find(orig: Fn) -> Fn:
        def find_den(st: GameState, seat: int, eat_victim: Any, eat_chot: bool,
                     third: bool) -> Any:
            found = orig(st, seat, eat_victim, eat_chot, third)
            if found is None:
                return None
            prev = (seat - 1) % st.n
            return (prev, found[1]) if prev != found[0] else ((seat + 1) % st.n, found[1])
        return find_den

    return [wrap(u, "find_den", find)]


def _den_amount_single() -> list[Patch]:
    # The liable player pays one share (5), not the whole table's (15) (DEN.AMOUNT).
    def settle_u_of(orig: Fn) -> Fn:
        def settle_u(st: GameState, active: list[int]) -> Any:
            losers = max(1, len(active) - 1)
            base_pay = settle.pay

            def one_share(st: GameState, frm: int, to: int, amount: int, reason: str,
                          clause: str) -> None:
                if reason == "u_den":
                    amount //= losers
                base_pay(st, frm, to, amount, reason, clause)

            with temporarily(settle, "pay", one_share):
                return orig(st, active)
        return settle_u

    return [wrap(settle, "settle_u", settle_u_of)]


def _den_others_pay_too() -> list[Patch]:
    # With ù đền the other losers still pay their share as well (DEN.PAYS-FOR-TABLE).
    def settle_u_of(orig: Fn) -> Fn:
        def settle_u(st: GameState, active: list[int]) -> Any:
            out = orig(st, active)
            info = st.u_info
            if info is not None and info["den"] is not None:
                for x in active:
                    if x not in (info["seat"], info["den"]["seat"]):
                        pay(st, x, info["seat"], st.p.u_payment, "u", "U.PAYMENT")
            return out
        return settle_u

    return [wrap(settle, "settle_u", settle_u_of)]


def _den_no_transfer() -> list[Patch]:
    # The first chốt eater stays liable; a later chốt eater does not take the liability over
    # (DEN.CHOT-LIABILITY-TRANSFER).
    def do(orig: Fn) -> Fn:
        def do_eat(st: GameState, seat: int, action: Any) -> None:
            held = st.chot_eater
            orig(st, seat, action)
            if held is not None:
                st.chot_eater = held
        return do_eat

    return [wrap(eat, "do_eat", do)]


def _den_refunds_eats() -> list[Patch]:
    # An ù đền refunds the eat penalties the ù player collected: the totals leave them out
    # (DEN.EAT-PENALTY-STACKS broken).
    def end(orig: Fn) -> Fn:
        def end_game(st: GameState, ending: str) -> None:
            orig(st, ending)
            info = st.u_info
            if info is None or info["den"] is None:
                return
            for x in st.payments:
                if x["to"] == info["seat"] and x["reason"] in ("eat", "eat_chot", "ca_k"):
                    st.money[x["from"]] += x["amount"]
                    st.money[x["to"]] -= x["amount"]
        return end_game
    return [wrap(settle, "end_game", end)]


MUTANTS: tuple[Mutant, ...] = (
    Mutant("den-wrong-payer", "u_den", "the seat before the ù player pays the ù đền",
           ("DEN.PAYS-FOR-TABLE",), _den_wrong_payer),
    Mutant("den-amount-single", "u_den",
           "the liable player pays one share (5), not the table's (15)",
           ("DEN.AMOUNT",), _den_amount_single),
    Mutant("den-others-pay", "u_den", "with ù đền the others still pay their share",
           ("DEN.PAYS-FOR-TABLE",), _den_others_pay_too),
    Mutant("den-no-transfer", "u_den",
           "the chốt liability is not taken over by a later chốt eater",
           ("DEN.CHOT-LIABILITY-TRANSFER",), _den_no_transfer, ("co-ban", "u9la")),
    Mutant("den-direct-everywhere", "u_den",
           "the discarder of an eaten chốt is liable everywhere",
           ("DEN.DIRECT-CHOT", "DEN.CHOT-LIABILITY"),
           params_patch({"u_den.direct_chot": True}),
           ("co-ban", "ki-gui", "u9la")),
    Mutant("den-no-three-eats", "u_den", "the victim of three eats is not liable",
           ("DEN.THREE-EATS",), params_patch({"u_den.three_eats": False})),
    Mutant("den-no-direct-chot", "u_den", "the discarder of a chốt eaten for an ù is not"
           " liable", ("DEN.DIRECT-CHOT",), params_patch({"u_den.direct_chot": False}), HQB),
    Mutant("den-without-ki-gui", "u_den", "ù đền stays with kí gửi off",
           ("DEN.ROOM-OPTION",),
           params_patch({"u_den.tai_eater": True, "u_den.three_eats": True}), ("ki-gui",)),
    Mutant("den-refunds-eats", "u_den", "an ù đền refunds the eat penalties in the totals",
           ("DEN.EAT-PENALTY-STACKS",), _den_refunds_eats),
    # From tests/scenarios/test_mutations.py (no-tai-eater-den):
    Mutant("den-no-tai-eater", "u_den",
           "the player who ate before a tái turn is never liable for its ù",
           ("DEN.TAI-EATER",), params_patch({"u_den.tai_eater": False}), ("ki-gui", "u9la")),
)
