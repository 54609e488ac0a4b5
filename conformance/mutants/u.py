"""Mutants of ù: what makes an ù, ù khan, ù tròn."""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import (
    HQB,
    U9,
    Fn,
    Mutant,
    Patch,
    melds_proxy,
    params_patch,
    temporarily,
    wrap,
)
from reference_impl import melds, settle, u
from reference_impl.state import GameState, active_seats, pay


def _u_all_ten() -> list[Patch]:
    # Ù needs every card in phỏm, none left to discard (U.THUONG misread).
    def u_leftover(mask: int, eaten: int = 0, allow: int = 1, distinct: bool = True,
                   cores: tuple[int, ...] = ()) -> int:
        return melds.u_leftover(mask, eaten, 0 if allow == 1 else allow, distinct, cores)

    return [melds_proxy(u, u_leftover=u_leftover)]


def _u_khan_skips_first() -> list[Patch]:
    # The first player's 10-card hand is never checked for ù khan (U.KHAN.FIRST-PLAYER).
    def khan(orig: Fn) -> Fn:
        def check_u_khan(st: GameState) -> bool:
            first_hand = st.hands[st.first]
            st.hands[st.first] = first_hand | 0b11  # a cạ: the A and 2 of spades
            try:
                found = bool(orig(st))
            finally:
                st.hands[st.first] = first_hand
            return found
        return check_u_khan

    return [wrap(u, "check_u_khan", khan)]


def _u_khan_pairs_only() -> list[Patch]:
    # Ù khan checks only for pairs: suited neighbours are not taken for a cạ (PHOM.CA).
    def has_ca(m: int) -> bool:
        a, b, c, d = (m & 0x1FFF, (m >> 13) & 0x1FFF, (m >> 26) & 0x1FFF, m >> 39)
        return bool((a & (b | c | d)) | (b & (c | d)) | (c & d))

    return [melds_proxy(u, has_ca=has_ca)]


def _u_tron_after_eat() -> list[Patch]:
    # Ù tròn also counted after an eat, not only after a draw (EXTRA.U-TRON).
    def check(orig: Fn) -> Fn:
        def check_u_after(st: GameState, seat: int, eat_victim: Any, eat_chot: bool) -> bool:
            drew = st.turn_drew
            st.turn_drew = True
            try:
                return bool(orig(st, seat, eat_victim, eat_chot))
            finally:
                st.turn_drew = drew
        return check_u_after

    return [wrap(u, "check_u_after", check)]



def _u_final_round_only() -> list[Patch]:
    # An ù is looked for only in the final round (U.ANY-ROUND).
    def check(orig: Fn) -> Fn:
        def check_u_after(st: GameState, seat: int, eat_victim: Any, eat_chot: bool) -> bool:
            return bool(st.final_round and orig(st, seat, eat_victim, eat_chot))
        return check_u_after
    return [wrap(u, "check_u_after", check)]


def _u_draw_only() -> list[Patch]:
    # The hand is checked for an ù after a draw only, never after an eat (U.AUTOMATIC).
    def check(orig: Fn) -> Fn:
        def check_u_after(st: GameState, seat: int, eat_victim: Any, eat_chot: bool) -> bool:
            return bool(eat_victim is None and orig(st, seat, eat_victim, eat_chot))
        return check_u_after
    return [wrap(u, "check_u_after", check)]


def _u_ranked_by_points() -> list[Patch]:
    # After an ù every player still in, the ù player included, is ranked by the points of
    # the hand, as in a game that ends by points (U.WINNER broken).
    def settle_u(orig: Fn) -> Fn:
        def ranked(st: GameState, active: list[int]) -> Any:
            order, moms, _ = orig(st, active)
            order = sorted(order, key=lambda x: melds.deadwood_points(st.hands[x]))
            return order, moms, order[0]
        return ranked
    return [wrap(settle, "settle_u", settle_u)]


