"""Mutants of the money: eat prices, ranking and móm payments, what adds to the totals."""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import HQB, U9, Fn, Mutant, Patch, params_patch, temporarily, wrap
from reference_impl import eat, settle
from reference_impl.state import GameState, Phase


def _eat_money_not_added() -> list[Patch]:
    # Eat penalties are paid but left out of the final totals (MONEY.EAT-ADDS).
    def end(orig: Fn) -> Fn:
        def end_game(st: GameState, ending: str) -> None:
            orig(st, ending)
            for p in st.payments:
                if p["reason"] in ("eat", "eat_chot", "ca_k"):
                    st.money[p["from"]] += p["amount"]
                    st.money[p["to"]] -= p["amount"]
        return end_game

    return [wrap(settle, "end_game", end)]


def _rank_paid_up_the_ladder() -> list[Patch]:
    # Each place pays the place just above it, not the Nhất (MONEY.PAID-TO-NHAT).
    def points(orig: Fn) -> Fn:
        def settle_points(st: GameState, active: list[int]) -> Any:
            base_pay = settle.pay
            paid: list[int] = []

            def pay(st: GameState, frm: int, to: int, amount: int, reason: str,
                    clause: str) -> None:
                if reason in ("rank", "mom") and paid:
                    to = paid[-1]
                base_pay(st, frm, to, amount, reason, clause)
                if reason in ("rank", "mom"):
                    paid.append(frm)

            with temporarily(settle, "pay", pay):
                return orig(st, active)
        return settle_points

    return [wrap(settle, "settle_points", points)]


def _u_eat_unpaid() -> list[Patch]:
    # The eat that makes an ù is not charged (EAT.U-MAKING-EAT).
    def do(orig: Fn) -> Fn:
        def do_eat(st: GameState, seat: int, action: Any) -> None:
            n = len(st.payments)
            orig(st, seat, action)
            if st.phase is Phase.OVER and st.u_info is not None and \
                    st.u_info["seat"] == seat and len(st.payments) > n:
                p = st.payments[n]
                if p["reason"] in ("eat", "eat_chot", "ca_k"):
                    st.money[p["from"]] += p["amount"]
                    st.money[p["to"]] -= p["amount"]
                    del st.payments[n]
        return do_eat

    return [wrap(eat, "do_eat", do)]


def _ca_k_adds() -> list[Patch]:
    # Cá K is paid on top of the ordinary eat price instead of replacing it (EXTRA.CA-K).
    def price(orig: Fn) -> Fn:
        def eat_price(st: GameState, victim: int, card: int, ld: Any, chot: bool) -> Any:
            amount, reason, clause = orig(st, victim, card, ld, chot)
            if reason == "ca_k":
                p = st.p
                table = p.eat_penalty_by_count
                ordinary = p.eat_penalty_chot if chot else table[
                    min(st.eaten_count[victim], len(table)) - 1]
                amount += ordinary
            return amount, reason, clause
        return eat_price

    return [wrap(eat, "eat_price", price)]


def _second_eat_1(p: Any) -> tuple[int, ...]:
    return (p.eat_penalty_by_count[0], 1, *p.eat_penalty_by_count[2:])


def _khan_pays_5(p: Any) -> int | None:
    return 5 if p.u_khan is not None else None


_PRICED_CHOT = ("hoi-quan-bai", "ki-gui", "u9la")

MUTANTS: tuple[Mutant, ...] = (
    Mutant("money-chot-1", "money", "a chốt eat costs 1 instead of the ruleset's price",
           ("EAT.CHOT-PRICE",), params_patch({"eat_penalty.chot": 1}), _PRICED_CHOT),
    Mutant("money-second-eat-1", "money", "the second eaten card is priced 1",
           ("EAT.NTH-CARD",), params_patch({"eat_penalty.by_count": _second_eat_1}),
           _PRICED_CHOT),
    Mutant("money-mom-3", "money", "a móm player pays 3", ("MONEY.MOM-PAYMENT",),
           params_patch({"money.mom_payment": 3})),
    Mutant("money-eat-not-added", "money", "eat money is left out of the totals",
           ("MONEY.EAT-ADDS",), _eat_money_not_added),
    Mutant("money-paid-up-ladder", "money", "each place pays the place above, not the Nhất",
           ("MONEY.PAID-TO-NHAT",), _rank_paid_up_the_ladder),
    Mutant("money-u-eat-free", "money", "the eat that makes an ù is not charged",
           ("EAT.U-MAKING-EAT",), _u_eat_unpaid),
    Mutant("money-chot-not-counted", "money", "a chốt eat does not count toward the victim's n",
           ("EAT.CHOT-COUNTS",), params_patch({"eat_penalty.chot_counts": False}),
           _PRICED_CHOT),
    Mutant("money-ca-k-adds", "money", "cá K is paid on top of the ordinary price",
           ("EXTRA.CA-K",), _ca_k_adds, U9),
    Mutant("money-u-5-khan", "money", "ù khan pays like an ordinary ù (5)", ("U.KHAN",),
           params_patch({"u.khan": _khan_pays_5}), HQB),
    # From tests/scenarios/test_mutations.py (every-eat-costs-1):
    Mutant("money-every-eat-1", "money", "every eaten card is priced 1, whatever its n",
           ("EAT.NTH-CARD",), params_patch({"eat_penalty.by_count": (1, 1, 1)})),
)
