"""Mutants of the ranking: ties, móm players, everyone móm."""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import Fn, Mutant, Patch, melds_proxy, params_patch, temporarily, wrap
from reference_impl import melds, settle
from reference_impl.state import GameState


def _tie_by_seat() -> list[Patch]:
    # Equal points are broken by seat number, not by who laid down first.
    def time(orig: Fn) -> Fn:
        def lay_down_time(st: GameState, seat: int) -> int:
            return seat
        return lay_down_time

    return [wrap(settle, "lay_down_time", time)]


def _tie_by_suit() -> list[Patch]:
    # Equal points are broken by the suit of the highest card left, spades lowest, as in
    # some card games (DECK.SUITS-UNRANKED broken).
    def time(orig: Fn) -> Fn:
        def lay_down_time(st: GameState, seat: int) -> int:
            hand = st.hands[seat]
            if not hand:
                return int(orig(st, seat))
            top = max((c for c in range(52) if hand >> c & 1), key=lambda c: (c % 13, c))
            return top // 13
        return lay_down_time

    return [wrap(settle, "lay_down_time", time)]


def _fewest_cards_first() -> list[Patch]:
    # Players are ranked by the number of cards left, points only breaking ties, as in
    # shedding games (RANK.ORDER broken).
    def points(orig: Fn) -> Fn:
        def settle_points(st: GameState, active: list[int]) -> Any:
            base = melds.deadwood_points

            def by_cards(mask: int) -> int:
                return mask.bit_count() * 1000 + int(base(mask))

            with temporarily(melds, "deadwood_points", by_cards):
                return orig(st, active)
        return settle_points

    return [wrap(settle, "settle_points", points)]


def _tie_later_wins() -> list[Patch]:
    # On equal points the later lay-down ranks higher (RANK.TIE-EARLIER-LAYDOWN reversed).
    def time(orig: Fn) -> Fn:
        def lay_down_time(st: GameState, seat: int) -> int:
            return -int(orig(st, seat))
        return lay_down_time

    return [wrap(settle, "lay_down_time", time)]


def _mom_by_points() -> list[Patch]:
    # Móm players are ranked by their points among everyone (RANK.MOM broken); they still
    # pay the móm payment.
    def points(orig: Fn) -> Fn:
        def settle_points(st: GameState, active: list[int]) -> Any:
            laid = [list(x) for x in st.laid]
            moms = [s for s in active if not st.laid[s]]
            if not moms or len(moms) == len(active):
                return orig(st, active)
            for s in moms:
                st.laid[s] = [0]  # ranked as if it had a phỏm
            base_pay = settle.pay

            def pay(st: GameState, frm: int, to: int, amount: int, reason: str,
                    clause: str) -> None:
                if frm in moms:
                    amount, reason, clause = st.p.money_mom_payment, "mom", "MONEY.MOM-PAYMENT"
                base_pay(st, frm, to, amount, reason, clause)

            try:
                with temporarily(settle, "pay", pay):
                    order, _moms, winner, ending = orig(st, active)
            finally:
                st.laid = laid
            return order, set(moms), winner, ending
        return settle_points

    return [wrap(settle, "settle_points", points)]



def _leaver_before_mom() -> list[Patch]:
    # A leaver ranks above the móm players (RANK.LEAVER-LAST).
    def rank(orig: Fn) -> Fn:
        def ranking(st: GameState, order: list[int], moms: set[int], winner: int) -> Any:
            out = orig(st, order, moms, winner)
            rest = [e for e in out if e["rank"] != "mom" and e["rank"] != "left"]
            gone = [e for e in out if e["rank"] == "left"]
            mom = [e for e in out if e["rank"] == "mom"]
            return [dict(e, place=i + 1) for i, e in enumerate(rest + gone + mom)]
        return ranking
    return [wrap(settle, "ranking", rank)]


def _ace_scores_11() -> list[Patch]:
    base = settle.melds.deadwood_points

    def deadwood_points(mask: int) -> int:
        aces = sum(1 for s in range(4) if mask >> (13 * s) & 1)
        return int(base(mask)) + 10 * aces

    return [melds_proxy(settle, deadwood_points=deadwood_points)]


MUTANTS: tuple[Mutant, ...] = (
    Mutant("rank-tie-by-seat", "ranking", "ties are broken by seat number",
           ("RANK.TIE-EARLIER-LAYDOWN",), _tie_by_seat),
    Mutant("rank-tie-by-suit", "ranking", "ties are broken by the suit of the highest card",
           ("DECK.SUITS-UNRANKED",), _tie_by_suit),
    Mutant("rank-fewest-cards-first", "ranking", "players are ranked by the cards left, not"
           " the points", ("RANK.ORDER",), _fewest_cards_first),
    Mutant("rank-tie-later-wins", "ranking", "on a tie the later lay-down ranks higher",
           ("RANK.TIE-EARLIER-LAYDOWN",), _tie_later_wins),
    Mutant("rank-mom-by-points", "ranking", "móm players are ranked by points among everyone",
           ("RANK.MOM", "RANK.ORDER"), _mom_by_points),
    Mutant("rank-all-mom-lowest", "ranking", "when all are móm the lowest points wins",
           ("RANK.ALL-MOM",), params_patch({"ranking.all_mom_winner": "lowest_points"})),
    # From tests/scenarios/test_mutations.py (mom-ordered-by-points):
    Mutant("rank-mom-order-points", "ranking",
           "móm players are ordered among themselves by points, not by lay-down order",
           ("RANK.MOM-ORDER",), params_patch({"ranking.mom_order": "points"})),
    Mutant("rank-leaver-before-mom", "ranking", "a leaver ranks above the móm players",
           ("RANK.LEAVER-LAST",), _leaver_before_mom),
    Mutant("rank-ace-scores-11", "ranking", "an Ace scores 11 in the deadwood",
           ("RANK.DEADWOOD-POINTS", "DECK.POINTS"), _ace_scores_11),
)
