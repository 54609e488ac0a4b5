"""Mutants of the money: eat prices, ranking and móm payments, what adds to the totals."""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import HQB, U9, Fn, Mutant, Patch, params_patch, temporarily, wrap
from reference_impl import eat, settle
from reference_impl.state import GameState, Phase, next_active


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


def _small_tables_from_bottom(p: Any) -> dict[str, Any]:
    # At 2 and 3 players the places pay the 4-player prices of the bottom places.
    table = dict(p.money_rank_payments)
    four = list(table["4"])
    return {**table, "3": four[1:], "2": four[2:]}


def _u_losers_ranked() -> list[Patch]:
    # After an ù the losers also pay the ranking money (MONEY.U-NO-RANKING).
    def settle_u_of(orig: Fn) -> Fn:
        def settle_u(st: GameState, active: list[int]) -> Any:
            order, moms, winner = orig(st, active)
            table = st.p.money_rank_payments[str(len(active))]
            for i, s in enumerate(order[1:], start=1):
                settle.pay(st, s, winner, table[i - 1], "rank", "MONEY.U-NO-RANKING")
            return order, moms, winner
        return settle_u
    return [wrap(settle, "settle_u", settle_u_of)]


def _leave_paid_to_next() -> list[Patch]:
    # The leave penalty goes to the seat after the leaver (LEAVE.PAID-TO).
    def end(orig: Fn) -> Fn:
        def end_game(st: GameState, ending: str) -> None:
            base = settle.pay

            def pay(st: GameState, frm: int, to: int, amount: int, reason: str,
                    clause: str) -> None:
                if reason == "leave":
                    to = next_active(st, frm)
                base(st, frm, to, amount, reason, clause)

            with temporarily(settle, "pay", pay):
                orig(st, ending)
        return end_game
    return [wrap(settle, "end_game", end)]


def _eat_paid_at_end() -> list[Patch]:
    # Eat money is booked at the end of the game, not at the eat (EAT.PAID-AT-ONCE).
    owed: dict[int, list[tuple[Any, ...]]] = {}

    def do_eat_of(orig: Fn) -> Fn:
        def do_eat(st: GameState, seat: int, action: Any) -> None:
            def later(st: GameState, frm: int, to: int, amount: int, reason: str,
                      clause: str) -> None:
                owed.setdefault(id(st), []).append((frm, to, amount, reason, clause))

            with temporarily(eat, "pay", later):
                orig(st, seat, action)
        return do_eat

    def end(orig: Fn) -> Fn:
        def end_game(st: GameState, ending: str) -> None:
            for args in owed.pop(id(st), []):
                settle.pay(st, *args)
            orig(st, ending)
        return end_game
    return [wrap(eat, "do_eat", do_eat_of), wrap(settle, "end_game", end)]


def _rank_1_each(p: Any) -> dict[str, Any]:
    return {**dict(p["money.rank_payments"]), "4": (1, 1, 1)}


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
    Mutant("money-small-tables-bottom", "money", "at 2 and 3 players the places pay the"
           " bottom 4-player prices", ("MONEY.SMALL-TABLES",),
           params_patch({"money.rank_payments": _small_tables_from_bottom})),
    Mutant("money-u-losers-ranked", "money", "after an ù the losers pay ranking money too",
           ("MONEY.U-NO-RANKING",), _u_losers_ranked),
    Mutant("money-leave-paid-to-next", "money", "the leave penalty goes to the next seat",
           ("LEAVE.PAID-TO",), _leave_paid_to_next),
    Mutant("money-leave-penalty-1", "money", "leaving costs one stake", ("LEAVE.PENALTY",),
           params_patch({"leave.penalty": 1})),
    Mutant("money-eat-paid-at-end", "money", "eat money is paid at the end of the game",
           ("EAT.PAID-AT-ONCE",), _eat_paid_at_end),
    Mutant("money-early-eats-priced", "money", "co-ban charges the ordinary eats 1, 2, 3",
           ("EAT.EARLY-FREE",), params_patch({"eat_penalty.by_count": (1, 2, 3)}), ("co-ban",)),
    Mutant("money-count-by-round", "money", "the nth card is counted by the discard's round",
           ("EAT.COUNTING",), params_patch({"eat_penalty.counting": "by_round"}),
           ("hoi-quan-bai", "ki-gui", "u9la")),
    Mutant("money-rank-1-each", "money", "at four players every loser pays the Nhất 1",
           ("MONEY.RANK-PAYMENTS",), params_patch({"money.rank_payments": _rank_1_each})),
    Mutant("money-u-pays-4", "money", "each loser pays the ù player 4", ("U.PAYMENT",),
           params_patch({"u.payment": 4})),
)