def _kinds_stack() -> list[Patch]:
    # An ù that is both đồng hoa trắng and ù tròn is paid as both (EXTRA.STACKING broken).
    def settle_u(orig: Fn) -> Fn:
        def stacked(st: GameState, active: list[int]) -> Any:
            out = orig(st, active)
            info, p = st.u_info, st.p
            if info and info["kind"] == "dong_hoa_trang" and info["den"] is None and \
                    p.u_tron is not None and st.turn_drew and not st.laid[info["seat"]]:
                ue, distinct, cores = u.eaten_rules(st, info["seat"])
                if melds.u_leftover(st.hands[info["seat"]], ue, 0, distinct, cores) < melds.INF:
                    for x in active:
                        pay(st, x, info["seat"], p.u_tron, "u", "EXTRA.U-TRON")
            return out
        return stacked
    return [wrap(settle, "settle_u", settle_u)]


def _u_not_on_tai() -> list[Patch]:
    # No ù on a tái turn (U.TAI-TURN).
    def check(orig: Fn) -> Fn:
        def check_u_after(st: GameState, seat: int, eat_victim: Any, eat_chot: bool) -> bool:
            return bool(not st.tai and orig(st, seat, eat_victim, eat_chot))
        return check_u_after
    return [wrap(u, "check_u_after", check)]


def _u_winner_opener() -> list[Patch]:
    # After an ù the result names the game's opener as the winner (U.WINNER), so the opener
    # opens the next game again (DEAL.NEXT-GAME-AFTER-U).
    def end(orig: Fn) -> Fn:
        def end_game(st: GameState, ending: str) -> None:
            orig(st, ending)
            if ending in ("u", "u_khan") and not st.left[st.first]:
                st.winner = st.first
        return end_game
    return [wrap(settle, "end_game", end)]


def _u_k_eaten_kings() -> list[Patch]:
    # Eaten Kings count toward ù K (EXTRA.U-K.OWN-KINGS).
    def size(orig: Fn) -> Fn:
        def u_k_size(st: GameState, seat: int) -> int:
            eaten = st.eaten[seat]
            st.eaten[seat] = 0
            try:
                return int(orig(st, seat))
            finally:
                st.eaten[seat] = eaten
        return u_k_size
    return [wrap(settle, "u_k_size", size)]


def _u_k_despite_den() -> list[Patch]:
    # The liable player of an ù đền still collects its ù K (EXTRA.U-K.CANCELLED-BY-DEN).
    def extras(orig: Fn) -> Fn:
        def settle_extras(st: GameState, active: list[int]) -> None:
            info = st.u_info
            if info is None or info["den"] is None:
                return orig(st, active)
            st.u_info = dict(info, den=None)
            try:
                orig(st, active)
            finally:
                st.u_info = info
        return settle_extras
    return [wrap(settle, "settle_extras", extras)]


def _dong_hoa_eaten_cards() -> list[Patch]:
    # Eaten cards count toward đồng hoa (EXTRA.DONG-HOA.OWN-CARDS).
    def has(orig: Fn) -> Fn:
        def has_dong_hoa(st: GameState, seat: int) -> bool:
            own = st.own[seat]
            st.own[seat] = (1 << 52) - 1
            try:
                return bool(orig(st, seat))
            finally:
                st.own[seat] = own
        return has_dong_hoa
    return [wrap(settle, "has_dong_hoa", has)]


def _dong_hoa_first_holder_only() -> list[Patch]:
    # With several đồng hoa, only the first in seat order is paid, by everyone else
    # (EXTRA.DONG-HOA.SEVERAL-HOLDERS).
    def extras(orig: Fn) -> Fn:
        def settle_extras(st: GameState, active: list[int]) -> None:
            base = settle.has_dong_hoa
            holders = [s for s in active_seats(st) if base(st, s)]

            def has_dong_hoa(st: GameState, seat: int) -> bool:
                return bool(holders) and seat == holders[0]

            with temporarily(settle, "has_dong_hoa", has_dong_hoa):
                orig(st, active)
        return settle_extras
    return [wrap(settle, "settle_extras", extras)]


def _dong_hoa_despite_u() -> list[Patch]:
    # Another player's ù does not cancel đồng hoa (EXTRA.DONG-HOA.CANCELLED-BY-U).
    def extras(orig: Fn) -> Fn:
        def settle_extras(st: GameState, active: list[int]) -> None:
            orig(st, active)
            info, amount = st.u_info, st.p.extras_dong_hoa
            if info is None or amount is None:
                return
            holders = [s for s in active if settle.has_dong_hoa(st, s)]
            for h in holders:
                if h != info["seat"]:
                    for x in active:
                        if x not in holders:
                            settle.pay(st, x, h, amount, "dong_hoa", "EXTRA.DONG-HOA")
        return settle_extras
    return [wrap(settle, "settle_extras", extras)]


