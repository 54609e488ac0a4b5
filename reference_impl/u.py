"""Ù: the automatic check after every draw and eat, its kinds, ù khan, and ù đền.

Ù is declared by the engine (U.AUTOMATIC): after a draw or an eat, if the hand can be
arranged with at most one card outside phỏm, every unlaid eaten card in a phỏm of its own
(U.THUONG, U.TAI-TURN: laid phỏm already count), or if the eat was the player's third
(U.THREE-EATS).  Kinds do not stack: the one paying most per loser applies
(EXTRA.STACKING).  Ù đền cases are tried in the ruleset's precedence order (DEN.PRECEDENCE).
"""

from __future__ import annotations

from reference_impl import melds
from reference_impl.settle import Settlement

#: Tie order between kinds paying the same amount (higher wins).
_KIND_RANK = {"thuong": 1, "three_eats": 2, "tron": 3, "dong_hoa_trang": 4, "khan": 5}


class URules(Settlement):
    """Ù detection and the ù record the settlement pays out."""

    def eaten_rules(self, seat: int) -> tuple[int, bool, tuple[int, ...]]:
        """(unlaid eaten cards, distinct, cores) as the arrangement searches take them."""
        p = self.p
        if not p.keep_in_phom:
            return 0, p.distinct_phom, ()
        ue = self.eaten[seat] & self.hands[seat]
        return ue, p.distinct_phom, self.cores_of(ue)

    def check_u_after(self, seat: int, eat_victim: int | None, eat_chot: bool) -> bool:
        """Declare the ù if the hand (after a draw or eat) makes one; True when it did."""
        p = self.p
        hand = self.hands[seat]
        third = eat_victim is not None and len(self.eats_by[seat]) == 3
        three_u = third and p.u_three_eats
        # Fast reject: too many cards in no phỏm at all. A hand of fewer than three cards (a
        # tái turn after laying and sending nearly everything) holds no phỏm: no ù
        # (AMB.U-TAI-EMPTY-HAND, SEND.NO-U).
        if not three_u and (
            hand.bit_count() < 3 or (hand & ~melds.covered(hand)).bit_count() > 1
        ):
            return False
        ue, distinct, cores = self.eaten_rules(seat)
        left_pts = melds.u_leftover(hand, ue, 1, distinct, cores)
        hand_u = left_pts < melds.INF
        if not hand_u and not three_u:
            return False
        kinds: list[tuple[int, int, str]] = []
        if hand_u:
            kinds.append((p.u_payment, _KIND_RANK["thuong"], "thuong"))
        if three_u:
            kinds.append((p.u_payment, _KIND_RANK["three_eats"], "three_eats"))
        if (
            hand_u
            and p.u_tron is not None
            and self.turn_drew
            and not self.laid[seat]
            and melds.u_leftover(hand, ue, 0, distinct, cores) < melds.INF
        ):
            kinds.append((p.u_tron, _KIND_RANK["tron"], "tron"))  # EXTRA.U-TRON
        if hand_u and p.u_dong_hoa_trang is not None and self.is_dong_hoa_trang(seat):
            kinds.append((p.u_dong_hoa_trang, _KIND_RANK["dong_hoa_trang"], "dong_hoa_trang"))
        kind = max(kinds)[2]
        if hand_u:
            self.u_points = left_pts
        else:
            self.u_points = melds.best_arrangement(hand, ue, distinct, cores)[0]
        self.declare_u(seat, kind, self.find_den(seat, eat_victim, eat_chot, third))
        return True

    def is_dong_hoa_trang(self, seat: int) -> bool:
        """An ù whose phỏm cards are all of one suit (EXTRA.DONG-HOA-TRANG)."""
        hand = self.hands[seat]
        ue, distinct, cores = self.eaten_rules(seat)
        for sm in melds.SUIT_MASKS:
            off = hand & ~sm
            if off.bit_count() > 1 or off & ue:
                continue
            if any(ph & ~sm for ph in self.laid[seat]):
                continue
            allow = 1 - off.bit_count()
            if melds.u_leftover(hand & sm, ue, allow, distinct, cores) < melds.INF:
                return True
        return False

    def find_den(
        self, seat: int, eat_victim: int | None, eat_chot: bool, third: bool
    ) -> tuple[int, str] | None:
        """(liable seat, case) of an ù đền, or None (DEN.*)."""
        p = self.p
        for case in p.den_precedence:
            liable: int | None = None
            if case == "three_eats" and p.den_three_eats and third:
                victims = self.eats_by[seat]
                if victims[0] == victims[1] == victims[2]:
                    liable = victims[0]
            elif (
                case == "direct_chot" and p.den_direct_chot and eat_victim is not None and eat_chot
            ):
                liable = eat_victim
            elif case == "tai_eater" and p.den_tai_eater and self.tai:
                liable = self.eater_before_turn
            elif case == "chot_liability" and p.den_chot_liability:
                liable = self.chot_eater
            if liable is not None and liable != seat and not self.left[liable]:
                return liable, case
        return None

    def declare_u(self, seat: int, kind: str, den: tuple[int, str] | None) -> None:
        den_info = None if den is None else {"seat": den[0], "case": den[1]}
        self.u_info = {"seat": seat, "kind": kind, "den": den_info}
        self.emit({"type": "u", "seat": seat, "kind": kind, "den": den_info})
        self.end_game("u")

    def check_u_khan(self) -> bool:
        """Ù khan (U.KHAN, U.KHAN.FIRST-PLAYER): a dealt hand without any cạ."""
        if self.p.u_khan is None:
            return False
        for i in range(self.n):
            seat = (self.first + i) % self.n
            if not melds.has_ca(self.hands[seat]):
                self.u_points = 0
                self.emit({"type": "u_khan", "seat": seat})
                self.u_info = {"seat": seat, "kind": "khan", "den": None}
                self.emit({"type": "u", "seat": seat, "kind": "khan", "den": None})
                self.end_game("u_khan")
                return True
        return False

    def check_u_dealt(self) -> bool:
        """Ù on the first player's 10 dealt cards, where the ruleset allows it
        (U.NOT-BEFORE-FIRST-DISCARD)."""
        if not self.p.u_before_first_discard:
            return False
        return self.check_u_after(self.first, None, False)
