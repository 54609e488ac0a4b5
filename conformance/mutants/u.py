"""Mutants of ù: what makes an ù, ù khan, ù tròn."""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import HQB, U9, Fn, Mutant, Patch, melds_proxy, params_patch, wrap
from reference_impl import melds, u
from reference_impl.state import GameState


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
)
