"""End of the game: ranking, ranking and ù money, the 000 extras, leave penalties.

Eat penalties were paid at the eats (EAT.PAID-AT-ONCE); everything else is paid here, in
this order: ù or ranking payments, ù thông, ù K, đồng hoa, leave penalties.  Only seats
still in the game rank by points; leavers rank last (RANK.LEAVER-LAST).
"""

from __future__ import annotations

from typing import Any

from reference_impl import melds
from reference_impl.errors import EngineError
from reference_impl.state import GameState, Phase, bits

PLACE_NAMES = ("nhat", "nhi", "ba", "bet")
_KINGS = melds.RANK_MASKS[12]
DEN_CLAUSES = {
    "three_eats": "DEN.THREE-EATS",
    "direct_chot": "DEN.DIRECT-CHOT",
    "tai_eater": "DEN.TAI-EATER",
    "chot_liability": "DEN.CHOT-LIABILITY",
}
_U_CLAUSES = {
    "thuong": "U.PAYMENT",
    "three_eats": "U.THREE-EATS",
    "khan": "U.KHAN",
    "tron": "EXTRA.U-TRON",
    "dong_hoa_trang": "EXTRA.DONG-HOA-TRANG",
}


class Settlement(GameState):
    """Ranking and money at the end."""

    winner: int | None
    ranking: list[dict[str, Any]]

    def end_game(self, ending: str) -> None:
        self.phase = Phase.OVER
        self.to_act = None
        self.last_discard = None
        active = self.active_seats()
        if ending in ("u", "u_khan"):
            order, moms, winner = self._settle_u(active)
        elif ending == "last_player":
            winner = active[0]
            order, moms = [winner], set()
        else:
            order, moms, winner, ending = self._settle_points(active)
        self._settle_extras(active)
        for x in self.left_order:
            if self.p.leave_paid_to == "winner":
                self.pay(x, winner, self.p.leave_penalty, "leave", "LEAVE.PENALTY")
        self.ending = ending
        self.winner = winner
        self.ranking = self._ranking(order, moms, winner)
        self.emit({"type": "game_over", "ending": ending})

    # -- points and order ------------------------------------------------------------------

    def final_points(self, seat: int) -> int:
        """Deadwood points (RANK.DEADWOOD-POINTS): the cards left in hand; for the ù player
        the leftover of the ù."""
        if self.u_info is not None and self.u_info["seat"] == seat:
            return self.u_points
        return melds.deadwood_points(self.hands[seat])

    def _lay_down_time(self, seat: int) -> int:
        """When ``seat`` laid down, for ties and the order of móm players (RANK.LAYDOWN-TIME)."""
        if self.p.lay_down_time == "first_phom_turn" and self.laid_at[seat]:
            return min(self.laid_at[seat])  # reading first-phom of AMB.LAYDOWN-TIME
        t = self.last_final if self.p.lay_down_time == "last_final_turn" else self.first_final
        return t[seat] if t[seat] else 1 << 20

    def _ranking(self, order: list[int], moms: set[int], winner: int) -> list[dict[str, Any]]:
        out = []
        for i, s in enumerate(order):
            rank = "mom" if s in moms and s != winner else PLACE_NAMES[i]
            out.append(
                {
                    "seat": s,
                    "place": i + 1,
                    "rank": rank,
                    "points": self.final_points(s),
                    "mom": s in moms,
                }
            )
        for s in reversed(self.left_order):  # the earliest leaver is last
            out.append(
                {
                    "seat": s,
                    "place": len(out) + 1,
                    "rank": "left",
                    "points": melds.deadwood_points(self.hands[s]),
                    "mom": False,
                }
            )
        return out

    def _settle_points(self, active: list[int]) -> tuple[list[int], set[int], int, str]:
        p = self.p
        pts = {s: melds.deadwood_points(self.hands[s]) for s in active}
        moms = {s for s in active if not self.laid[s]}  # LAY.MOM
        non = sorted(
            (s for s in active if s not in moms), key=lambda s: (pts[s], self._lay_down_time(s))
        )
        if p.mom_order == "points":
            mom_list = sorted(moms, key=lambda s: (pts[s], self._lay_down_time(s)))
        else:
            mom_list = sorted(moms, key=self._lay_down_time)
        ending = "points"
        if non:
            winner = non[0]  # RANK.ORDER, RANK.TIE-EARLIER-LAYDOWN
            order = non + mom_list
        else:
            ending = "all_mom"  # RANK.ALL-MOM
            if p.all_mom_winner == "lowest_points":
                mom_list = sorted(moms, key=lambda s: (pts[s], self._lay_down_time(s)))
            else:
                mom_list = sorted(moms, key=self._lay_down_time)
            winner = mom_list[0]
            order = mom_list
        table = p.rank_payments[len(active)]
        clause = "MONEY.RANK-PAYMENTS" if len(active) == 4 else "MONEY.SMALL-TABLES"
        for i, s in enumerate(order[1:], start=1):
            if s in moms:
                self.pay(s, winner, p.mom_payment, "mom", "MONEY.MOM-PAYMENT")
            else:
                self.pay(s, winner, table[i - 1], "rank", clause)  # MONEY.PAID-TO-NHAT
        return order, moms, winner, ending

    def _settle_u(self, active: list[int]) -> tuple[list[int], set[int], int]:
        p = self.p
        info = self.u_info
        if info is None:
            raise EngineError("settling an ù that was never declared")
        s = info["seat"]
        kind = info["kind"]
        losers = [x for x in active if x != s]
        amount = {
            "thuong": p.u_payment,
            "three_eats": p.u_payment,
            "khan": p.u_khan,
            "tron": p.u_tron,
            "dong_hoa_trang": p.u_dong_hoa_trang,
        }[kind] or 0
        bonus = 0
        if p.u_thong_bonus is not None and self.ctx.u_streak[s] >= 1:
            bonus = p.u_thong_bonus  # EXTRA.U-THONG
        den = info["den"]
        if den is not None:
            d = den["seat"]  # DEN.PAYS-FOR-TABLE, DEN.AMOUNT
            self.pay(d, s, amount * len(losers), "u_den", DEN_CLAUSES[den["case"]])
            self.pay(d, s, bonus * len(losers), "u_thong", "EXTRA.U-THONG")
        else:
            for x in losers:
                self.pay(x, s, amount, "u", _U_CLAUSES[kind])
            for x in losers:
                self.pay(x, s, bonus, "u_thong", "EXTRA.U-THONG")
        # No ranking among the losers (MONEY.U-NO-RANKING): they follow in play order,
        # those who laid nothing on a final-round turn (móm) after the others.
        rest = [(s + i) % self.n for i in range(1, self.n)]
        rest = [x for x in rest if not self.left[x]]
        moms = {x for x in rest if self.had_final[x] and not self.laid[x]}
        order = [s] + [x for x in rest if x not in moms] + [x for x in rest if x in moms]
        return order, moms, s

    # -- extras of 000 ---------------------------------------------------------------------

    def u_k_size(self, seat: int) -> int:
        """Kings in the seat's phỏm of own Kings (EXTRA.U-K, EXTRA.U-K.OWN-KINGS), 0 if none."""
        best = 0
        for ph in self.laid[seat]:
            if ph & ~_KINGS == 0 and not ph & self.eaten[seat]:
                best = max(best, ph.bit_count())
        info = self.u_info
        if info is not None and info["seat"] == seat and info["kind"] != "khan":
            hand = self.hands[seat]
            kings = hand & _KINGS & ~self.eaten[seat]
            if kings.bit_count() >= 3:
                ue = self.eaten[seat] & hand if self.p.keep_in_phom else 0
                cores = self.cores_of(ue)
                subsets = [kings]
                if kings.bit_count() == 4:
                    subsets += [kings & ~(1 << c) for c in bits(kings)]
                for ks in subsets:
                    rest = hand & ~ks
                    if (
                        melds.u_leftover(rest, ue & rest, 1, self.p.distinct_phom, cores)
                        < melds.INF
                    ):
                        best = max(best, ks.bit_count())
                        break
        return best

    def _settle_extras(self, active: list[int]) -> None:
        p = self.p
        info = self.u_info
        if p.u_k is not None:
            liable = info["den"]["seat"] if info is not None and info["den"] is not None else None
            for s in active:
                if s == liable:
                    continue  # EXTRA.U-K.CANCELLED-BY-DEN
                k = self.u_k_size(s)
                if k:
                    amount = p.u_k[0] if k == 3 else p.u_k[1]
                    for x in active:
                        if x != s:
                            self.pay(x, s, amount, "u_k", "EXTRA.U-K")
        if p.dong_hoa is not None:
            holders = [s for s in active if self.has_dong_hoa(s)]
            if info is not None:
                # EXTRA.DONG-HOA.CANCELLED-BY-U: only the ù player's đồng hoa counts.
                holders = [s for s in holders if s == info["seat"]]
            for h in holders:
                for x in active:
                    if x not in holders:
                        self.pay(x, h, p.dong_hoa, "dong_hoa", "EXTRA.DONG-HOA")

    def has_dong_hoa(self, seat: int) -> bool:
        """Five consecutive own cards of one suit held at the end (EXTRA.DONG-HOA.OWN-CARDS)."""
        held = self.hands[seat]
        for ph in self.laid[seat]:
            held |= ph
        return melds.has_five_run(held & self.own[seat])