MUTANTS: tuple[Mutant, ...] = (
    Mutant("u-all-ten", "u", "an ù needs all ten cards in phỏm", ("U.THUONG",), _u_all_ten),
    Mutant("u-three-eats-not-u", "u", "three eats are not an ù", ("U.THREE-EATS",),
           params_patch({"u.three_eats": False})),
    Mutant("u-khan-skips-first", "u", "ù khan ignores the first player's ten cards",
           ("U.KHAN.FIRST-PLAYER",), _u_khan_skips_first, HQB),
    Mutant("u-khan-pairs-only", "u", "ù khan looks only for pairs, not suited neighbours",
           ("PHOM.CA",), _u_khan_pairs_only, HQB),
    Mutant("u-dealt-ten", "u", "the first player may ù on the ten dealt cards",
           ("U.NOT-BEFORE-FIRST-DISCARD",), params_patch({"u.before_first_discard": True})),
    Mutant("u-tron-after-eat", "u", "ù tròn also after an eat", ("EXTRA.U-TRON",),
           _u_tron_after_eat, U9),
    # From tests/scenarios/test_mutations.py (no-u-khan):
    Mutant("u-no-khan", "u", "there is no ù khan", ("U.KHAN",),
           params_patch({"u.khan": None}), HQB),
    Mutant("u-final-round-only", "u", "an ù is looked for only in the final round",
           ("U.ANY-ROUND",), _u_final_round_only),
    Mutant("u-draw-only", "u", "an ù is looked for after a draw, not after an eat",
           ("U.AUTOMATIC",), _u_draw_only),
    Mutant("u-ranked-by-points", "u", "after an ù everyone is ranked by points",
           ("U.WINNER",), _u_ranked_by_points),
    Mutant("u-kinds-stack", "u", "ù tròn and đồng hoa trắng are both paid",
           ("EXTRA.STACKING",), _kinds_stack, U9),
    Mutant("u-not-on-tai", "u", "no ù on a tái turn", ("U.TAI-TURN",), _u_not_on_tai),
    Mutant("u-winner-opener", "u", "after an ù the opener is named the winner",
           ("U.WINNER", "DEAL.NEXT-GAME-AFTER-U"), _u_winner_opener),
    Mutant("u-no-thong", "u", "there is no ù thông bonus", ("EXTRA.U-THONG",),
           params_patch({"u.thong_bonus": None}), U9),
    Mutant("u-k-swapped", "u", "ù K with three Kings pays the four-King price",
           ("EXTRA.U-K",), params_patch({"extras.u_k": lambda p: {
               "three": p.extras_u_k["four"], "four": p.extras_u_k["four"]}}), U9),
    Mutant("u-k-eaten-kings", "u", "eaten Kings count toward ù K", ("EXTRA.U-K.OWN-KINGS",),
           _u_k_eaten_kings, U9),
    Mutant("u-k-despite-den", "u", "the liable player of an ù đền still collects its ù K",
           ("EXTRA.U-K.CANCELLED-BY-DEN",), _u_k_despite_den, U9),
    Mutant("dong-hoa-absent", "u", "there is no đồng hoa", ("EXTRA.DONG-HOA",),
           params_patch({"extras.dong_hoa": None}), U9),
    Mutant("dong-hoa-eaten-cards", "u", "eaten cards count toward đồng hoa",
           ("EXTRA.DONG-HOA.OWN-CARDS",), _dong_hoa_eaten_cards, U9),
    Mutant("dong-hoa-first-holder-only", "u", "with several đồng hoa only the first is paid",
           ("EXTRA.DONG-HOA.SEVERAL-HOLDERS",), _dong_hoa_first_holder_only, U9),
    Mutant("dong-hoa-despite-u", "u", "another player's ù does not cancel đồng hoa",
           ("EXTRA.DONG-HOA.CANCELLED-BY-U",), _dong_hoa_despite_u, U9),
    Mutant("dong-hoa-trang-absent", "u", "there is no đồng hoa trắng",
           ("EXTRA.DONG-HOA-TRANG",), params_patch({"u.dong_hoa_trang": None}), U9),
)
