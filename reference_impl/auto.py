"""Timeouts (TIME.AUTO-PLAY) and leaving (LEAVE.*)."""

from __future__ import annotations

from phomspec.cards import Card
from reference_impl import melds
from reference_impl.actions import DISCARDS, DRAW, LayDown
from reference_impl.laydown import LayDownRules
from reference_impl.rulings import Rejected
from reference_impl.state import Phase, bits, reject


def highest_card(mask: int) -> int:
    """The highest-point card of ``mask``; ties by the highest card index, i.e. suit order
    S < C < D < H (TIME.AUTO-PLAY.TIE)."""
    return max(bits(mask), key=lambda c: (c % 13, c))


class AutoPlay(LayDownRules):
    """The server's auto-play of a timed-out turn, and a seat leaving."""

    def check_timeout(self, seat: int) -> Rejected | None:
        if self.phase is Phase.DRAW_OR_EAT and not self.stock:
            return reject(
                "DRAW_STOCK_EMPTY", "TIME.AUTO-PLAY", "the auto-play cannot draw: stock empty"
            )
        return None

    def do_timeout(self, seat: int) -> None:
        """Draw (never eat) and discard the highest legal card; in thêm vòng, pass
        (TIME.AUTO-PLAY). A final-round timeout lays nothing down (TIME.FINAL-ROUND-MOM)."""
        self.emit({"type": "auto_play", "seat": seat})
        if self.phase is Phase.THEM_VONG:
            self.do_pass(seat)
            return
        if self.phase is Phase.DRAW_OR_EAT:
            self.do_draw(seat, DRAW)
            if self.phase is Phase.OVER:
                return  # the draw made an ù: it stands
        if self.phase is Phase.FINAL_TURN:
            if self.p.timeout_unlaid_mom:
                # AMB.AUTO-PLAY-EATEN: nothing is laid; unlaid eaten cards stay in hand (as
                # deadwood if the game ends now) and keep a possible phỏm for a later tái turn.
                pool = self.eaten_safe_discards(seat) or self.hands[seat]
                self.do_discard(seat, DISCARDS[highest_card(pool)])
                return
            self._auto_lay_down(seat)
        self.do_discard(seat, DISCARDS[highest_card(self.legal_discard_mask(seat))])

    def _auto_lay_down(self, seat: int) -> None:
        """Reading 'lay-best' of AMB.TIMEOUT-MOM: lay the arrangement with least deadwood."""
        p = self.p
        hand = self.hands[seat]
        ue = self.eaten[seat] & hand if p.keep_in_phom else 0
        _, arrangement = melds.best_arrangement(hand, ue, p.distinct_phom, self.cores_of(ue))
        if arrangement:
            self.do_lay_down(
                seat, LayDown(tuple(tuple(Card(c) for c in bits(ph)) for ph in arrangement))
            )

    def do_leave(self, seat: int) -> None:
        """The seat leaves: out of play, skipped in the turn order (LEAVE.SEAT-SKIPPED,
        LEAVE.HAND-OUT); one seat left ends the game (LEAVE.LAST-PLAYER)."""
        self.left[seat] = True
        self.left_order.append(seat)
        self.emit({"type": "left", "seat": seat})
        active = self.active_seats()
        if len(active) == 1:
            self.end_game("last_player")
            return
        ld = self.last_discard
        if ld is not None and ld.seat == seat:
            self.last_discard = None  # the leaver's discard is out of play
        if self.lead == seat:
            self.lead = self.next_active(seat)
        if self.phase is Phase.THEM_VONG:
            if self.to_act == seat or self.last_discard is None:
                self.end_game("points")
            return
        if self.to_act == seat:
            if self.all_piles_full():
                self.end_game("points")
                return
            self.begin_turn(self.next_active(seat))
